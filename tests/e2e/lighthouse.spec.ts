// Lighthouse accessibility, best practices and SEO at 100 on every route (mobile defaults).
// One Chromium, one run per route, in order in one worker; only those three categories run,
// so no performance trace is taken (performance is measured by `npm run bench`, not asserted).
import type { LaunchedChrome } from "chrome-launcher";
import {
  failedAudits,
  type LighthouseResult,
  launchAuditChrome,
  runLighthouse,
} from "../support/audit-lighthouse";
import { AUDIT_ROUTES, type AuditRoute } from "../support/audit-routes";
import { E2E_BASE_URL } from "../support/config";
import { expect, test } from "../support/fixtures";

const CATEGORIES = ["accessibility", "best-practices", "seo"] as const;

/**
 * Failures that are the point of the page, not defects:
 * - "is-crawlable" on /thank-you and the 404 page: they carry robots noindex on purpose.
 * - "http-status-code" on the 404 page: it is answered 404 on purpose.
 * Everything else in SEO, and all of accessibility and best practices, must score 1.
 */
function allowedFailures(route: AuditRoute): Record<string, string[]> {
  const seo = [
    ...(route.indexable ? [] : ["is-crawlable"]),
    ...(route.status === 404 ? ["http-status-code"] : []),
  ];
  return { seo };
}

/**
 * On the 404 page Chromium itself logs "Failed to load resource … 404" for the document; that
 * one line is by design. Any other console error still fails "errors-in-console".
 */
function onlyTheDocument404(lhr: LighthouseResult): boolean {
  type Item = { source?: string; url?: string; sourceLocation?: { url?: string } };
  const items =
    (lhr.audits["errors-in-console"]?.details as { items?: Item[] } | undefined)?.items ?? [];
  return items.every(
    (item) =>
      item.source === "network" && (item.sourceLocation?.url ?? item.url) === lhr.finalDisplayedUrl,
  );
}

test.describe("Lighthouse (mobile): accessibility, best practices, SEO", () => {
  // In order, one after another, sharing one Chromium: runs in parallel would skew each other.
  test.describe.configure({ mode: "default" });

  let chrome: LaunchedChrome | undefined;
  test.beforeAll(async () => {
    chrome = await launchAuditChrome();
  });
  test.afterAll(() => {
    chrome?.kill();
  });

  for (const route of AUDIT_ROUTES) {
    test(`${route.path} scores 100${route.indexable ? "" : " (noindex: SEO apart from by-design audits)"}`, async () => {
      test.setTimeout(90_000);
      if (!chrome) throw new Error("Chromium did not start");
      const lhr = await runLighthouse(`${E2E_BASE_URL}${route.path}`, chrome.port, {
        onlyCategories: [...CATEGORIES],
        ignoreStatusCode: route.status !== 200,
      });
      const allowed = allowedFailures(route);
      const failures = Object.fromEntries(
        CATEGORIES.map((id) => [
          id,
          failedAudits(lhr, id, allowed[id] ?? []).filter(
            (audit) =>
              !(
                route.status === 404 &&
                audit.id === "errors-in-console" &&
                onlyTheDocument404(lhr)
              ),
          ),
        ]),
      );
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score]));
      expect(failures, `failing audits on ${route.path}; scores ${JSON.stringify(scores)}`).toEqual(
        { accessibility: [], "best-practices": [], seo: [] },
      );
      expect(scores.accessibility).toBe(1);
      if (route.status === 200) expect(scores["best-practices"]).toBe(1);
      if (route.indexable) expect(scores.seo).toBe(1);
    });
  }
});
