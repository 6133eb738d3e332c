import { NAV_LINKS } from "../../app/content/navigation";
import { expect, test } from "../support/fixtures";
import {
  expectScrolledTo,
  HOME_PAGE,
  isPhone,
  NAV_HEIGHT_PX,
  open,
  quoteForm,
  section,
  visit,
} from "../support/pages";
import { BUSINESS, COPY } from "../support/site-content";

// ---------------------------------------------------------------------------
// Navigation bar

test.describe("navigation bar", () => {
  test("is fixed at the top, 4rem high, with the logo and a Call Now button", async ({ page }) => {
    await visit(page, HOME_PAGE.path);
    const bar = page.getByRole("banner");
    await expect(bar).toHaveCSS("position", "fixed");
    expect((await bar.boundingBox())?.height).toBe(NAV_HEIGHT_PX);

    await expect(
      bar.getByRole("img", { name: `${BUSINESS.name} – ${BUSINESS.tagline}`, exact: true }),
    ).toBeVisible();
    const call = bar.getByRole("link", { name: /^Call Now/ }).filter({ visible: true });
    await expect(call).toHaveCount(1);
    await expect(call).toHaveAttribute("href", BUSINESS.phoneHref);

    await section(page, "faqs").scrollIntoViewIfNeeded();
    await expect.poll(async () => (await bar.boundingBox())?.y).toBe(0);
    await expect(bar).toBeInViewport();
  });

  test("desktop: the nine links sit in a row", async ({ page }, testInfo) => {
    test.skip(isPhone(testInfo), "desktop layout");
    await visit(page, HOME_PAGE.path);
    const inRow = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("list")
      .getByRole("link");
    await expect(inRow).toHaveText([
      "Why Repair Now",
      "Who We Help",
      "Issues We Solve",
      "Services",
      "Roof Types",
      "Why Us",
      "Gallery",
      "Service Areas",
      "FAQs",
    ]);
    const hrefs = await inRow.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(NAV_LINKS.map((link) => link.href));
    const tops = await inRow.evaluateAll((anchors) =>
      anchors.map((a) => Math.round(a.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size, "all links on one row").toBe(1);
    // Whatever font the device has, no label breaks over two lines and the row fits.
    const lines = await inRow.evaluateAll((anchors) =>
      anchors.map((a) => a.getClientRects().length),
    );
    expect(lines, "one line per label").toEqual(lines.map(() => 1));
    const callNow = page.getByRole("banner").getByRole("link", { name: /Call Now/ });
    const right = await callNow.evaluate((a) => a.getBoundingClientRect().right);
    expect(right, "Call Now within the window").toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();

    await inRow.filter({ hasText: "Service Areas" }).click();
    await expectScrolledTo(page, section(page, "service-areas"));
  });

  test("phone: Menu opens a stacked list; choosing a link closes it and scrolls there", async ({
    page,
  }, testInfo) => {
    test.skip(!isPhone(testInfo), "phone layout");
    await open(page, HOME_PAGE.path);
    const menuButton = page.getByRole("button", { name: "Menu" });
    await expect(menuButton).toBeVisible();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeHidden();

    await menuButton.click();
    await expect(menu).toBeVisible();
    const links = menu.getByRole("link").filter({ hasNotText: /call now/i });
    await expect(links).toHaveText(NAV_LINKS.map((link) => link.label));
    const lefts = await links.evaluateAll((anchors) =>
      anchors.map((a) => Math.round(a.getBoundingClientRect().left)),
    );
    expect(new Set(lefts).size, "links stacked in one column").toBe(1);

    const call = menu.getByRole("link", { name: /^Call Now/ });
    await expect(call).toHaveText(`Call Now ${BUSINESS.phone}`);
    await expect(call).toHaveAttribute("href", BUSINESS.phoneHref);

    await links.filter({ hasText: "FAQs" }).click();
    await expect(menu).toBeHidden();
    await expectScrolledTo(page, section(page, "faqs"));
  });
});

// ---------------------------------------------------------------------------
// In-page links and scrolling

test.describe("scrolling", () => {
  test("a URL hash scrolls to its section on load", async ({ page }) => {
    await visit(page, `${HOME_PAGE.path}#faqs`);
    await expectScrolledTo(page, section(page, "faqs"));
  });

  test("the hero's warning link lands on #why-fix-now inside #why-repair-now", async ({ page }) => {
    await open(page, HOME_PAGE.path);
    const warning = section(page, "quote").locator("a[href='#why-fix-now']");
    await expect(warning).toHaveAttribute("href", "#why-fix-now");
    const target = section(page, "why-repair-now").locator("#why-fix-now");
    await expect(target).toHaveCount(1);
    await expect(target).not.toBeInViewport();
    await warning.click();
    await expectScrolledTo(page, target);
  });

  const toForm: { name: string; sectionId: string; label: string }[] = [
    { name: "Fix My Roof Now", sectionId: "why-repair-now", label: "Fix My Roof Now" },
    { name: "the services CTA", sectionId: "services", label: COPY.SERVICES_CTA },
    { name: "the why-us CTA", sectionId: "why-us", label: COPY.WHY_US_CHOICE.accept },
    { name: "Leak-Proof House", sectionId: "closing", label: "Leak-Proof House" },
  ];
  for (const { name, sectionId, label } of toForm) {
    test(`${name} brings the quote form into view`, async ({ page }) => {
      await open(page, HOME_PAGE.path);
      const link = section(page, sectionId).getByRole("link", { name: label, exact: true });
      await link.scrollIntoViewIfNeeded();
      await expect(quoteForm(page)).not.toBeInViewport();
      await link.click();
      await expectScrolledTo(page, quoteForm(page));
    });
  }

  test("scrolling is smooth, and instant for people who ask for reduced motion", async ({
    page,
  }) => {
    const scrollBehavior = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await visit(page, HOME_PAGE.path);
    expect(await scrollBehavior()).toBe("smooth");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await scrollBehavior()).toBe("auto");
    await page.reload();
    expect(await scrollBehavior()).toBe("auto");
  });
});
