// A keyboard-only visitor: skip link, Tab to the quote form, fill it, submit with Enter.
// Every stop along the way must show where the focus is.
import { expect, test } from "../support/fixtures";
import { type FocusStop, focusStop, HOME_PAGE, open, THANK_YOU_PATH } from "../support/pages";

/** Enough to cross the header and the hero many times over. */
const MAX_TABS = 80;

test.beforeEach(() => {
  test.skip(test.info().project.name !== "desktop", "keyboard navigation is checked on desktop");
});

function expectVisibleFocus(stop: FocusStop): void {
  expect(stop.indicator, `a visible focus indicator on ${stop.description}`).not.toBeNull();
}

test("skip link, Tab to the form, type, Enter: the quote request goes through", async ({
  page,
}) => {
  await open(page, HOME_PAGE.path);

  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  expectVisibleFocus(await focusStop(page));

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  // Whether or not main takes the focus itself (see the next test), Tab now starts from main.
  const name = page.locator("#quote-form").getByLabel("Name");
  for (let press = 0; press < MAX_TABS; press++) {
    await page.keyboard.press("Tab");
    const stop = await focusStop(page);
    expect(stop.insideMain, `after the skip link, focus stays in main: ${stop.description}`).toBe(
      true,
    );
    expectVisibleFocus(stop);
    if (await name.evaluate((input) => input === document.activeElement)) break;
  }
  await expect(name, `reached within ${MAX_TABS} Tabs`).toBeFocused();

  const visitor = `Keyboard Test ${Date.now()}`;
  await page.keyboard.type(visitor);
  await page.keyboard.press("Tab");
  await expect(page.locator("#quote-form").getByLabel("Phone")).toBeFocused();
  expectVisibleFocus(await focusStop(page));
  await page.keyboard.type("0412 345 678");
  await page.keyboard.press("Tab");
  await expect(page.locator("#quote-form").getByLabel("Postcode")).toBeFocused();
  expectVisibleFocus(await focusStop(page));
  await page.keyboard.type("3121");

  await expect(page.locator("#quote-form").getByLabel("Name")).toHaveValue(visitor);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${THANK_YOU_PATH}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Thank You for Your Quote Request!",
  );
});

test("Enter on the skip link moves the focus to main", async ({ page }) => {
  await open(page, HOME_PAGE.path);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test("from the top, Tab reaches the header's links with a visible focus on each", async ({
  page,
}) => {
  await open(page, HOME_PAGE.path);
  const seen: string[] = [];
  for (let press = 0; press < 14; press++) {
    await page.keyboard.press("Tab");
    const stop = await focusStop(page);
    seen.push(stop.description);
    expectVisibleFocus(stop);
  }
  expect(seen.some((description) => description.includes("Why Repair Now"))).toBe(true);
  expect(seen.some((description) => description.includes("Call Now"))).toBe(true);
});
