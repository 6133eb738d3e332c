import { ADDRESS_LINE, BUSINESS, HOURS } from "~/content/business";
import { SERVICE_AREAS } from "~/content/landing-copy";
import type { LandingPage } from "~/content/landing-pages";
import { LANDING_PAGES } from "~/content/landing-pages";
import { absoluteUrl } from "./seo";

const BUSINESS_ID = `${BUSINESS.siteUrl}/#business`;

/** The business as schema.org sees it; only facts the pages themselves show. */
export function businessJsonLd() {
  const suburbs = LANDING_PAGES.flatMap((page) => (page.suburb ? [page.suburb] : []));
  const areas = [...new Set([...SERVICE_AREAS, ...suburbs, "Melbourne"])];
  return {
    "@context": "https://schema.org",
    "@type": "RoofingContractor",
    "@id": BUSINESS_ID,
    name: BUSINESS.name,
    slogan: BUSINESS.tagline,
    url: absoluteUrl("/"),
    telephone: BUSINESS.phone,
    email: BUSINESS.email,
    image: absoluteUrl("/og-image.png"),
    priceRange: "$$",
    address: {
      "@type": "PostalAddress",
      streetAddress: BUSINESS.address.street,
      addressLocality: BUSINESS.address.locality,
      addressRegion: BUSINESS.address.region,
      postalCode: BUSINESS.address.postcode,
      addressCountry: BUSINESS.address.country,
    },
    geo: {
      "@type": "GeoCoordinates",
      latitude: BUSINESS.geo.latitude,
      longitude: BUSINESS.geo.longitude,
    },
    openingHoursSpecification: HOURS.filter((row) => row.days).map((row) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: row.days,
      opens: row.opens,
      closes: row.closes,
    })),
    areaServed: areas.map((name) => ({ "@type": "Place", name })),
    description: `Roof repairs across Melbourne from ${ADDRESS_LINE}. Free roof inspections, fixed-price quotes.`,
  };
}

export function faqJsonLd(faqs: readonly { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

export function breadcrumbJsonLd(page: LandingPage) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: absoluteUrl("/") },
      {
        "@type": "ListItem",
        position: 2,
        name: `Roof repairs in ${page.place}`,
        item: absoluteUrl(page.path),
      },
    ],
  };
}
