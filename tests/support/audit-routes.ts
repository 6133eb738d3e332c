// The pages the audits visit (axe, Lighthouse, validator, SEO), generated from the same
// route data as the site itself, so a new suburb page is audited without touching a test.
import { LANDING_PAGES, type LandingPage } from "../../app/content/landing-pages";
import { INDEXABLE_PATHS } from "../../app/content/site-routes";

/** A path no route answers: the live 404 page. */
export const NOT_FOUND_PATH = "/no-such-page-here";

export interface AuditRoute {
  path: string;
  /** In the sitemap, no robots noindex. */
  indexable: boolean;
  /** The HTTP status the page is served with. */
  status: 200 | 404;
  /** Set for the landing pages (home, /roof-repair…, suburbs). */
  landing?: LandingPage;
}

export const AUDIT_ROUTES: readonly AuditRoute[] = [
  ...INDEXABLE_PATHS.map((path) => ({
    path,
    indexable: true,
    status: 200 as const,
    landing: LANDING_PAGES.find((page) => page.path === path),
  })),
  { path: "/thank-you", indexable: false, status: 200 },
  { path: NOT_FOUND_PATH, indexable: false, status: 404 },
];

export const LANDING_ROUTES = AUDIT_ROUTES.filter((route) => route.landing);

/** The prerendered HTML file of a route, relative to build/client. */
export function prerenderedFile(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
}
