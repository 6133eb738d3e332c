// Conversion reporting on the default build: phone links and the thank-you page (the
// ads-tracking build has tracking.spec.ts). Runs at both widths.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import {
  CONTENT_PATHS,
  clickLink,
  FIRST_SUBURB_PAGE,
  guardTelLinks,
  HOME_PAGE,
  installConversionReporter,
  installGtag,
  open,
  PRIVACY_PATH,
  settle,
  THANK_YOU_PATH,
  visit,
} from "../support/pages";
import { BUSINESS, TRACKING } from "../support/site-content";

const TRACKING_ON = Boolean(TRACKING.googleAdsId && TRACKING.conversionLabel);

// ---------------------------------------------------------------------------
// Conversion tracking

const TEL_PAGES = [HOME_PAGE.path, FIRST_SUBURB_PAGE.path, PRIVACY_PATH, THANK_YOU_PATH];

async function clickEveryTelLink(page: Page): Promise<number> {
  const links = page.locator("a[href^='tel:']");
  const count = await links.count();
  for (let index = 0; index < count; index++) await clickLink(links.nth(index));
  return count;
}

test.describe("phone links", () => {
  for (const path of TEL_PAGES) {
    test(`on ${path} every tel: link reports the conversion when the tracker exists`, async ({
      page,
    }) => {
      await guardTelLinks(page);
      await installConversionReporter(page);
      await open(page, path);
      const hrefs = await page
        .locator("a[href^='tel:']")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) {
        expect(href).toBe(BUSINESS.phoneHref);
        expect(href).toMatch(/^tel:\+61\d{9}$/);
      }

      const count = await clickEveryTelLink(page);
      expect(count).toBe(hrefs.length);
      await expect
        .poll(() => page.evaluate(() => window.__conversions))
        .toEqual(hrefs.map(() => BUSINESS.phoneHref));
      const clicks = await page.evaluate(() => window.__telClicks ?? []);
      expect(clicks).toEqual(hrefs.map((href) => ({ href, handledByApp: true })));
    });

    test(`on ${path} tel: links just dial when there is no tracker`, async ({
      page,
      browserLog,
    }) => {
      await guardTelLinks(page);
      await open(page, path);
      const count = await clickEveryTelLink(page);
      expect(count).toBeGreaterThan(0);
      const clicks = await page.evaluate(() => window.__telClicks ?? []);
      expect(clicks).toEqual(
        Array.from({ length: count }, () => ({ href: BUSINESS.phoneHref, handledByApp: false })),
      );
      expect(browserLog.pageErrors).toEqual([]);
    });
  }
});

test("no page loads an ad-tracking script while no ad account is configured", async ({ page }) => {
  test.skip(TRACKING_ON, "this build has an ad account");
  const trackers: string[] = [];
  page.on("request", (request) => {
    if (/googletagmanager|googleadservices|doubleclick/.test(request.url())) {
      trackers.push(request.url());
    }
  });
  for (const path of CONTENT_PATHS) {
    await visit(page, path);
    await expect(page.locator("script[src*='googletagmanager']"), path).toHaveCount(0);
  }
  expect(trackers).toEqual([]);
});

test("the thank-you page sends a conversion through gtag only when an ad account is configured", async ({
  page,
}) => {
  await installGtag(page);
  await open(page, THANK_YOU_PATH);
  if (TRACKING_ON) {
    await expect
      .poll(() => page.evaluate(() => window.__gtagCalls))
      .toContainEqual([
        "event",
        "conversion",
        expect.objectContaining({
          send_to: `${TRACKING.googleAdsId}/${TRACKING.conversionLabel}`,
        }),
      ]);
  } else {
    // The default build has no account: the page must not invent a conversion.
    await settle(page);
    expect(await page.evaluate(() => window.__gtagCalls)).toEqual([]);
  }
});
