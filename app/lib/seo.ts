import type { MetaDescriptor } from "react-router";
import { BUSINESS } from "~/content/business";

export const SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

export function absoluteUrl(path: string): string {
  return `${BUSINESS.siteUrl}${path}`;
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
