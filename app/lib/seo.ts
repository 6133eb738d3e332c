import type { MetaDescriptor } from "react-router";
import { BUSINESS, FIGURES } from "~/content/business";
import type { LandingPage } from "~/content/landing-pages";

export const SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

export function absoluteUrl(path: string): string {
  return `${BUSINESS.siteUrl}${path}`;
}

/**
 * Each landing page's <title>: unique per page (search results show it), and a suburb page
 * names its suburb.
 */
export function landingPageTitle(page: LandingPage): string {
  if (page.suburb) {
    return `Roof Repairs ${page.suburb} | Free Inspection & Honest Quotes | ${BUSINESS.name}`;
  }
  if (page.path === "/") return `Roof Repairs Melbourne | Free Roof Inspection | ${BUSINESS.name}`;
  if (page.path === "/roof-repair") {
    return `Roof Repair Melbourne | Honest Fixed-Price Quotes | ${BUSINESS.name}`;
  }
  return `Melbourne Roof Repairs | 100% Brutally Honest Quotes | ${BUSINESS.name}`;
}

/** Each landing page's meta description, unique per page, naming the suburb where there is one. */
export function landingPageDescription(page: LandingPage): string {
  const offer = `a free roof inspection, a brutally honest fixed-price quote and a ${FIGURES.warrantyYears}+ year leak-free warranty. Call ${BUSINESS.phone}.`;
  if (page.suburb || page.path === "/") return `Leaky roof in ${page.place}? Get ${offer}`;
  if (page.path === "/roof-repair") {
    return `Got a leak and don't want to pay a fortune to fix it? ${page.place} roof repairs done right the first time: ${offer}`;
  }
  return `${page.place} roof repairs, quoted 100% brutally honestly: ${offer}`;
}

interface PageMetaInput {
  title: string;
  description: string;
  path: string;
  noindex?: boolean;
  jsonLd?: readonly object[];
}

/** Title, description, canonical, social cards and structured data for one page. */
export function pageMeta({
  title,
  description,
  path,
  noindex,
  jsonLd = [],
}: PageMetaInput): MetaDescriptor[] {
  const url = absoluteUrl(path);
  const image = absoluteUrl(SHARE_IMAGE.path);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: BUSINESS.name },
    { property: "og:locale", content: "en_AU" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    {
      property: "og:image:alt",
      content: `${BUSINESS.name}: brutally honest roof repairs in Melbourne`,
    },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...jsonLd.map((data) => ({ "script:ld+json": data })),
  ];
}
