import { LANDING_PAGES, type LandingPage } from "../../app/content/landing-pages";
import { navLinksFor } from "../../app/content/navigation";
import { expect, NOT_FOUND_RESOURCE, test } from "../support/fixtures";
import {
  expectedSectionIds,
  expectFooter,
  HOME_PAGE,
  LONG_PAGE,
  NOT_FOUND_PATHS,
  PLAIN_PAGE,
  PRIVACY_PATH,
  quoteForm,
  SUBURB_PAGES,
  section,
  sectionIdsOf,
  THANK_YOU_PATH,
  visit,
} from "../support/pages";
import { BUSINESS, PRIVACY_POLICY, TRACKING } from "../support/site-content";

const TRACKING_ON = Boolean(TRACKING.googleAdsId && TRACKING.conversionLabel);

/** The headline the spec's route table gives each landing page (the home page's is our copy). */
function specHeadline(page: LandingPage): string {
  if (page.suburb) {
    return `100% Brutally Honest Quotes for Incredibly Good Roof Repairs in ${page.suburb}.`;
  }
  if (page.path === "/roof-repairs") {
    return "100% Brutally Honest Quotes for Incredibly Good Roof Repairs.";
  }
  if (page.path === "/roof-repair") {
    return "Got a Leak? Don't Wanna Pay a Fortune To Fix It? Want The Job Done Right The First Time? You've Come To The Right Place.";
  }
  return page.headline;
}

// ---------------------------------------------------------------------------
// Every route

test.describe("every landing page", () => {
  for (const landing of LANDING_PAGES) {
    test(`${landing.path} shows its headline, its sections in order, a working nav and the footer`, async ({
      page,
    }) => {
      await visit(page, landing.path);

      const h1 = page.locator("h1");
      await expect(h1).toHaveCount(1);
      await expect(h1).toHaveText(specHeadline(landing));
      await expect(h1).toHaveText(landing.headline);

      expect(await sectionIdsOf(page)).toEqual(expectedSectionIds(landing));
      await expect(quoteForm(page)).toHaveCount(1);
      await expect(quoteForm(page).locator("form")).toBeAttached();

      // Nav links exist exactly for the sections on the page, and each lands on an element.
      const navHrefs = await page
        .getByRole("banner")
        .locator("a[href^='#']")
        .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")))]);
      const navLinks = navLinksFor(landing.sections);
      expect(navHrefs).toEqual(navLinks.map((link) => link.href));
      for (const href of navHrefs) {
        await expect(page.locator(href as string), `target of nav link ${href}`).toHaveCount(1);
      }

      await expectFooter(page);
      if (!TRACKING_ON) {
        await expect(page.locator("script[src*='googletagmanager']")).toHaveCount(0);
      }
    });
  }

  test("the home page and /roof-repair have every section, in the spec's order", async ({
    page,
  }) => {
    for (const landing of [HOME_PAGE, LONG_PAGE]) {
      await visit(page, landing.path);
      expect(await sectionIdsOf(page), landing.path).toEqual([
        "quote",
        "pain-points",
        "why-repair-now",
        "who",
        "problems",
        "services",
        "roof-types",
        "why-us",
        "gallery",
        "reviews",
        "process",
        "faq-cards",
        "service-areas",
        "faqs",
        "closing",
      ]);
      for (const id of ["who", "roof-types", "gallery", "faq-cards"]) {
        await expect(section(page, id), `${landing.path} #${id}`).toHaveCount(1);
      }
    }
  });

  test("suburb pages and /roof-repairs leave out the home page's extras but keep hero, form and footer", async ({
    page,
  }) => {
    for (const landing of [PLAIN_PAGE, ...SUBURB_PAGES]) {
      await visit(page, landing.path);
      for (const id of ["who", "roof-types", "gallery", "faq-cards"]) {
        await expect(page.locator(`#${id}`), `${landing.path} #${id}`).toHaveCount(0);
      }
      await expect(section(page, "quote")).toBeVisible();
      await expect(
        quoteForm(page).getByRole("button", { name: /get my free quote/i }),
      ).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      for (const label of ["Who We Help", "Roof Types", "Gallery"]) {
        await expect(page.getByRole("banner").getByRole("link", { name: label })).toHaveCount(0);
      }
    }
  });
});

test.describe("other pages", () => {
  test("the privacy policy has its 14 numbered sections, dates and a Back Home link", async ({
    page,
  }) => {
    await visit(page, PRIVACY_PATH);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PRIVACY_POLICY.title);

    const numbered = page.getByRole("main").getByRole("heading", { level: 2, name: /^\d+\. / });
    await expect(numbered).toHaveCount(14);
    await expect(numbered).toHaveText(
      PRIVACY_POLICY.sections.map((entry, index) => `${index + 1}. ${entry.title}`),
    );
    const topics = [
      /introduction/i,
      /information.*collect/i,
      /how.*collect/i,
      /use/i,
      /shar/i,
      /cookie/i,
      /security/i,
      /retention/i,
      /rights/i,
      /third-party links/i,
      /changes/i,
      /contact/i,
      /complaint/i,
      /australian privacy principles|APP/,
    ];
    const texts = await numbered.allTextContents();
    topics.forEach((topic, index) => {
      expect(texts[index], `privacy section ${index + 1}`).toMatch(topic);
    });

    await expect(page.getByRole("main")).toContainText("Effective: 1 January 2025");
    await expect(page.getByRole("main")).toContainText("Last updated: 1 January 2025");
    await expect(page.getByRole("link", { name: "Back Home", exact: true })).toHaveAttribute(
      "href",
      "/",
    );
    await expectFooter(page);
  });

  test("the thank-you page promises a call in 15 minutes and lists three next steps", async ({
    page,
  }) => {
    await visit(page, THANK_YOU_PATH);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Thank You for Your Quote Request!",
    );
    const main = page.getByRole("main");
    await expect(main).toContainText("15 minutes");

    const steps = main.getByRole("list").first().getByRole("listitem");
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText(/call you within 15 minutes/i);
    await expect(steps.nth(1)).toContainText(/inspection/i);
    await expect(steps.nth(2)).toContainText(/quote with fixed pricing/i);

    const call = main.getByRole("link", { name: /^Call Now/ });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute("href", BUSINESS.phoneHref);
    await expect(main.getByRole("link", { name: "Back to Home", exact: true })).toHaveAttribute(
      "href",
      "/",
    );
    await expectFooter(page);
  });

  for (const path of NOT_FOUND_PATHS) {
    test(`${path} is a 404 page that logs the path`, async ({ page, browserLog }) => {
      browserLog.allow(NOT_FOUND_RESOURCE);
      await visit(page, path, 404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
      await expect(page.getByText("Oops! Page not found", { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
      await expectFooter(page);
      await expect
        .poll(() =>
          browserLog.messages.some(
            (message) => message.type === "warning" && message.text.includes(path),
          ),
        )
        .toBe(true);
    });
  }

  test("Return to Home on the 404 page leads home", async ({ page, browserLog }) => {
    browserLog.allow(NOT_FOUND_RESOURCE);
    await visit(page, "/nope", 404);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HOME_PAGE.headline);
  });
});
