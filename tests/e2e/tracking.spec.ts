// The production ads set-up, as a business running Google Ads builds it (VITE_GOOGLE_ADS_ID and
// VITE_GOOGLE_ADS_CONVERSION_LABEL set). `npm test` builds this variant into build-tracking/
// and runs this file against it; on the default build (no account) it has nothing to check,
// and conversions.spec.ts checks that no tracker loads there.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { CONTENT_PATHS, HOME_PAGE, THANK_YOU_PATH, waitForHydration } from "../support/pages";
import { BUSINESS, TRACKING } from "../support/site-content";

const TRACKING_ON = Boolean(TRACKING.googleAdsId && TRACKING.conversionLabel);
test.skip(!TRACKING_ON, "this build has no ad account (npm test builds one that has)");

const GOOGLE = "https://www.googletagmanager.com";

/** This machine has no internet: Google's script is stood in by an empty one, as if it loaded. */
async function offlineGoogle(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(`${GOOGLE}/**`, async (route) => {
    requested.push(route.request().url());
    await route.fulfill({ contentType: "text/javascript", body: "" });
  });
  return requested;
}

type DataLayerEntry = unknown[];
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((args) =>
      Array.from(args),
    ),
  ) as Promise<DataLayerEntry[]>;

test("every page loads the ads snippet, allowed by its CSP, with no violations", async ({
  page,
}) => {
  const requested = await offlineGoogle(page);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of CONTENT_PATHS) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const csp = (await response?.headerValue("content-security-policy")) ?? "";
    expect(csp, path).toMatch(new RegExp(`script-src [^;]*${GOOGLE.replace(/\./g, "\\.")}`));
    await expect(
      page.locator(`script[src="${GOOGLE}/gtag/js?id=${TRACKING.googleAdsId}"]`),
      path,
    ).toHaveCount(1);
    await expect.poll(() => dataLayer(page), path).toContainEqual(["config", TRACKING.googleAdsId]);
  }
  expect(requested.length).toBeGreaterThanOrEqual(CONTENT_PATHS.length);
  expect(violations).toEqual([]);
});

test("/thank-you reports the conversion to the account and label", async ({ page }) => {
  await offlineGoogle(page);
  await page.goto(THANK_YOU_PATH);
  await expect
    .poll(() => dataLayer(page))
    .toContainEqual([
      "event",
      "conversion",
      expect.objectContaining({ send_to: `${TRACKING.googleAdsId}/${TRACKING.conversionLabel}` }),
    ]);
});

test("a tap on a phone number reports a conversion through the real snippet", async ({ page }) => {
  await offlineGoogle(page);
  // Dialling itself is not for a test machine: hold the tel: navigation.
  await page.route("tel:*", (route) => route.abort());
  await page.goto(HOME_PAGE.path);
  await waitForHydration(page);
  const before = (await dataLayer(page)).filter((entry) => entry[1] === "conversion").length;
  await page.locator(`a[href="${BUSINESS.phoneHref}"]`).first().click();
  await expect
    .poll(async () => (await dataLayer(page)).filter((entry) => entry[1] === "conversion").length)
    .toBe(before + 1);
});
