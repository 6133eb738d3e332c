// A keyboard-only visitor: skip link, Tab to the quote form, fill it, submit with Enter.
// Every stop along the way must show where the focus is. And the owner: open the first lead,
// change its status with a note, back to the list.
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { addOwner, PASSWORD, sendLead, uniqueEmail } from "../support/admin-helpers";
import { E2E_BASE_URL, E2E_DB_FILE } from "../support/config";
import { expect, test } from "../support/fixtures";
import { type FocusStop, focusStop, HOME_PAGE, open, THANK_YOU_PATH } from "../support/pages";

const INBOX = "the owner's inbox by keyboard";

/** Enough to cross the header and the hero many times over. */
const MAX_TABS = 80;

test.beforeEach(() => {
  // The owner's inbox is used on a phone with a keyboard too (a Bluetooth one, or switch access).
  if (test.info().titlePath.includes(INBOX)) return;
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

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking each stop shows it. */
async function tabTo(page: Page, target: Locator, key = "Tab", limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      expectVisibleFocus(await focusStop(page));
      return;
    }
  }
  throw new Error(`${key} never reached ${target}`);
}

test.describe(INBOX, () => {
  test("open the first lead, change its status with a note, back to the list", async ({ page }) => {
    const email = uniqueEmail("keyboard");
    addOwner(`file:${E2E_DB_FILE}`, email);
    const marker = randomBytes(4).toString("hex");
    const name = `Keyboard lead ${marker}`;
    await sendLead(E2E_BASE_URL, { name, message: "Leak over the back door" });

    await page.goto("/admin/login");
    await tabTo(page, page.getByLabel("E-mail address"));
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel("Password"));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin$/);

    // Other tests add leads to the same inbox at the same time: search narrows it to ours
    // (the search sits folded behind its own button).
    await tabTo(page, page.locator("summary", { hasText: "Search" }));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByLabel("Search"));
    await page.keyboard.type(marker);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`[?&]q=${marker}`));
    const first = page.getByRole("main").getByRole("link", { name, exact: true }).first();
    await tabTo(page, first);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/leads\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    await tabTo(page, page.getByLabel("Status"));
    await page.keyboard.press("c");
    await expect(page.getByLabel("Status")).toHaveValue("contacted");
    await tabTo(page, page.getByLabel("Add a note"));
    await page.keyboard.type("Rang from the ute, booked Friday.");
    await tabTo(page, page.getByRole("button", { name: "Save", exact: true }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText("Status and note saved.");
    const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
    await expect(history.nth(0)).toContainText("Rang from the ute, booked Friday.");
    await expect(history.nth(1)).toContainText("Status: New → Contacted");

    await tabTo(page, page.getByRole("link", { name: "← All leads" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Leads \(\d+\)$/ })).toBeVisible();
  });
});
