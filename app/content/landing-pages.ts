// Every landing page is one entry here; routes, prerendering and the sitemap are
// generated from this list. To add a suburb, add one `suburbPage(...)` line.

export const SECTION_KEYS = [
  "pain-points",
  "why-fix-now",
  "who",
  "problems",
  "services",
  "roof-types",
  "why-us",
  "gallery",
  "reviews",
  "process",
  "faq-cards",
  "service-areas",
  "faqs",
  "closing",
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** The home page's extras that the short suburb pages leave out (README, Decisions). */
const EXTRA_SECTIONS: readonly SectionKey[] = ["who", "roof-types", "gallery", "faq-cards"];
const ALL_SECTIONS: readonly SectionKey[] = SECTION_KEYS;
const FOCUSED_SECTIONS: readonly SectionKey[] = SECTION_KEYS.filter(
  (key) => !EXTRA_SECTIONS.includes(key),
);

export interface LandingPage {
  /** URL path, also the route id's source. */
  path: string;
  /** Where the page speaks to: a suburb, or "Melbourne". */
  place: string;
  /** Set only on suburb pages. */
  suburb?: string;
  headline: string;
  sections: readonly SectionKey[];
}

export const HOME_HEADLINE =
  "Leaky Roof? Get a Brutally Honest Quote and a Repair That Actually Lasts.";

export function honestHeadline(suburb?: string): string {
  const base = "100% Brutally Honest Quotes for Incredibly Good Roof Repairs";
  return suburb ? `${base} in ${suburb}.` : `${base}.`;
}

export const LONG_HEADLINE =
  "Got a Leak? Don't Wanna Pay a Fortune To Fix It? Want The Job Done Right The First Time? You've Come To The Right Place.";

function suburbPage(slug: string, suburb: string): LandingPage {
  return {
    path: `/roof-repair-${slug}`,
    place: suburb,
    suburb,
    headline: honestHeadline(suburb),
    sections: FOCUSED_SECTIONS,
  };
}

export const LANDING_PAGES: readonly LandingPage[] = [
  { path: "/", place: "Melbourne", headline: HOME_HEADLINE, sections: ALL_SECTIONS },
  { path: "/roof-repair", place: "Melbourne", headline: LONG_HEADLINE, sections: ALL_SECTIONS },
  {
    path: "/roof-repairs",
    place: "Melbourne",
    headline: honestHeadline(),
    sections: FOCUSED_SECTIONS,
  },
  suburbPage("frankston", "Frankston"),
  suburbPage("brunswick", "Brunswick"),
  suburbPage("preston", "Preston"),
  suburbPage("greensborough", "Greensborough"),
  suburbPage("ringwood", "Ringwood"),
  suburbPage("altona", "Altona"),
  suburbPage("williamstown", "Williamstown"),
  suburbPage("epping", "Epping"),
  suburbPage("berwick", "Berwick"),
  suburbPage("bundoora", "Bundoora"),
  suburbPage("moonee-ponds", "Moonee Ponds"),
];

export function findLandingPage(pathname: string): LandingPage | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return LANDING_PAGES.find((page) => page.path === normalised);
}

export function landingRouteId(page: LandingPage): string {
  return page.path === "/" ? "landing-home" : `landing${page.path.replaceAll("/", "-")}`;
}
