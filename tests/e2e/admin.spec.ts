// The owner's inbox in a real browser, on a phone (375 px) and at a desk: the keyboard-only
// journey (sign in, open a lead, change its status, add a note, sign out) with axe on every
// page, stored markup staying inert, the overdue marker, the spam tab and deleting a lead.
// SQLite on the suite's server; the same journey on PostgreSQL on a server of its own.
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import BetterSqlite3 from "better-sqlite3";
import { leadReference } from "../../app/lib/lead-reference";
import { addOwner, PASSWORD, sendLead, uniqueEmail } from "../support/admin-helpers";
import { E2E_BASE_URL, E2E_DB_FILE } from "../support/config";
import {
  createScratchPostgres,
  postgresReachable,
  REQUIRE_POSTGRES,
  scratchSqlite,
  shownDatabaseUrl,
} from "../support/db-helpers";
import { expect, NOT_FOUND_RESOURCE, test } from "../support/fixtures";
import { fillForm, quoteForm, wakeForm } from "../support/quote-helpers";
import { spawnServer } from "../support/spawn-server";

const SQLITE_URL = `file:${E2E_DB_FILE}`;
const AXE_TAGS = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22a",
  "wcag22aa",
  "best-practice",
];

const tag = () => randomBytes(4).toString("hex");

async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
  const violations = results.violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")} :: ${n.failureSummary ?? ""}`),
  }));
  expect(violations, `axe violations on ${what}`).toEqual([]);
}

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** What a thumb needs, and what 375 px allows. */
async function expectPhoneFriendly(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
  for (const target of await page.locator("main a[href^='tel:'], main button").all()) {
    const box = await target.boundingBox();
    expect(
      box?.height ?? 0,
      `tap target height of ${await target.textContent()}`,
    ).toBeGreaterThanOrEqual(44);
  }
}

const DAY_MS = 24 * 60 * 60_000;

/** The Melbourne day of an instant, "2026-03-04". */
function melbourneDay(instant: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Melbourne" }).format(instant);
}

/** Back-dates a lead in the suite server's database, as if it had come in then. */
function setCreatedAt(id: number, at: number | string): void {
  const db = new BetterSqlite3(E2E_DB_FILE);
  try {
    db.prepare("update quote_requests set created_at = ? where id = ?").run(
      typeof at === "string" ? at : new Date(at).toISOString(),
      id,
    );
  } finally {
    db.close();
  }
}

async function journey(page: Page, base: string, databaseUrl: string, isMobile: boolean) {
  const email = uniqueEmail("journey");
  addOwner(databaseUrl, email);
  const name = `Journey ${tag()}`;
  await sendLead(base, {
    name,
    email: "sam@example.com",
    message: "Water through the ceiling",
    source_page: "/roof-repair-brunswick",
    page_url: `${base}/roof-repair-brunswick?utm_source=google&utm_medium=cpc&utm_campaign=brunswick-leaks&gclid=Cj0KCQiA-journey`,
    referrer_host: "www.google.com",
  });

  // Not signed in: the inbox sends us to the sign-in form.
  await page.goto(`${base}/admin`);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in to your leads" })).toBeVisible();
  expect(await page.locator("script").count(), "no scripts on admin pages").toBe(0);
  await expectAccessible(page, "the sign-in page");

  await tabTo(page, page.getByLabel("E-mail address"));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Leads \(\d+\)$/ })).toBeVisible();
  await expectAccessible(page, "the inbox");
  if (isMobile) await expectPhoneFriendly(page);

  // Find the lead by searching (the search sits folded in the filter bar), then open it.
  await tabTo(page, page.locator("summary", { hasText: "Search" }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByLabel("Search"));
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]q=Journey/);
  const card = page.locator("main li").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("link", { name: `Call 0412 345 678 (${name})` })).toHaveAttribute(
    "href",
    "tel:+61412345678",
  );
  await expect(card).toContainText("Roof repair in Brunswick");
  await expect(card).not.toContainText("/roof-repair-brunswick");
  await expect(card).toContainText("brunswick-leaks");
  await tabTo(page, card.getByRole("link", { name, exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/leads\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("google / cpc / brunswick-leaks")).toBeVisible();
  await expect(page.getByText("www.google.com")).toBeVisible();
  await expectAccessible(page, "a lead");
  if (isMobile) await expectPhoneFriendly(page);

  // Change its status with the keyboard: type-ahead in the select, then the button.
  const status = page.getByLabel("Status");
  await tabTo(page, status);
  await page.keyboard.press("c");
  await expect(status).toHaveValue("contacted");
  await tabTo(page, page.getByRole("button", { name: "Save", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Status saved.");
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem").first()).toContainText("Status: New → Contacted");
  await expect(history.getByRole("listitem").first()).toContainText(email);

  // A note.
  await tabTo(page, page.getByLabel("Add a note"));
  await page.keyboard.type("Rang at 9, booked Tuesday arvo.");
  await tabTo(page, page.getByRole("button", { name: "Save", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Note saved.");
  await expect(history.getByRole("listitem").first()).toContainText(
    "Rang at 9, booked Tuesday arvo.",
  );
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expectAccessible(page, "a lead with history");

  // Sign out: the session is over, the inbox asks for a password again.
  await tabTo(page, page.getByRole("button", { name: "Sign out" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/login\?signed-out=1$/);
  await expect(page.getByRole("status")).toHaveText("You're signed out.");
  await page.goto(`${base}/admin`);
  await expect(page).toHaveURL(/\/admin\/login$/);
}

async function signIn(page: Page, base: string, databaseUrl: string): Promise<string> {
  const email = uniqueEmail("owner");
  addOwner(databaseUrl, email);
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return email;
}

test.describe("on SQLite", () => {
  test("keyboard only: sign in, open a lead, change its status, add a note, sign out", async ({
    page,
    isMobile,
  }) => {
    await journey(page, E2E_BASE_URL, SQLITE_URL, isMobile);
  });

  test("stored markup stays text in the list, the lead, its history and the spam tab", async ({
    page,
    isMobile,
  }) => {
    const marker = tag();
    const payload = `<img src=x onerror="window.__xss='${marker}'">`;
    const script = `<script>window.__xss='${marker}'</script>`;
    await sendLead(E2E_BASE_URL, {
      name: payload,
      message: script,
      email: `${marker}@example.com`,
    });
    await sendLead(E2E_BASE_URL, { name: `${payload} spam`, company_website: "bot" });
    await signIn(page, E2E_BASE_URL, SQLITE_URL);

    await page.goto(`/admin?q=${marker}`);
    await expect(page.getByRole("link", { name: payload, exact: true })).toBeVisible();
    await page.getByRole("link", { name: payload, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(payload);
    await expect(page.getByText(script)).toBeVisible();
    // Long words without spaces wrap instead of pushing the page sideways.
    if (isMobile) await expectPhoneFriendly(page);
    await page.getByLabel("Add a note").fill(`note ${script}`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("region", { name: "History" })).toContainText(`note ${script}`);
    await page.goto("/admin?view=spam");
    await expect(page.getByRole("link", { name: `${payload} spam`, exact: true })).toBeVisible();

    expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
    expect(await page.locator("main img").count()).toBe(0);
  });

  test("a stored e-mail can't add recipients or a body to the mailto link", async ({ page }) => {
    // Rows stored before the e-mail field was strict may hold anything: this one is put
    // straight into the database, as no form would take it now.
    const name = `Mailto ${tag()}`;
    const stored = "a@b.com?bcc=evil@x.com&body=hi#x,cc@x.com";
    const id = await sendLead(E2E_BASE_URL, { name });
    const db = new BetterSqlite3(E2E_DB_FILE);
    try {
      db.prepare("update quote_requests set email = ? where id = ?").run(stored, id);
    } finally {
      db.close();
    }
    await signIn(page, E2E_BASE_URL, SQLITE_URL);
    await page.goto(`/admin/leads/${id}`);
    const link = page.getByRole("link", { name: stored, exact: true });
    const href = (await link.getAttribute("href")) ?? "";
    const url = new URL(href);
    expect(url.protocol).toBe("mailto:");
    // No headers (cc, bcc, body, subject) and no fragment: only the one address, as stored.
    expect(url.search).toBe("");
    expect(url.hash).toBe("");
    expect(href).not.toMatch(/[?&#,]/);
    expect(decodeURIComponent(url.pathname)).toBe(stored);
  });

  test("a new lead left over 15 minutes today stands out; older ones show their age", async ({
    page,
  }) => {
    const late = `Late ${tag()}`;
    const fresh = `Fresh ${tag()}`;
    const old = `Old ${tag()}`;
    const lateId = await sendLead(E2E_BASE_URL, { name: late });
    await sendLead(E2E_BASE_URL, { name: fresh });
    const oldId = await sendLead(E2E_BASE_URL, { name: old });
    const now = Date.now();
    const lateAt = now - 16 * 60_000;
    setCreatedAt(lateId, lateAt);
    setCreatedAt(oldId, now - 3 * DAY_MS - 60_000);
    // "Call now" is for the day a lead came in; in the first 16 minutes after midnight in
    // Melbourne, a lead from 16 minutes ago is yesterday's.
    const lateIsToday = melbourneDay(lateAt) === melbourneDay(now);
    await signIn(page, E2E_BASE_URL, SQLITE_URL);
    if (lateIsToday) {
      await expect(page.getByText(/new leads? waiting over 15 min/)).toBeVisible();
    }
    await page.goto(`/admin?q=${late.split(" ")[1]}`);
    const lateCard = page.locator("main li").filter({ hasText: late });
    await expect(lateCard).toContainText("16 min ago");
    if (lateIsToday) {
      await expect(lateCard.getByText("Call now", { exact: true })).toBeVisible();
    } else {
      await expect(lateCard.getByText("Since yesterday, not called")).toBeVisible();
    }
    await page.goto(`/admin?q=${fresh.split(" ")[1]}`);
    const freshCard = page.locator("main li").filter({ hasText: fresh });
    await expect(freshCard).toContainText("just now");
    await expect(freshCard.getByText("Call now", { exact: true })).toHaveCount(0);
    await expect(freshCard).not.toContainText("not called");
    // Three days on, no red "call now": how long it has waited, uncalled.
    await page.goto(`/admin?q=${old.split(" ")[1]}`);
    const oldCard = page.locator("main li").filter({ hasText: old });
    await expect(oldCard).toContainText("3 days ago");
    await expect(oldCard.getByText("3 days, not called")).toBeVisible();
    await expect(oldCard.getByText("Call now", { exact: true })).toHaveCount(0);

    // Once someone has called, it isn't overdue any more.
    test.skip(!lateIsToday, "the lead page's own overdue rule is checked on today's leads");
    await page.goto(`/admin/leads/${lateId}`);
    await expect(page.getByText("Overdue: call now")).toBeVisible();
    await page.getByLabel("Status").selectOption("contacted");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Overdue: call now")).toHaveCount(0);
  });

  test("spam sits in its own tab with the reason; 'not spam' moves it into the inbox", async ({
    page,
    isMobile,
  }) => {
    const name = `Misjudged ${tag()}`;
    await sendLead(E2E_BASE_URL, { name, company_website: "autofill got me" });
    await signIn(page, E2E_BASE_URL, SQLITE_URL);
    await page.goto(`/admin?q=${encodeURIComponent(name)}`);
    await expect(page.getByText("Nothing matches.")).toBeVisible();

    await page.getByRole("link", { name: "Spam", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Spam \(\d+\)$/ })).toBeVisible();
    const card = page.locator("main li").filter({ hasText: name });
    await expect(card).toContainText("Flagged because");
    await expect(card).toContainText("honeypot");
    await expectAccessible(page, "the spam tab");
    if (isMobile) await expectPhoneFriendly(page);
    await card.getByRole("button", { name: `Not spam: move ${name} to the inbox` }).click();
    await expect(page).toHaveURL(/\/admin\?view=spam$/);
    await expect(page.locator("main li").filter({ hasText: name })).toHaveCount(0);

    await page.goto(`/admin?q=${encodeURIComponent(name)}`);
    await expect(page.locator("main li").filter({ hasText: name })).toHaveCount(1);
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("region", { name: "History" })).toContainText(
      "Moved out of spam. Flagged as: honeypot",
    );
  });

  test("deleting a lead asks first, then removes it and its notes", async ({
    page,
    browserLog,
  }) => {
    browserLog.allow(NOT_FOUND_RESOURCE);
    const name = `Forget me ${tag()}`;
    const id = await sendLead(E2E_BASE_URL, { name });
    await signIn(page, E2E_BASE_URL, SQLITE_URL);
    await page.goto(`/admin/leads/${id}`);
    await page.getByLabel("Add a note").fill("Asked us to forget them");
    await page.getByRole("button", { name: "Save", exact: true }).click();

    await page.getByRole("link", { name: "Delete this lead…" }).click();
    await expect(
      page.getByText(`Delete ${name}'s request, notes and history for good?`),
    ).toBeVisible();
    await expectAccessible(page, "the delete confirmation");
    await page.getByRole("link", { name: "Keep it" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    await page.getByRole("link", { name: "Delete this lead…" }).click();
    await page.getByRole("button", { name: "Yes, delete for good" }).click();
    await expect(page).toHaveURL(/\/admin\?deleted=1#main$/);
    await expect(page.getByRole("status")).toContainText("The lead is deleted");
    const response = await page.goto(`/admin/leads/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "No such lead" })).toBeVisible();
    const db = new BetterSqlite3(E2E_DB_FILE, { readonly: true });
    try {
      expect(
        db.prepare("select count(*) as n from lead_history where quote_request_id = ?").get(id),
      ).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  test("a lead sent with JavaScript from an ad shows where it came from", async ({ page }) => {
    const name = `From an ad ${tag()}`;
    const gclid = `Cj0KCQiA-${tag()}`;
    await page.goto(
      `/roof-repair-frankston?utm_source=google&utm_medium=cpc&utm_campaign=frankston-leaks&gclid=${gclid}`,
      { referer: "https://www.google.com/" },
    );
    await wakeForm(page);
    await fillForm(page, { name, phone: "0412 345 678", postcode: "3199" });
    await quoteForm(page).submit.click();
    await expect(page).toHaveURL(/\/thank-you$/);

    await signIn(page, E2E_BASE_URL, SQLITE_URL);
    await page.goto(`/admin?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name, exact: true }).click();
    const source = page.getByRole("region", { name: "Where it came from" });
    await expect(source).toContainText("Roof repair in Frankston");
    await expect(source).not.toContainText("/roof-repair-frankston");
    await expect(source).toContainText("www.google.com");
    await expect(source).toContainText("google / cpc / frankston-leaks");
    await expect(source).toContainText("yes (gclid recorded)");
  });

  test("the sources page counts leads and won leads per page and campaign", async ({ page }) => {
    const campaign = `spring-${tag()}`;
    const id = await sendLead(E2E_BASE_URL, {
      name: `Sourced ${tag()}`,
      source_page: "/roof-repair-preston",
      page_url: `${E2E_BASE_URL}/roof-repair-preston?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}`,
    });
    await signIn(page, E2E_BASE_URL, SQLITE_URL);
    await page.goto(`/admin/leads/${id}`);
    await page.getByLabel("Status").selectOption("won");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("link", { name: "Sources" }).click();
    const row = page.getByRole("row", { name: new RegExp(`google / cpc / ${campaign}`) });
    await expect(row.getByRole("cell")).toHaveText(["1", "1"]);
    await expect(page.getByRole("table", { name: "By page" })).toContainText(
      "/roof-repair-preston",
    );
    await expectAccessible(page, "the sources page");
  });
});

// What the customers typically write: the owner judges urgency from the first words.
const MESSAGES = [
  "Water coming in through the ceiling in the back bedroom every time it rains, bucket is full.",
  "Few broken tiles after last week's storm, can see daylight from the roof space near the chimney.",
  "Need a quote to re-point the ridge capping before we sell in spring, no leak at the moment.",
  "Gutters overflowing at the front and the box gutter drips into the garage, maybe rusted through.",
  "Skylight in the kitchen leaking around the flashing, stain on the plaster getting bigger.",
  "Tin roof on the shed lifting at one corner and rattling in the wind, want it screwed down properly.",
];

/** Sends `count` realistic leads tagged with `label`; their ids, newest last. */
async function sendRealisticLeads(label: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(
      await sendLead(E2E_BASE_URL, {
        name: `${["Sam Nguyen", "Priya Shah", "Jo Bloggs", "Mick O'Brien", "Lena Kowalski", "Tom Ha"][i % 6]} ${label}`,
        phone: ["0412 345 678", "61 412 555 666", "(03) 9555 1234"][i % 3],
        postcode: ["3011", "3056", "3199", "3072"][i % 4],
        message: MESSAGES[i % MESSAGES.length],
        source_page: ["/roof-repair-frankston", "/", "/roof-repair-brunswick"][i % 3],
      }),
    );
  }
  return ids;
}

test.describe("the list", () => {
  test("at 375 x 667, four leads or more show whole: message, name, suburb, age, call beside", async ({
    page,
    isMobile,
  }) => {
    const label = tag();
    await sendRealisticLeads(label, 6);
    await signIn(page, E2E_BASE_URL, SQLITE_URL);
    if (isMobile) await page.setViewportSize({ width: 375, height: 667 });
    await page.goto("/admin");
    const rows = page.locator("main ol > li");
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    const whole: number[] = [];
    for (let i = 0; i < Math.min(await rows.count(), 8); i++) {
      const box = await rows.nth(i).boundingBox();
      if (box && box.y >= 0 && box.y + box.height <= viewport.height) whole.push(i);
    }
    if (isMobile) expect(whole.length, "rows wholly on the first screen").toBeGreaterThanOrEqual(4);

    // Ours are the newest; each shows at least its first 60 characters, on screen, unclipped.
    const ours = rows.filter({ hasText: label });
    await expect(ours).toHaveCount(6);
    for (let i = 0; i < 4; i++) {
      const row = ours.nth(i);
      // The row's second line is the message.
      const message = row.locator("p").nth(1);
      const shown = await message.evaluate((p) => {
        const text = p.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) return "";
        const clip = p.getBoundingClientRect();
        const range = document.createRange();
        let visible = "";
        for (let c = 0; c < (text.textContent ?? "").length; c++) {
          range.setStart(text, c);
          range.setEnd(text, c + 1);
          const r = range.getBoundingClientRect();
          if (r.bottom > clip.bottom + 0.5 || r.right > clip.right + 0.5) break;
          visible += text.textContent?.[c] ?? "";
        }
        return visible;
      });
      expect(shown.length, `message shown in row ${i}: "${shown}"`).toBeGreaterThanOrEqual(60);
      expect(MESSAGES.some((m) => m.startsWith(shown))).toBe(true);

      // The call button: thumb-sized, beside the text rather than a row of its own.
      const call = row.getByRole("link", { name: /^Call / });
      const callBox = await call.boundingBox();
      const nameBox = await row.locator('a[href^="/admin/leads/"]').boundingBox();
      const rowBox = await row.boundingBox();
      if (!callBox || !nameBox || !rowBox) throw new Error("row not laid out");
      expect(callBox.height).toBeGreaterThanOrEqual(44);
      expect(callBox.width).toBeGreaterThanOrEqual(44);
      expect(callBox.x, "call button to the right of the name").toBeGreaterThan(nameBox.x);
      expect(callBox.y, "call button level with the name").toBeLessThan(nameBox.y + nameBox.height);
      if (isMobile) expect(rowBox.height).toBeLessThan(viewport.height / 4);
    }
    // An urgent-sounding message is flagged, and still listed like the rest.
    await expect(ours.filter({ hasText: "Water coming in" }).getByText("Urgent?")).toBeVisible();
    await expect(ours.filter({ hasText: "ridge capping" }).getByText("Urgent?")).toHaveCount(0);
    await expectAccessible(page, "the list");
    if (isMobile) await expectPhoneFriendly(page);
    await page.locator("summary", { hasText: "Search" }).click();
    await expect(page.getByLabel("Search")).toBeVisible();
    await expectAccessible(page, "the list with its filters open");
    if (isMobile) await expectPhoneFriendly(page);
  });

  test("the page a lead came from by its name; the suburb opens a map search", async ({ page }) => {
    const name = `Mapped ${tag()}`;
    await sendLead(E2E_BASE_URL, {
      name,
      postcode: "3199",
      message: "Leaking valley near the back door",
      source_page: "/roof-repair-frankston",
    });
    await signIn(page, E2E_BASE_URL, SQLITE_URL);
    await page.goto(`/admin?q=${encodeURIComponent(name)}`);
    const row = page.locator("main ol > li").filter({ hasText: name });
    await expect(row).toContainText("Roof repair in Frankston");
    await expect(row).not.toContainText("/roof-repair-frankston");
    const map = row.getByRole("link", { name: /^Frankston 3199/ });
    const href = (await map.getAttribute("href")) ?? "";
    const url = new URL(href);
    expect(`${url.origin}${url.pathname}`).toBe("https://www.google.com/maps/search/");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.searchParams.get("query")).toBe("Frankston 3199 VIC");
    expect(href).not.toMatch(/ /);
    await expect(map).toHaveAttribute("target", "_blank");
    expect((await map.getAttribute("rel")) ?? "").toMatch(/\bnoopener\b/);
    await expect(map).toHaveAccessibleName(/opens in a new tab/);
  });

  test("sorted newest or oldest first, and kept to a range of Melbourne days", async ({ page }) => {
    const label = tag();
    const [first, second, third] = await sendRealisticLeads(label, 3);
    // 10 Jan 2025 in Melbourne is 9 Jan 13:00 to 10 Jan 13:00 UTC (daylight saving, +11).
    setCreatedAt(first as number, "2025-01-09T13:30:00.000Z"); // 10 Jan, 12:30 am
    setCreatedAt(second as number, "2025-01-10T12:30:00.000Z"); // 10 Jan, 11:30 pm
    setCreatedAt(third as number, "2025-01-10T13:30:00.000Z"); // 11 Jan, 12:30 am
    await signIn(page, E2E_BASE_URL, SQLITE_URL);
    await page.locator("summary", { hasText: "Search" }).click();
    await page.getByLabel("Search").fill(label);
    await page.getByLabel("From", { exact: true }).fill("2025-01-10");
    await page.getByLabel("To", { exact: true }).fill("2025-01-10");
    await page.getByLabel("Order").selectOption("oldest");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/[?&]from=2025-01-10&to=2025-01-10/);
    const names = page.locator("main ol > li").locator('a[href^="/admin/leads/"]');
    await expect(names).toHaveText([`Sam Nguyen ${label}`, `Priya Shah ${label}`]);
    // The filters stay open and filled in, so he can see what he is looking at.
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2025-01-10");
    await expectAccessible(page, "a filtered list");

    await page.getByLabel("To", { exact: true }).fill("2025-01-11");
    await page.getByLabel("Order").selectOption("newest");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(names).toHaveText([
      `Jo Bloggs ${label}`,
      `Priya Shah ${label}`,
      `Sam Nguyen ${label}`,
    ]);
    await page.goto(`/admin?q=${label}&from=2025-01-11`);
    await expect(names).toHaveText([`Jo Bloggs ${label}`]);
  });

  test("tick several, mark them in one go; the spam tab shows messages and no call button", async ({
    page,
    isMobile,
  }) => {
    const label = tag();
    const ids = await sendRealisticLeads(label, 4);
    const email = await signIn(page, E2E_BASE_URL, SQLITE_URL);
    await page.goto(`/admin?q=${label}`);
    const row = (i: number) =>
      page
        .locator("main ol > li")
        .filter({ has: page.locator(`a[href="/admin/leads/${ids[i]}"]`) });
    const tick = (i: number) => row(i).getByRole("checkbox");
    await tick(0).check();
    await tick(1).check();
    await page.locator("summary", { hasText: "Mark ticked" }).click();
    await page.getByRole("button", { name: "Contacted", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("2 leads marked contacted.");
    await expect(page).toHaveURL(new RegExp(`[?&]q=${label}`));
    await expect(row(0).getByText("Contacted", { exact: true })).toBeVisible();
    await expect(row(1).getByText("Contacted", { exact: true })).toBeVisible();
    await expect(row(2).getByText("Contacted", { exact: true })).toHaveCount(0);
    await expectAccessible(page, "the list after a bulk change");
    if (isMobile) await expectPhoneFriendly(page);

    await tick(2).check();
    await tick(3).check();
    await page.locator("summary", { hasText: "Mark ticked" }).click();
    await page.getByRole("button", { name: "Spam", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("2 leads moved to spam.");
    await expect(page.locator("main ol > li")).toHaveCount(2);

    // Each change is in the lead's own history, by whom.
    await page.goto(`/admin/leads/${ids[0]}`);
    const history = page.getByRole("region", { name: "History" });
    await expect(history.getByRole("listitem").first()).toContainText("Status: New → Contacted");
    await expect(history.getByRole("listitem").first()).toContainText(email);

    await page.goto(`/admin?view=spam&q=${label}`);
    const spam = page.locator("main ol > li");
    await expect(spam).toHaveCount(2);
    for (const message of [MESSAGES[2], MESSAGES[3]]) {
      await expect(spam.filter({ hasText: message as string })).toHaveCount(1);
    }
    await expect(page.locator("main a[href^='tel:']")).toHaveCount(0);
    await expect(spam.first()).toContainText("marked as spam in the inbox");
    await expectAccessible(page, "the spam tab");
    if (isMobile) await expectPhoneFriendly(page);
  });

  test("search finds a lead by its phone in any form and by its reference", async ({ page }) => {
    const label = tag();
    const name = `Phoned ${label}`;
    const id = await sendLead(E2E_BASE_URL, { name, phone: "61 412 555 666" });
    await signIn(page, E2E_BASE_URL, SQLITE_URL);
    for (const typed of ["0412 555 666", "+61 412 555 666", "412 555 666", "0412-555-666"]) {
      await page.goto(`/admin?q=${encodeURIComponent(typed)}`);
      await expect(page.locator("main ol > li").filter({ hasText: name }), typed).toHaveCount(1);
    }
    // The reference printed on the customer's acknowledgement, read back over the phone.
    const reference = leadReference(id);
    await page.goto(`/admin?q=${encodeURIComponent(reference.toLowerCase())}`);
    await expect(page.locator("main ol > li")).toHaveCount(1);
    await expect(page.locator("main ol > li")).toContainText(name);
  });

  test("failing alerts: every inbox page says so, with the error and since when, until one gets through", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const scratch = scratchSqlite("alert-notice");
    const server = await spawnServer({
      DATABASE_URL: scratch.url,
      QUOTE_MIN_FILL_MS: "0",
      RATE_LIMIT_MAX: "100000",
    });
    try {
      const id = await sendLead(server.url, { name: `Alerted ${tag()}` });
      const later = await sendLead(server.url, { name: `Alerted later ${tag()}` });
      const db = new BetterSqlite3(scratch.file);
      const since = "2026-03-03T23:06:00.000Z"; // Wed 4 Mar 2026, 10:06 am in Melbourne
      try {
        // No alert settings on this server: every delivery was recorded "not set up". Make
        // them what a mail server refusing our password leaves behind.
        db.prepare(
          "update alert_outbox set status = 'pending', attempts = 3, last_error = ?, created_at = ?, next_attempt_at = ? where quote_request_id = ? and channel = 'email'",
        ).run("535 5.7.8 Authentication failed", since, "2099-01-01T00:00:00.000Z", id);
      } finally {
        db.close();
      }
      await signIn(page, server.url, scratch.url);
      const notice = page.getByRole("region", { name: "Lead alerts aren't getting through" });
      for (const path of ["/admin", "/admin?view=spam", `/admin/leads/${id}`, "/admin/sources"]) {
        await page.goto(`${server.url}${path}`);
        await expect(notice, path).toBeVisible();
        await expect(notice).toContainText("Lead alert e-mails are failing since");
        await expect(notice).toContainText("Wed, 4 Mar 2026");
        await expect(notice).toContainText("535 5.7.8 Authentication failed");
        await expect(notice).toContainText("npm run alerts:test");
        await expectAccessible(page, `${path} with the alert notice`);
      }
      // A later e-mail got through: delivery works again, and the notice goes.
      const again = new BetterSqlite3(scratch.file);
      try {
        again
          .prepare(
            "update alert_outbox set status = 'sent', attempts = 1, sent_at = ?, created_at = ? where quote_request_id = ? and channel = 'email'",
          )
          .run(new Date().toISOString(), new Date().toISOString(), later);
      } finally {
        again.close();
      }
      await page.goto(`${server.url}/admin`);
      await expect(page.getByRole("heading", { level: 1, name: /^Leads/ })).toBeVisible();
      await expect(notice).toHaveCount(0);
    } finally {
      await server.stop();
      scratch.remove();
    }
  });
});

test.describe("on PostgreSQL", () => {
  test("keyboard only: the same journey", async ({ page, isMobile }) => {
    test.skip(isMobile, "the journey at 375 px runs on SQLite; this one proves the database");
    test.setTimeout(90_000);
    if (!(await postgresReachable())) {
      const message = `PostgreSQL is not reachable at ${shownDatabaseUrl()}`;
      if (REQUIRE_POSTGRES) throw new Error(message);
      test.skip(true, message);
    }
    const db = await createScratchPostgres();
    const server = await spawnServer({ DATABASE_URL: db.url, QUOTE_MIN_FILL_MS: "0" });
    try {
      await journey(page, server.url, db.url, false);
      const history = await db.query<{ kind: string }>("select kind from lead_history order by id");
      expect(history.map((h) => h.kind)).toEqual(["status", "note"]);
    } finally {
      await server.stop();
      await db.drop();
    }
  });
});
