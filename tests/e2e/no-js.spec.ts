// The pages work before (or without) JavaScript: the prerendered HTML carries every section,
// the FAQ is native <details>, the phone menu a native popover. Submitting the form without
// JavaScript is covered by the quote-form suite.
import { LANDING_PAGES } from "../../app/content/landing-pages";
import { NAV_LINKS } from "../../app/content/navigation";
import { expect, test } from "../support/fixtures";
import {
  expectedSectionIds,
  expectFooter,
  HOME_PAGE,
  isPhone,
  quoteForm,
  section,
  sectionIdsOf,
  visit,
} from "../support/pages";
import { COPY } from "../support/site-content";

test.use({ javaScriptEnabled: false });

/** Undoes the escaping React applies to text in server HTML. */
function htmlText(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

test.describe("without JavaScript", () => {
  for (const landing of LANDING_PAGES) {
    test(`${landing.path} has its headline, every section, the form and the footer`, async ({
      page,
    }) => {
      await visit(page, landing.path);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(landing.headline);
      expect(await sectionIdsOf(page)).toEqual(expectedSectionIds(landing));
      for (const id of expectedSectionIds(landing)) {
        await expect(
          section(page, id).getByRole("heading").first(),
          `#${id} has content`,
        ).toBeVisible();
      }

      const form = quoteForm(page).locator("form");
      await expect(form).toHaveAttribute("method", "post");
      for (const label of ["Name", "Phone", "Postcode", "Email", "What's been happening?"]) {
        await expect(quoteForm(page).getByLabel(label), label).toBeVisible();
      }
      await expect(form.getByRole("button", { name: /get my free quote/i })).toBeEnabled();
      await expectFooter(page);
    });
  }

  test("the FAQ opens and closes, one answer at a time", async ({ page }) => {
    await visit(page, HOME_PAGE.path);
    const faqs = section(page, "faqs");
    const items = faqs.locator("details");
    const answer = (index: number) =>
      faqs.getByText(COPY.FAQS[index]?.answer ?? "?", { exact: true });

    await expect(answer(0)).toBeHidden();
    await items.nth(0).locator("summary").click();
    await expect(answer(0)).toBeVisible();
    await items.nth(2).locator("summary").click();
    await expect(answer(2)).toBeVisible();
    await expect(answer(0)).toBeHidden();
    await items.nth(2).locator("summary").click();
    await expect(answer(2)).toBeHidden();
    await expect(faqs.locator("details[open]")).toHaveCount(0);
  });

  test("the phone menu opens and its links lead to the sections", async ({ page }, testInfo) => {
    test.skip(!isPhone(testInfo), "the menu button is for small screens");
    await visit(page, HOME_PAGE.path);
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link").filter({ hasNotText: /call now/i })).toHaveText(
      NAV_LINKS.map((link) => link.label),
    );
    await menu.getByRole("link", { name: "Service Areas" }).click();
    await expect(page).toHaveURL(/#service-areas$/);
    await expect(section(page, "service-areas")).toBeInViewport();
  });

  test("the joke dialogs open, and close by their buttons, Escape or a click outside", async ({
    page,
  }) => {
    await visit(page, HOME_PAGE.path);
    const dialogs = [
      {
        section: "why-repair-now",
        copy: COPY.WHY_FIX_NOW_CHOICE.decline,
        role: "dialog" as const,
      },
      { section: "why-us", copy: COPY.WHY_US_CHOICE.decline, role: "alertdialog" as const },
      { section: "closing", copy: COPY.CLOSING.decline, role: "dialog" as const },
    ];
    for (const { section: id, copy, role } of dialogs) {
      const trigger = section(page, id).getByRole("button", { name: copy.trigger });
      const dialog = page.getByRole(role, { name: copy.title });
      await trigger.click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(copy.body);
      await dialog.getByRole("button", { name: copy.closeLabel }).click();
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();

      await trigger.click();
      await dialog.getByRole("button", { name: COPY.DIALOG_CLOSE_LABEL, exact: true }).click();
      await expect(dialog).toBeHidden();

      await trigger.click();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      await trigger.click();
      const viewport = page.viewportSize();
      await page.mouse.click(4, (viewport?.height ?? 800) - 4);
      await expect(dialog).toBeHidden();
    }
  });

  test("the services list shows the first six (the rest wait for JavaScript)", async ({ page }) => {
    await visit(page, HOME_PAGE.path);
    const services = section(page, "services");
    await expect(services.getByRole("list").first().getByRole("listitem")).toHaveCount(
      COPY.SERVICES_INITIAL,
    );
  });

  for (const landing of LANDING_PAGES) {
    test(`the raw HTML of ${landing.path} already holds the headline and sections`, async ({
      request,
    }) => {
      const response = await request.get(landing.path);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^text\/html/);
      const html = await response.text();
      const h1 = html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/);
      expect(h1, "an h1 in the HTML").not.toBeNull();
      expect(htmlText((h1?.[1] ?? "").replace(/<!--.*?-->/g, "").trim())).toBe(landing.headline);
      for (const id of expectedSectionIds(landing)) expect(html).toContain(`id="${id}"`);
      expect(html).toContain('id="quote-form"');
      expect(html).toMatch(/<form\b[^>]*method="post"/);
      expect(html).toContain("<footer");
    });
  }
});
