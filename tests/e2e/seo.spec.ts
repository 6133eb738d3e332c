// What search engines and link previews read: titles, descriptions, canonical URLs, social
// cards, robots rules, structured data, the sitemap and robots.txt. Read from the HTML as
// served (JavaScript off), which is what a crawler gets first.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { LANDING_PAGES } from "../../app/content/landing-pages";
import { INDEXABLE_PATHS } from "../../app/content/site-routes";
import { AUDIT_ROUTES, type AuditRoute, NOT_FOUND_PATH } from "../support/audit-routes";
import { expect, NOT_FOUND_RESOURCE, test } from "../support/fixtures";
import { ADDRESS_LINE, BUSINESS, COPY, HOURS } from "../support/site-content";

test.use({ javaScriptEnabled: false });

const SITE_URL = BUSINESS.siteUrl;
const SHARE_IMAGE_URL = `${SITE_URL}/og-image.png`;
const SUBURBS = LANDING_PAGES.flatMap((page) => (page.suburb ? [page.suburb] : []));

interface Head {
  lang: string | null;
  title: string;
  description: string[];
  canonical: string[];
  robots: string[];
  meta: Record<string, string[]>;
  h1: string[];
  jsonLd: string[];
  text: string;
  hasFaqSection: boolean;
}

async function readHead(page: Page, route: AuditRoute): Promise<Head> {
  const response = await page.goto(route.path);
  expect(response?.status(), `HTTP status of ${route.path}`).toBe(route.status);
  return page.evaluate(() => {
    const all = (selector: string, attribute: string) =>
      [...document.querySelectorAll(selector)].map((el) => el.getAttribute(attribute) ?? "");
    const meta: Record<string, string[]> = {};
    for (const el of document.querySelectorAll("meta[property], meta[name]")) {
      const key = el.getAttribute("property") ?? el.getAttribute("name") ?? "";
      meta[key] = [...(meta[key] ?? []), el.getAttribute("content") ?? ""];
    }
    return {
      lang: document.documentElement.getAttribute("lang"),
      title: document.title,
      description: all('meta[name="description"]', "content"),
      canonical: all('link[rel="canonical"]', "href"),
      robots: all('meta[name="robots"]', "content"),
      meta,
      h1: [...document.querySelectorAll("h1")].map((h) => h.textContent?.trim() ?? ""),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => s.textContent ?? "",
      ),
      text: (document.body.textContent ?? "").replace(/\s+/g, " "),
      hasFaqSection: document.querySelector("section#faqs") !== null,
    };
  });
}

type Thing = Record<string, unknown>;

function parseJsonLd(blocks: string[]): Thing[] {
  return blocks.map((block) => JSON.parse(block) as Thing);
}

function ofType(things: Thing[], type: string): Thing[] {
  return things.filter((thing) => thing["@type"] === type);
}

/** Every key anywhere in a JSON value, to catch e.g. a nested aggregateRating. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...allKeys(inner)]);
  }
  return [];
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** The JSON-LD describes what the page shows, and nothing more. */
function expectStructuredData(route: AuditRoute, head: Head): void {
  const things = parseJsonLd(head.jsonLd);
  for (const thing of things) expect(thing["@context"]).toBe("https://schema.org");
  // Our own reviews are shown, but marking them up as stars is against Google's rules.
  expect(allKeys(things)).not.toContain("aggregateRating");
  expect(allKeys(things)).not.toContain("review");

  const landing = route.landing;
  const business = ofType(things, "RoofingContractor");
  const faqs = ofType(things, "FAQPage");
  const breadcrumbs = ofType(things, "BreadcrumbList");
  if (!landing) {
    expect(faqs).toEqual([]);
    expect(breadcrumbs).toEqual([]);
    return;
  }

  expect(business).toHaveLength(1);
  const org = business[0] as Thing;
  expect(org).toMatchObject({
    name: BUSINESS.name,
    telephone: BUSINESS.phone,
    email: BUSINESS.email,
    url: `${SITE_URL}/`,
    address: {
      "@type": "PostalAddress",
      streetAddress: BUSINESS.address.street,
      addressLocality: BUSINESS.address.locality,
      addressRegion: BUSINESS.address.region,
      postalCode: BUSINESS.address.postcode,
      addressCountry: BUSINESS.address.country,
    },
    geo: {
      "@type": "GeoCoordinates",
      latitude: BUSINESS.geo.latitude,
      longitude: BUSINESS.geo.longitude,
    },
  });
  expect(typeof org.priceRange).toBe("string");
  expect(String(org.priceRange).length).toBeGreaterThan(0);
  expect(org.openingHoursSpecification).toEqual(
    HOURS.filter((row) => row.days).map((row) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: row.days,
      opens: row.opens,
      closes: row.closes,
    })),
  );
  const served = (org.areaServed as { name: string }[]).map((place) => place.name);
  for (const area of [...COPY.SERVICE_AREAS, ...SUBURBS]) expect(served).toContain(area);

  // The facts it states are on the page (footer and service-area list).
  for (const fact of [BUSINESS.name, BUSINESS.phone, BUSINESS.email, ADDRESS_LINE]) {
    expect(head.text, fact).toContain(fact);
  }
  for (const row of HOURS) expect(head.text).toContain(row.value);
  if (landing.sections.includes("service-areas")) {
    for (const area of COPY.SERVICE_AREAS) expect(head.text).toContain(area);
  }

  // FAQPage only where the FAQ is shown, with its questions and answers word for word.
  expect(faqs).toHaveLength(head.hasFaqSection ? 1 : 0);
  if (head.hasFaqSection) {
    const entries = (faqs[0] as Thing).mainEntity as {
      "@type": string;
      name: string;
      acceptedAnswer: { "@type": string; text: string };
    }[];
    expect(entries.map((entry) => [entry.name, entry.acceptedAnswer.text])).toEqual(
      COPY.FAQS.map((faq) => [faq.question, faq.answer]),
    );
    for (const entry of entries) {
      expect(entry["@type"]).toBe("Question");
      expect(entry.acceptedAnswer["@type"]).toBe("Answer");
      expect(head.text).toContain(squash(entry.name));
      expect(head.text).toContain(squash(entry.acceptedAnswer.text));
    }
  }

  // Breadcrumbs on suburb pages: Home > this page.
  if (landing.suburb) {
    expect(breadcrumbs).toHaveLength(1);
    const items = (breadcrumbs[0] as Thing).itemListElement as {
      position: number;
      name: string;
      item: string;
    }[];
    expect(items.map((item) => [item.position, item.item])).toEqual([
      [1, `${SITE_URL}/`],
      [2, `${SITE_URL}${landing.path}`],
    ]);
    expect(items[1]?.name).toContain(landing.suburb);
  } else {
    expect(breadcrumbs).toEqual([]);
  }
}

test.describe("every route's head and structured data", () => {
  for (const route of AUDIT_ROUTES) {
    test(`${route.path}: title, description, canonical, social cards, robots, h1, JSON-LD`, async ({
      page,
      browserLog,
    }) => {
      if (route.status === 404) browserLog.allow(NOT_FOUND_RESOURCE);
      const head = await readHead(page, route);
      const url = `${SITE_URL}${route.path}`;

      expect(head.lang).toBe("en-AU");
      expect(head.title.trim().length).toBeGreaterThan(10);
      expect(head.description).toHaveLength(1);
      expect(head.description[0]?.trim().length ?? 0).toBeGreaterThan(50);
      expect(head.h1, "exactly one h1").toHaveLength(1);

      // Absolute canonical from the site URL setting (VITE_SITE_URL).
      expect(head.canonical).toEqual([url]);
      expect(new URL(url).href.startsWith(SITE_URL)).toBe(true);

      // Open Graph and Twitter cards, with the share image.
      expect(head.meta["og:title"]).toEqual([head.title]);
      expect(head.meta["og:description"]).toEqual(head.description);
      expect(head.meta["og:url"]).toEqual([url]);
      expect(head.meta["og:type"]).toEqual(["website"]);
      expect(head.meta["og:image"]).toEqual([SHARE_IMAGE_URL]);
      expect(head.meta["og:image:width"]).toEqual(["1200"]);
      expect(head.meta["og:image:height"]).toEqual(["630"]);
      expect(head.meta["og:image:alt"]?.[0]?.length ?? 0).toBeGreaterThan(0);
      expect(head.meta["twitter:card"]).toEqual(["summary_large_image"]);
      expect(head.meta["twitter:title"]).toEqual([head.title]);
      expect(head.meta["twitter:description"]).toEqual(head.description);
      expect(head.meta["twitter:image"]).toEqual([SHARE_IMAGE_URL]);

      // noindex exactly where it belongs.
      const noindex = head.robots.some((content) => /\bnoindex\b/i.test(content));
      expect(noindex, route.indexable ? "indexable, no noindex" : "noindex").toBe(!route.indexable);

      const suburb = route.landing?.suburb;
      if (suburb) {
        expect(head.title).toContain(suburb);
        expect(head.description[0]).toContain(suburb);
        expect(head.h1[0]).toContain(suburb);
      }

      expectStructuredData(route, head);
    });
  }

  test("titles and descriptions are unique per route", async ({ request }) => {
    const titles = new Map<string, string[]>();
    const descriptions = new Map<string, string[]>();
    const add = (map: Map<string, string[]>, key: string, path: string) =>
      map.set(key, [...(map.get(key) ?? []), path]);
    for (const route of AUDIT_ROUTES) {
      const html = await (await request.get(route.path)).text();
      add(titles, html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "", route.path);
      add(
        descriptions,
        html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "",
        route.path,
      );
    }
    const shared = (map: Map<string, string[]>) =>
      [...map].filter(([, paths]) => paths.length > 1).map(([text, paths]) => ({ text, paths }));
    expect.soft(shared(titles), "routes sharing a <title>").toEqual([]);
    expect(shared(descriptions), "routes sharing a meta description").toEqual([]);
  });

  test("the X-Robots-Tag header never contradicts the page", async ({ request }) => {
    for (const route of AUDIT_ROUTES) {
      const response = await request.get(route.path);
      expect(response.headers()["x-robots-tag"] ?? "", route.path).not.toMatch(/noindex/i);
    }
  });
});

test.describe("sitemap and robots.txt", () => {
  test("/sitemap.xml lists exactly the indexable routes, as absolute URLs", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^(application|text)\/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? "");
    expect(locs).toEqual(INDEXABLE_PATHS.map((path) => `${SITE_URL}${path}`));
    for (const loc of locs) {
      const url = new URL(loc);
      expect(url.protocol).toMatch(/^https?:$/);
      expect(`${url.origin}`).toBe(new URL(SITE_URL).origin);
      // And each one is a real page here.
      const page = await request.get(url.pathname, { maxRedirects: 0 });
      expect(page.status(), url.pathname).toBe(200);
    }
    expect(locs).not.toContain(`${SITE_URL}/thank-you`);
  });

  test("/robots.txt allows the indexable routes and points to the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n").map((line) => line.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    const disallowed = lines
      .filter((line) => /^disallow:/i.test(line))
      .map((line) => line.slice("disallow:".length).trim())
      .filter(Boolean);
    for (const path of INDEXABLE_PATHS) {
      expect(
        disallowed.filter((rule) => path.startsWith(rule)),
        `${path} is disallowed`,
      ).toEqual([]);
    }
    // A crawler must be able to fetch the noindex pages to see their noindex.
    expect(disallowed.filter((rule) => "/thank-you".startsWith(rule))).toEqual([]);
  });

  test("the share image is a 1200x630 PNG, served", async ({ request }) => {
    const png = readFileSync("public/og-image.png");
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const response = await request.get("/og-image.png");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
  });

  test("the 404 page is answered 404 and is noindex", async ({ request }) => {
    const response = await request.get(NOT_FOUND_PATH);
    expect(response.status()).toBe(404);
    expect(await response.text()).toMatch(/<meta name="robots" content="[^"]*noindex/);
  });
});
