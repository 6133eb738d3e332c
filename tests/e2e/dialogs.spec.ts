// The joke dialogs: opening, closing, and keyboard focus while open. Runs at both widths.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import {
  type FocusStop,
  focusStop,
  HOME_PAGE,
  holdScripts,
  landingSection,
  open,
  section,
  visit,
} from "../support/pages";
import { COPY } from "../support/site-content";

// ---------------------------------------------------------------------------
// Dialogs

/** Presses Tab (or Shift+Tab) `presses` times and notes where focus is after each. */
async function tabStops(page: Page, presses: number, key = "Tab"): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press(key);
    stops.push(await focusStop(page));
  }
  return stops;
}

const describeStops = (stops: FocusStop[]) => stops.map((stop) => stop.description).join(" → ");

test.describe("dialogs", () => {
  test.beforeEach(async ({ page }) => {
    await open(page, HOME_PAGE.path);
  });

  test("why fix now: the decline opens 'Okay C'mon I Was Joking'; Keep Reading On closes it", async ({
    page,
  }) => {
    const trigger = section(page, "why-repair-now").getByRole("button", {
      name: COPY.WHY_FIX_NOW_CHOICE.decline.trigger,
    });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Okay C'mon I Was Joking" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(COPY.WHY_FIX_NOW_CHOICE.decline.body);
    await dialog.getByRole("button", { name: "Keep Reading On" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("why us: the decline opens the alert dialog 'You can't be serious'", async ({ page }) => {
    const trigger = section(page, "why-us").getByRole("button", {
      name: COPY.WHY_US_CHOICE.decline.trigger,
    });
    await trigger.click();
    const dialog = page.getByRole("alertdialog", { name: "You can't be serious" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: COPY.WHY_US_CHOICE.decline.closeLabel }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("Stinky Swamp opens 'Really?', which closes by its close control, Escape or a click outside", async ({
    page,
  }) => {
    const trigger = landingSection(page, "closing").getByRole("button", { name: "Stinky Swamp" });
    const dialog = page.getByRole("dialog", { name: "Really?" });

    await trigger.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(COPY.CLOSING.decline.body);
    await dialog.getByRole("button", { name: COPY.DIALOG_CLOSE_LABEL, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: COPY.CLOSING.decline.closeLabel }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(dialog).toBeVisible();
    const viewport = page.viewportSize();
    await page.mouse.click(4, (viewport?.height ?? 800) - 4);
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    // And it opens again after all that.
    await trigger.click();
    await expect(dialog).toBeVisible();
  });

  async function openReallyByKeyboard(page: Page) {
    const trigger = landingSection(page, "closing").getByRole("button", { name: "Stinky Swamp" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Really?" });
    await expect(dialog).toBeVisible();
    expect((await focusStop(page)).insideDialog, "focus moves into the dialog").toBe(true);
    return { trigger, dialog };
  }

  test("while a dialog is open, Tab never reaches the page behind it; focus returns after", async ({
    page,
  }) => {
    const { trigger, dialog } = await openReallyByKeyboard(page);
    const stops = [...(await tabStops(page, 6)), ...(await tabStops(page, 6, "Shift+Tab"))];
    // "body" is focus out in the browser's own UI, which a native modal allows; page content
    // outside the dialog must never get it.
    const onPage = stops.filter((stop) => !stop.insideDialog && stop.description !== "body");
    expect(onPage, describeStops(stops)).toEqual([]);
    expect(stops.filter((stop) => stop.insideDialog).length).toBeGreaterThanOrEqual(8);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("Tab and Shift+Tab cycle within an open dialog (focus trap)", async ({ page }) => {
    await openReallyByKeyboard(page);
    const forward = await tabStops(page, 5);
    expect(
      forward.every((stop) => stop.insideDialog),
      `focus after each Tab: ${describeStops(forward)}`,
    ).toBe(true);
    const backward = await tabStops(page, 5, "Shift+Tab");
    expect(
      backward.every((stop) => stop.insideDialog),
      `focus after each Shift+Tab: ${describeStops(backward)}`,
    ).toBe(true);
  });
});

// The dialogs are native HTML (Invoker Commands on a <dialog>): they answer the first tap on a
// slow phone, before any of the page's scripts have arrived.
test("before any script has arrived, Stinky Swamp opens 'Really?', which closes every way", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await visit(page, HOME_PAGE.path);
  const trigger = landingSection(page, "closing").getByRole("button", { name: "Stinky Swamp" });
  const dialog = page.getByRole("dialog", { name: "Really?" });

  await trigger.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(COPY.CLOSING.decline.body);
  await dialog.getByRole("button", { name: COPY.CLOSING.decline.closeLabel }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  const viewport = page.viewportSize();
  await page.mouse.click(4, (viewport?.height ?? 800) - 4);
  await expect(dialog).toBeHidden();

  const why = section(page, "why-us").getByRole("button", {
    name: COPY.WHY_US_CHOICE.decline.trigger,
  });
  await why.click();
  await expect(page.getByRole("alertdialog", { name: "You can't be serious" })).toBeVisible();
  await page.keyboard.press("Escape");
  // Nothing was waiting on the scripts: releasing them changes nothing.
  await scripts.release();
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(dialog).toBeHidden();
});
