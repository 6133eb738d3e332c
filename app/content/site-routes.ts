import { LANDING_PAGES } from "./landing-pages";

/** Pages a search engine should index, in sitemap order. */
export const INDEXABLE_PATHS: readonly string[] = [
  ...LANDING_PAGES.map((page) => page.path),
  "/privacy-policy",
];

/** Every content page is rendered to static HTML at build time. */
export const PRERENDERED_PATHS: string[] = [
  ...INDEXABLE_PATHS,
  "/thank-you",
  "/sitemap.xml",
  "/robots.txt",
];
