import { describe, expect, it } from "vitest";
import { FIGURES } from "./business";
import {
  CLOSING,
  COMPARISON_POINTS,
  FAQ_SECTION,
  FAQS,
  GALLERY,
  HERO,
  PAIN_POINTS,
  PAIN_POINTS_SECTION,
  PEOPLE_TYPES,
  PROBLEMS_SECTION,
  PROCESS_SECTION,
  PROCESS_STEPS,
  REVIEW_MARKETPLACE,
  REVIEW_VERIFIED_LABEL,
  REVIEWS,
  ROOF_PROBLEMS,
  ROOF_TYPES,
  ROOF_TYPES_SECTION,
  reviewProfileUrl,
  SERVICE_AREAS,
  SERVICE_AREAS_SECTION,
  SERVICES,
  SERVICES_INITIAL,
  SERVICES_TOGGLE,
  TRUST_BADGES,
  WHO_SECTION,
  WHY_FIX_NOW_CHOICE,
  WHY_FIX_NOW_REASONS,
  WHY_US_CHOICE,
  WHY_US_SECTION,
  WORRIES,
} from "./landing-copy";

// The spec's section 9 fixes these counts.
const COUNTED_LISTS: [name: string, titles: readonly string[], count: number][] = [
  ["trust badges", TRUST_BADGES.map((item) => item.title), 9],
  ["pain points", PAIN_POINTS.map((item) => item.title), 8],
  ["why-fix-now reasons", WHY_FIX_NOW_REASONS.map((item) => item.title), 5],
  ["people types", PEOPLE_TYPES.map((item) => item.title), 5],
  ["roof problems", ROOF_PROBLEMS.map((item) => item.title), 10],
  ["services", SERVICES.map((item) => item.title), 9],
  ["roof types", ROOF_TYPES.map((item) => item.title), 7],
  ["comparison points", COMPARISON_POINTS.map((item) => item.title), 6],
  ["gallery images", GALLERY.map((item) => item.title), 7],
  ["reviews", REVIEWS.map((item) => item.name), 3],
  ["process steps", PROCESS_STEPS.map((item) => item.title), 4],
  ["FAQ-style cards", WORRIES.map((item) => item.title), 5],
  ["service areas", SERVICE_AREAS, 13],
  ["FAQs", FAQS.map((item) => item.question), 5],
];

const everyString = (value: unknown): string[] => {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(everyString);
  if (value && typeof value === "object") return Object.values(value).flatMap(everyString);
  return [];
};

describe("landing page copy", () => {
  it.each(COUNTED_LISTS)("has the spec's number of %s", (_name, titles, count) => {
    expect(titles).toHaveLength(count);
  });

  it.each(COUNTED_LISTS)("has no duplicate %s", (_name, titles) => {
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) expect(title.trim()).not.toBe("");
  });

  it("shows six of the nine services at first", () => {
    expect(SERVICES_INITIAL).toBe(6);
    expect(SERVICES_TOGGLE).toEqual({ more: "See More", less: "Show Less" });
  });

  it("uses the spec's exact section titles", () => {
    expect(PAIN_POINTS_SECTION.title).toBe("Let Me Guess");
    expect(WHO_SECTION.title).toBe("Types of People We Help");
    expect(PROBLEMS_SECTION.title).toBe("Common Roof Problems We Solve");
    expect(ROOF_TYPES_SECTION.title).toBe("Roof Types We Repair");
    expect(WHY_US_SECTION.title).toBe("Why Pick Us");
    expect(FAQ_SECTION.title).toBe("Frequently Asked Questions");
    expect(CLOSING.title).toBe("Alright That's Enough Talking");
    expect(PROCESS_SECTION.title).toBe("After you book");
    expect(SERVICE_AREAS_SECTION.base).toBe("Based in Melbourne CBD");
    expect(SERVICE_AREAS_SECTION.allSuburbs.toLowerCase()).toBe("all melbourne suburbs");
  });

  it("uses the spec's exact dialog and button wording", () => {
    expect(WHY_FIX_NOW_CHOICE.accept).toBe("Fix My Roof Now");
    expect(WHY_FIX_NOW_CHOICE.decline.title).toBe("Okay C'mon I Was Joking");
    expect(WHY_FIX_NOW_CHOICE.decline.closeLabel).toBe("Keep Reading On");
    expect(WHY_US_CHOICE.decline.title).toBe("You can't be serious");
    expect(CLOSING.good.action).toBe("Leak-Proof House");
    expect(CLOSING.decline.trigger).toBe("Stinky Swamp");
    expect(CLOSING.decline.title).toBe("Really?");
    expect(HERO.warningHref).toBe("#why-fix-now");
  });

  it("labels the FAQs Q1 to Q5", () => {
    expect(FAQS.map((_faq, index) => FAQ_SECTION.label(index + 1))).toEqual([
      "Q1",
      "Q2",
      "Q3",
      "Q4",
      "Q5",
    ]);
    for (const faq of FAQS) expect(faq.answer.length).toBeGreaterThan(20);
  });

  it("names the service areas the spec lists, in its order", () => {
    expect(SERVICE_AREAS).toEqual([
      "Box Hill",
      "Richmond",
      "South Yarra",
      "Carlton",
      "Fitzroy",
      "Hawthorn",
      "Camberwell",
      "Kew",
      "Toorak",
      "Prahran",
      "Collingwood",
      "Abbotsford",
      "Malvern",
    ]);
  });

  it("covers the spec's topics, in its order", () => {
    const titles = (items: readonly { title: string }[]) => items.map((item) => item.title);
    const expectTopics = (actual: string[], topics: RegExp[]) => {
      expect(actual).toHaveLength(topics.length);
      topics.forEach((topic, index) => {
        expect(actual[index], `entry ${index + 1}`).toMatch(topic);
      });
    };
    expectTopics(titles(PEOPLE_TYPES), [
      /homeowner/i,
      /landlord.*investor/i,
      /strata.*body corporate/i,
      /vendor/i,
      /business owner/i,
    ]);
    expectTopics(titles(ROOF_TYPES), [
      /terracotta tile/i,
      /concrete tile/i,
      /metal/i,
      /flat/i,
      /low-pitch/i,
      /slate/i,
      /combination.*custom/i,
    ]);
    expectTopics(titles(PROCESS_STEPS), [/inspect/i, /honest quote/i, /fix/i, /clean up/i]);
    expectTopics(titles(WORRIES), [
      /do it myself/i,
      /make it worse/i,
      /leak comes back/i,
      /home insurance cover/i,
      /how much.*cost/i,
    ]);
    expectTopics(
      FAQS.map((faq) => faq.answer),
      [
        /same day/i,
        /temporary patch/i,
        /hours.*days/i,
        /temporary patch.*come back/is,
        /safe access|get to the roof/i,
      ],
    );
  });

  it("prints the figures from business.ts", () => {
    const badges = TRUST_BADGES.map((badge) => badge.title).join(" | ");
    expect(badges).toContain(`${FIGURES.roofsRepairedLanding}+`);
    expect(badges).toContain(`${FIGURES.responseMinutes} minutes`);
    expect(badges).toContain(`${FIGURES.octoberDiscountPercent}% off`);
    expect(badges).toContain(`${FIGURES.warrantyYears}+ year`);
    expect(badges).toContain(`${FIGURES.experienceYears}+ years`);
    expect(badges).toContain(FIGURES.inspectionPrice);
    expect(badges).toMatch(/licensed & insured/i);
    expect(badges).toMatch(/24\/7/);
    expect(badges).toMatch(/same-day/i);
  });

  it("links every review to its marketplace profile", () => {
    expect(REVIEW_VERIFIED_LABEL).toBe("Verified by TradieReviews");
    for (const review of REVIEWS) {
      expect(reviewProfileUrl(review)).toBe(`https://reviews.example.com/profile/${review.slug}`);
      expect(review.slug).toMatch(/^[a-z0-9-]+$/);
    }
    expect(REVIEW_MARKETPLACE.profileBaseUrl).toBe("https://reviews.example.com/profile/");
  });

  it("gives every image alt text and its intrinsic size", () => {
    const images = [
      ...ROOF_PROBLEMS.map((item) => item.image),
      ...ROOF_TYPES.map((item) => item.image),
      ...GALLERY.map((item) => item.image),
      SERVICE_AREAS_SECTION.map.image,
    ];
    for (const image of images) {
      expect(image.src).toMatch(/svg/);
      expect(image.alt.length).toBeGreaterThan(5);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
    }
    expect(new Set(images.map((image) => image.src)).size).toBe(images.length);
    expect(new Set(images.map((image) => image.alt)).size).toBe(images.length);
  });

  it("does not hard-code a figure that disagrees with business.ts", () => {
    const text = everyString({
      HERO: { ...HERO, lead: HERO.lead("Melbourne") },
      TRUST_BADGES,
      SERVICES,
      WORRIES,
      PROCESS_STEPS,
    }).join(" ");
    expect(text).not.toMatch(/\b3799\b/);
    for (const match of text.matchAll(/(\d+)\+ year leak-free warranty/g)) {
      expect(Number(match[1])).toBe(FIGURES.warrantyYears);
    }
  });
});
