// What a visitor sees and can do on every page, per /work/shared/spec/site-spec.md.
// Runs in both projects (desktop 1280x800, phone 375x812). Counts and copy come from the app's
// content modules; the strings the spec quotes are written out here, because the spec fixes them.
import type { Page } from "@playwright/test";
import { LANDING_PAGES, type LandingPage } from "../../app/content/landing-pages";
import { NAV_LINKS, navLinksFor } from "../../app/content/navigation";
import { expect, NOT_FOUND_RESOURCE, test } from "../support/fixtures";
import {
  CONTENT_PATHS,
  clickLink,
  expectedSectionIds,
  expectFooter,
  expectScrolledTo,
  FIRST_SUBURB_PAGE,
  type FocusStop,
  focusStop,
  guardTelLinks,
  HOME_PAGE,
  installConversionReporter,
  installGtag,
  isPhone,
  LONG_PAGE,
  landingSection,
  listItems,
  NAV_HEIGHT_PX,
  NOT_FOUND_PATHS,
  open,
  PLAIN_PAGE,
  PRIVACY_PATH,
  quoteForm,
  SUBURB_PAGES,
  section,
  sectionHeading,
  sectionIdsOf,
  settle,
  THANK_YOU_PATH,
  visit,
} from "../support/pages";
import { BUSINESS, COPY, PRIVACY_POLICY, TRACKING } from "../support/site-content";

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

// ---------------------------------------------------------------------------
// The landing page's sections, in the spec's order

test.describe("landing sections on the home page", () => {
  test.beforeEach(async ({ page }) => {
    await visit(page, HOME_PAGE.path);
  });

  test("hero: headline, testimonial, call button, nine badges, warning link and the form", async ({
    page,
  }) => {
    const hero = section(page, "quote");
    await expect(hero.getByRole("heading", { level: 1 })).toHaveText(HOME_PAGE.headline);
    await expect(hero.locator("blockquote")).toContainText(COPY.HERO.testimonial.quote);
    await expect(hero.locator("a[href^='tel:']").first()).toBeVisible();

    const badges = hero.getByRole("list", { name: COPY.HERO.badgesLabel }).getByRole("listitem");
    await expect(badges).toHaveCount(9);
    await expect(badges).toHaveText(COPY.TRUST_BADGES.map((badge) => badge.title));

    await expect(hero.locator("a[href='#why-fix-now']")).toHaveCount(1);
    await expect(hero.locator("#quote-form")).toHaveCount(1);
  });

  test("Let Me Guess: eight pain points", async ({ page }) => {
    const painPoints = landingSection(page, "pain-points");
    await expect(sectionHeading(painPoints, "Let Me Guess")).toBeVisible();
    await expect(listItems(painPoints)).toHaveCount(8);
    await expect(painPoints.getByRole("heading", { level: 3 })).toHaveText(
      COPY.PAIN_POINTS.map((item) => item.title),
    );
  });

  test("why repair now: five reasons, a Fix My Roof Now button and the jokey decline", async ({
    page,
  }) => {
    const whyFixNow = section(page, "why-repair-now");
    await expect(listItems(whyFixNow)).toHaveCount(5);
    await expect(whyFixNow.getByRole("heading", { level: 3 })).toHaveText(
      COPY.WHY_FIX_NOW_REASONS.map((item) => item.title),
    );
    await expect(whyFixNow.getByRole("link", { name: "Fix My Roof Now" })).toHaveAttribute(
      "href",
      "#quote-form",
    );
    await expect(
      whyFixNow.getByRole("button", { name: COPY.WHY_FIX_NOW_CHOICE.decline.trigger }),
    ).toBeVisible();
    await expect(whyFixNow.locator("#why-fix-now")).toHaveCount(1);
  });

  test("Types of People We Help: five cards", async ({ page }) => {
    const who = section(page, "who");
    await expect(sectionHeading(who, "Types of People We Help")).toBeVisible();
    await expect(listItems(who)).toHaveCount(5);
    await expect(who.getByRole("heading", { level: 3 })).toHaveText(
      COPY.PEOPLE_TYPES.map((item) => item.title),
    );
  });

  test("Common Roof Problems We Solve: ten items, each with a described image", async ({
    page,
  }) => {
    const problems = section(page, "problems");
    await expect(sectionHeading(problems, "Common Roof Problems We Solve")).toBeVisible();
    const items = listItems(problems);
    await expect(items).toHaveCount(10);
    for (const [index, problem] of COPY.ROOF_PROBLEMS.entries()) {
      const item = items.nth(index);
      await expect(item.getByRole("heading", { level: 3 })).toHaveText(problem.title);
      const image = item.locator("img");
      await expect(image).toHaveCount(1);
      await expect(image).toHaveAttribute("alt", problem.image.alt);
      expect(problem.image.alt.trim(), `alt text of ${problem.title}`).not.toBe("");
    }
  });

  test("services: nine entries in a list and a call to action", async ({ page }) => {
    const services = section(page, "services");
    await expect(services.getByRole("list").first().locator("li")).toHaveCount(9);
    await expect(services.getByRole("link", { name: COPY.SERVICES_CTA })).toHaveAttribute(
      "href",
      "#quote-form",
    );
  });

  test("Roof Types We Repair: seven types", async ({ page }) => {
    const roofTypes = section(page, "roof-types");
    await expect(sectionHeading(roofTypes, "Roof Types We Repair")).toBeVisible();
    await expect(listItems(roofTypes)).toHaveCount(7);
    await expect(roofTypes.getByRole("heading", { level: 3 })).toHaveText(
      COPY.ROOF_TYPES.map((item) => item.title),
    );
  });

  test("Why Pick Us: a six-point comparison table, a CTA and a decline button", async ({
    page,
  }) => {
    const whyUs = section(page, "why-us");
    await expect(sectionHeading(whyUs, "Why Pick Us")).toBeVisible();
    const table = whyUs.getByRole("table");
    await expect(table).toHaveCount(1);
    await expect(table.getByRole("columnheader")).toHaveCount(3);
    await expect(table.getByRole("rowheader")).toHaveText(
      COPY.COMPARISON_POINTS.map((point) => point.title),
    );
    await expect(table.getByRole("row")).toHaveCount(1 + 6);
    await expect(whyUs.getByRole("link", { name: COPY.WHY_US_CHOICE.accept })).toHaveAttribute(
      "href",
      "#quote-form",
    );
    await expect(
      whyUs.getByRole("button", { name: COPY.WHY_US_CHOICE.decline.trigger }),
    ).toBeVisible();
  });

  test("gallery: seven described images", async ({ page }) => {
    const gallery = section(page, "gallery");
    const items = listItems(gallery);
    await expect(items).toHaveCount(7);
    for (const [index, entry] of COPY.GALLERY.entries()) {
      await expect(items.nth(index).locator("img")).toHaveAttribute("alt", entry.image.alt);
      expect(entry.image.alt.trim()).not.toBe("");
    }
  });

  test("reviews: three, with five stars, the verified label and a profile link in a new tab", async ({
    page,
  }) => {
    const reviews = landingSection(page, "reviews");
    const items = listItems(reviews);
    await expect(items).toHaveCount(3);
    for (const [index, review] of COPY.REVIEWS.entries()) {
      const item = items.nth(index);
      await expect(item).toContainText(review.quote);
      await expect(item.locator("svg.lucide-star")).toHaveCount(5);
      await expect(item.getByText(COPY.REVIEW_RATING_LABEL, { exact: true })).toHaveCount(1);
      await expect(item.getByText(COPY.REVIEW_VERIFIED_LABEL, { exact: true })).toBeVisible();
      const link = item.getByRole("link", { name: new RegExp(`^${escapeRegExp(review.name)}`) });
      await expect(link).toHaveAttribute("href", COPY.reviewProfileUrl(review));
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
      await expect(link).toHaveAttribute("rel", /\bnoreferrer\b/);
    }
  });

  test("After you book: four steps", async ({ page }) => {
    const process = landingSection(page, "process");
    await expect(sectionHeading(process, "After you book")).toBeVisible();
    await expect(listItems(process)).toHaveCount(4);
    await expect(process.getByRole("heading", { level: 3 })).toHaveText(
      COPY.PROCESS_STEPS.map((step) => step.title),
    );
  });

  test("FAQ-style cards: five worries", async ({ page }) => {
    const cards = landingSection(page, "faq-cards");
    await expect(listItems(cards)).toHaveCount(5);
    await expect(cards.getByRole("heading", { level: 3 })).toHaveText(
      COPY.WORRIES.map((item) => item.title),
    );
  });

  test("service areas: thirteen suburbs plus all Melbourne, the base, and a map that loads only on request", async ({
    page,
  }) => {
    const foreign: string[] = [];
    const origin = new URL(page.url()).origin;
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith("http") && url.origin !== origin) foreign.push(request.url());
    });
    await page.route("https://www.openstreetmap.org/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>map</title>" }),
    );
    // Load again with the recorder in place, so the page's own requests are seen too.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const areas = section(page, "service-areas");
    await expect(listItems(areas)).toHaveText([
      ...COPY.SERVICE_AREAS,
      COPY.SERVICE_AREAS_SECTION.allSuburbs,
    ]);
    await expect(listItems(areas).last()).toHaveText(/^all Melbourne suburbs$/i);
    await expect(areas.getByText("Based in Melbourne CBD", { exact: true })).toBeVisible();

    const mapImage = areas.getByRole("img", { name: COPY.SERVICE_AREAS_SECTION.map.image.alt });
    await mapImage.scrollIntoViewIfNeeded();
    await expect(mapImage).toBeVisible();
    await expect
      .poll(() =>
        mapImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(foreign, "requests to other sites before the map is asked for").toEqual([]);

    await areas.getByRole("button", { name: "Show interactive map" }).click();
    const map = areas.locator("iframe");
    await expect(map).toBeVisible();
    await expect(map).toHaveAttribute("src", /^https:\/\/www\.openstreetmap\.org\//);
    await expect(map).toHaveAttribute("title", COPY.SERVICE_AREAS_SECTION.map.iframeTitle);
    await expect
      .poll(() => foreign.some((url) => url.startsWith("https://www.openstreetmap.org/")))
      .toBe(true);
  });

  test("Frequently Asked Questions: Q1 to Q5", async ({ page }) => {
    const faqs = section(page, "faqs");
    await expect(sectionHeading(faqs, "Frequently Asked Questions")).toBeVisible();
    const summaries = faqs.locator("details > summary");
    await expect(summaries).toHaveCount(5);
    for (const [index, faq] of COPY.FAQS.entries()) {
      await expect(summaries.nth(index)).toContainText(`Q${index + 1}`);
      await expect(summaries.nth(index)).toContainText(faq.question);
      await expect(faqs.locator("details").nth(index)).toContainText(faq.answer);
    }
  });

  test("Alright That's Enough Talking: two choices", async ({ page }) => {
    const closing = landingSection(page, "closing");
    await expect(sectionHeading(closing, "Alright That's Enough Talking")).toBeVisible();
    await expect(listItems(closing)).toHaveCount(2);
    await expect(closing.getByRole("link", { name: "Leak-Proof House" })).toHaveAttribute(
      "href",
      "#quote-form",
    );
    await expect(closing.getByRole("button", { name: "Stinky Swamp" })).toBeVisible();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

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

// ---------------------------------------------------------------------------
// Services toggle and FAQ accordion

test("services: six show, See More shows nine, Show Less goes back to six", async ({ page }) => {
  await open(page, HOME_PAGE.path);
  const services = section(page, "services");
  const visible = listItems(services);
  await expect(visible).toHaveCount(6);
  await expect(visible.getByRole("heading", { level: 3 })).toHaveText(
    COPY.SERVICES.slice(0, 6).map((item) => item.title),
  );

  await services.getByRole("button", { name: "See More" }).click();
  await expect(visible).toHaveCount(9);
  await expect(visible.getByRole("heading", { level: 3 })).toHaveText(
    COPY.SERVICES.map((item) => item.title),
  );
  const less = services.getByRole("button", { name: "Show Less" });
  await expect(less).toBeVisible();
  await expect(less).toHaveAttribute("aria-expanded", "true");

  await less.click();
  await expect(visible).toHaveCount(6);
  await expect(services.getByRole("button", { name: "See More" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});

test("FAQ: one answer open at a time, and the open one collapses", async ({ page }) => {
  await open(page, HOME_PAGE.path);
  const faqs = section(page, "faqs");
  const items = faqs.locator("details");
  const open_ = faqs.locator("details[open]");
  const answer = (index: number) =>
    faqs.getByText(COPY.FAQS[index]?.answer ?? "?", { exact: true });
  await expect(open_).toHaveCount(0);
  await expect(answer(0)).toBeHidden();

  await items.nth(0).locator("summary").click();
  await expect(items.nth(0)).toHaveAttribute("open");
  await expect(answer(0)).toBeVisible();

  await items.nth(1).locator("summary").click();
  await expect(items.nth(1)).toHaveAttribute("open");
  await expect(items.nth(0)).not.toHaveAttribute("open");
  await expect(answer(1)).toBeVisible();
  await expect(answer(0)).toBeHidden();
  await expect(open_).toHaveCount(1);

  await items.nth(1).locator("summary").click();
  await expect(open_).toHaveCount(0);
  await expect(answer(1)).toBeHidden();
});

// ---------------------------------------------------------------------------
// Quote form markup (submission is covered elsewhere)

test("the quote form's fields are labelled, typed, and only name, phone and postcode are required", async ({
  page,
}) => {
  await visit(page, HOME_PAGE.path);
  const form = quoteForm(page);
  const fields = [
    { label: "Name", name: "name", required: true },
    { label: "Phone", name: "phone", required: true },
    { label: "Postcode", name: "postcode", required: true },
    { label: "Email", name: "email", required: false },
    { label: "What's been happening?", name: "message", required: false },
  ];
  for (const field of fields) {
    const input = form.getByLabel(field.label);
    await expect(input, field.label).toHaveCount(1);
    await expect(input).toHaveAttribute("name", field.name);
    await expect(input).toBeVisible();
    const label = form.locator(`label[for="${await input.getAttribute("id")}"]`);
    await expect(label).toBeVisible();
    if (field.required) {
      await expect(input, `${field.label} is required`).toHaveAttribute("required");
      await expect(label).toContainText("*");
    } else {
      await expect(input, `${field.label} is optional`).not.toHaveAttribute("required");
      await expect(label).not.toContainText("*");
    }
  }
  await expect(form.getByLabel("Phone")).toHaveAttribute("type", "tel");
  await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(form.getByLabel("Postcode")).toHaveAttribute("inputmode", "numeric");
  await expect(form.locator("textarea")).toHaveAttribute("name", "message");
  await expect(form.locator("form")).toHaveAttribute("method", "post");
});

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
