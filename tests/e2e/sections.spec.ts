import { expect, test } from "../support/fixtures";
import {
  HOME_PAGE,
  holdScripts,
  landingSection,
  listItems,
  open,
  quoteForm,
  section,
  sectionHeading,
  settle,
  visit,
  waitForHydration,
} from "../support/pages";
import { COPY } from "../support/site-content";

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

test("See More answers a tap made before any script arrived, exactly once", async ({ page }) => {
  const scripts = await holdScripts(page);
  await visit(page, HOME_PAGE.path);
  const services = section(page, "services");
  const visible = listItems(services);
  await services.getByRole("button", { name: "See More" }).click();
  // Held, not lost and not half done: nothing of the island's code has run yet.
  await expect(visible).toHaveCount(6);
  await expect(section(page, "services").locator("[data-island-state=awake]")).toHaveCount(0);

  await scripts.release();
  await expect(visible).toHaveCount(9);
  const less = services.getByRole("button", { name: "Show Less" });
  await expect(less).toHaveAttribute("aria-expanded", "true");
  await waitForHydration(page);
  await settle(page);
  // Played back once: a second toggle would have hidden the three again.
  await expect(visible).toHaveCount(9);
});

test("the map loads from a tap made before any script arrived", async ({ page }) => {
  await page.route("https://www.openstreetmap.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>map</p>" }),
  );
  const scripts = await holdScripts(page);
  await visit(page, HOME_PAGE.path);
  const areas = section(page, "service-areas");
  await areas.getByRole("button", { name: COPY.SERVICE_AREAS_SECTION.map.showLabel }).click();
  await expect(areas.locator("iframe")).toHaveCount(0);
  await scripts.release();
  await expect(areas.locator("iframe")).toHaveCount(1);
  await expect(areas.locator("iframe")).toHaveAttribute(
    "src",
    COPY.SERVICE_AREAS_SECTION.map.iframeSrc,
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
