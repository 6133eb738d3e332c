// Small helpers the browser specs share: where things are on the site, and the few waits and
// checks that need more than one line.
import type { Locator, Page, Route, TestInfo } from "@playwright/test";
import {
  LANDING_PAGES,
  type LandingPage,
  SECTION_KEYS,
  type SectionKey,
} from "../../app/content/landing-pages";
import { expect } from "./fixtures";
import { BUSINESS, HOURS } from "./site-content";

// ---------------------------------------------------------------------------
// The site's map

/** The element id each landing section carries (the spec fixes most; see its section list). */
export const SECTION_IDS: Record<SectionKey, string> = {
  "pain-points": "pain-points",
  "why-fix-now": "why-repair-now",
  who: "who",
  problems: "problems",
  services: "services",
  "roof-types": "roof-types",
  "why-us": "why-us",
  gallery: "gallery",
  reviews: "reviews",
  process: "process",
  "faq-cards": "faq-cards",
  "service-areas": "service-areas",
  faqs: "faqs",
  closing: "closing",
};

/** The hero is always first; it carries the anchors #quote and #quote-form. */
export const HERO_ID = "quote";

export const HOME_PAGE = landingPage("/");
export const LONG_PAGE = landingPage("/roof-repair");
export const PLAIN_PAGE = landingPage("/roof-repairs");
export const SUBURB_PAGES: readonly LandingPage[] = LANDING_PAGES.filter((page) => page.suburb);
export const FIRST_SUBURB_PAGE = SUBURB_PAGES[0] as LandingPage;

export const PRIVACY_PATH = "/privacy-policy";
export const THANK_YOU_PATH = "/thank-you";
/** Paths that match no route: nonsense, an unknown suburb, and a real page plus an extra segment. */
export const NOT_FOUND_PATHS = ["/nope", "/roof-repair-sydney", "/roof-repairs/extra"] as const;

/** Every path that renders a page (not the 404). */
export const CONTENT_PATHS: readonly string[] = [
  ...LANDING_PAGES.map((page) => page.path),
  PRIVACY_PATH,
  THANK_YOU_PATH,
];

/** The spec's 4rem bar at the browser's default 16px root size. */
export const NAV_HEIGHT_PX = 64;

export function landingPage(path: string): LandingPage {
  const page = LANDING_PAGES.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`no landing page ${path} in LANDING_PAGES`);
  return page;
}

/** The section ids a landing page shows, hero first, in the spec's order. */
export function expectedSectionIds(page: LandingPage): string[] {
  return [
    HERO_ID,
    ...SECTION_KEYS.filter((key) => page.sections.includes(key)).map((key) => SECTION_IDS[key]),
  ];
}

export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name === "phone";
}

// ---------------------------------------------------------------------------
// Loading pages

/** Goes to `path` and checks the HTTP status of the document. */
export async function visit(page: Page, path: string, status = 200): Promise<void> {
  const response = await page.goto(path);
  expect(response, `a response for ${path}`).not.toBeNull();
  expect(response?.status(), `HTTP status of ${path}`).toBe(status);
}

/**
 * Resolves once the islands' runtime is up (the page-wide listeners are in place) and no
 * island is half-woken. Islands wake only when the visitor reaches for one, and a tap that
 * arrives earlier is held and played back (app/islands/wake.ts), so tests need not wait for
 * React before clicking.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.islands === "ready" &&
      document.querySelector('[data-island-state="loading"]') === null,
  );
}

/**
 * Holds back every script the page asks for from /assets/ (the islands' runtime, react-dom,
 * each island's code) until release(): the page as a slow phone has it, painted and
 * tappable, before its JavaScript arrives. `requested` lists the paths asked for so far.
 */
export async function holdScripts(
  page: Page,
): Promise<{ requested: string[]; release(): Promise<void> }> {
  let holding = true;
  const waiting: Route[] = [];
  const requested: string[] = [];
  await page.route(/\/assets\/[^?]*\.js(\?.*)?$/, async (route) => {
    requested.push(new URL(route.request().url()).pathname);
    if (holding) waiting.push(route);
    else await route.continue();
  });
  return {
    requested,
    async release() {
      holding = false;
      for (const route of waiting.splice(0)) await route.continue();
    },
  };
}

/** `visit`, then wait for hydration: for tests that click things handled by React. */
export async function open(page: Page, path: string): Promise<void> {
  await visit(page, path);
  await waitForHydration(page);
}

/** Lets effects that run right after hydration (and a frame or two) happen. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50))),
      ),
  );
}

// ---------------------------------------------------------------------------
// Finding things

export function section(page: Page, id: string): Locator {
  return page.locator(`main > section#${id}`);
}

export function landingSection(page: Page, key: SectionKey): Locator {
  return section(page, SECTION_IDS[key]);
}

/** The first list in a container, and its visible items. */
export function listItems(container: Locator): Locator {
  return container.getByRole("list").first().getByRole("listitem");
}

export function sectionHeading(container: Locator, name: string): Locator {
  return container.getByRole("heading", { level: 2, name, exact: true });
}

export function quoteForm(page: Page): Locator {
  return page.locator("#quote-form");
}

/** The ids of main's top-level sections in document order. */
export function sectionIdsOf(page: Page): Promise<string[]> {
  return page.locator("main > section").evaluateAll((sections) => sections.map((s) => s.id));
}

// ---------------------------------------------------------------------------
// Checks

/** In view and not hidden under the fixed bar (waits out smooth scrolling). */
export async function expectScrolledTo(page: Page, target: Locator): Promise<void> {
  const viewportHeight = page.viewportSize()?.height ?? 0;
  await expect
    .poll(
      async () => {
        const box = await target.boundingBox();
        return box !== null && box.y >= NAV_HEIGHT_PX - 1 && box.y < viewportHeight;
      },
      { message: "the target's top edge below the bar and inside the viewport" },
    )
    .toBe(true);
  await expect(target).toBeInViewport();
}

/** Business facts the footer prints on every page (spec section 2, item 16). */
export async function expectFooter(page: Page): Promise<void> {
  const footer = page.getByRole("contentinfo");
  await expect(footer).toHaveCount(1);
  await expect(footer).toContainText(BUSINESS.name);
  await expect(footer).toContainText(BUSINESS.tagline);
  await expect(footer).toContainText(BUSINESS.phone);
  await expect(footer).toContainText(BUSINESS.email);
  await expect(footer).toContainText("365 Collins St, Melbourne VIC 3000");
  for (const row of HOURS) {
    await expect(footer).toContainText(row.label);
    await expect(footer).toContainText(row.value);
  }
  await expect(footer).toContainText(/24\/7 emergency/i);
  await expect(footer).toContainText("3799+");
  await expect(footer).toContainText(/licensed and insured/i);
  await expect(footer.getByRole("link", { name: /privacy/i })).toHaveAttribute(
    "href",
    PRIVACY_PATH,
  );
  await expect(footer.getByRole("link", { name: BUSINESS.phone })).toHaveAttribute(
    "href",
    BUSINESS.phoneHref,
  );
  await expect(footer.getByRole("link", { name: BUSINESS.email })).toHaveAttribute(
    "href",
    `mailto:${BUSINESS.email}`,
  );
}

/** Where the keyboard focus is, and whether it is drawn (outline, ring, or a changed border). */
export interface FocusStop {
  description: string;
  insideMain: boolean;
  insideDialog: boolean;
  indicator: string | null;
}

export function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) {
      return { description: "body", insideMain: false, insideDialog: false, indicator: null };
    }
    const name =
      element.getAttribute("aria-label") ??
      element.getAttribute("name") ??
      (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    const description = `<${element.tagName.toLowerCase()}> ${name}`;
    const style = getComputedStyle(element);
    // Any CSS colour to sRGB bytes, through a 1px canvas (computed colours may be oklch).
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    const luminance = (colour: string) => {
      if (!canvas) return 0;
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0] = canvas.getImageData(0, 0, 1, 1).data;
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (a: string, b: string) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    const visibleColour = (colour: string) =>
      colour !== "transparent" && !/rgba\([^)]*,\s*0\)$/.test(colour);
    let indicator: string | null = null;
    if (
      style.outlineStyle !== "none" &&
      Number.parseFloat(style.outlineWidth) > 0 &&
      visibleColour(style.outlineColor)
    ) {
      indicator = `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
    } else if (style.boxShadow !== "none") {
      indicator = `box-shadow ${style.boxShadow}`;
    } else {
      // A field may show focus by recolouring its border instead: accept that when the border
      // is at least 2px and the new colour contrasts 3:1 with the old (WCAG 2.2 focus appearance).
      const focusedBorder = style.borderTopColor;
      element.blur();
      const restingBorder = getComputedStyle(element).borderTopColor;
      element.focus({ preventScroll: true });
      const ratio = contrast(focusedBorder, restingBorder);
      if (Number.parseFloat(style.borderTopWidth) >= 2 && ratio >= 3) {
        indicator = `border ${restingBorder} -> ${focusedBorder} (${ratio.toFixed(1)}:1)`;
      }
    }
    return {
      description,
      insideMain: element.closest("main") !== null,
      insideDialog: element.closest("dialog[open]") !== null,
      indicator,
    };
  });
}

// ---------------------------------------------------------------------------
// Page-side probes

declare global {
  interface Window {
    __telClicks?: { href: string | null; handledByApp: boolean }[];
    __conversions?: unknown[];
    __gtagCalls?: unknown[][];
  }
}

/**
 * Records every click on a tel: link, whether the app took it over (preventDefault), and then
 * cancels it so headless Chromium does not try to dial. The listener sits on window, so it runs
 * after React's own listener on the document.
 */
export async function guardTelLinks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__telClicks = [];
    window.addEventListener("click", (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href^='tel:']") : null;
      if (!link) return;
      window.__telClicks?.push({
        href: link.getAttribute("href"),
        handledByApp: event.defaultPrevented,
      });
      event.preventDefault();
    });
  });
}

/** Installs the ad tracker's phone-click reporter, recording what it is given. */
export async function installConversionReporter(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__conversions = [];
    window.gtag_report_conversion = (url?: string) => {
      window.__conversions?.push(url);
      return false;
    };
  });
}

/** Installs a stand-in `gtag`, recording its calls. */
export async function installGtag(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__gtagCalls = [];
    window.gtag = (...args: unknown[]) => {
      window.__gtagCalls?.push(args);
    };
  });
}

/** Clicks a link like a person when it is on screen, otherwise dispatches the click event. */
export async function clickLink(link: Locator): Promise<void> {
  if (await link.isVisible()) await link.click();
  else await link.dispatchEvent("click");
}
