// The owner's inbox in a real browser, on a phone (375 px) and at a desk: the keyboard-only
// journey (sign in, open a lead, change its status, add a note, sign out) with axe on every
// page, stored markup staying inert, the overdue marker, the spam tab and deleting a lead.
// SQLite on the suite's server; the same journey on PostgreSQL on a server of its own.
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import BetterSqlite3 from "better-sqlite3";
import { addOwner, PASSWORD, sendLead, uniqueEmail } from "../support/admin-helpers";
import { E2E_BASE_URL, E2E_DB_FILE } from "../support/config";
import {
  createScratchPostgres,
  postgresReachable,
  REQUIRE_POSTGRES,
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

  // Find the lead by searching, then open it.
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
  await expect(card).toContainText("/roof-repair-brunswick");
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
  await tabTo(page, page.getByRole("button", { name: "Save status" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Status saved.");
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem").first()).toContainText("Status: New → Contacted");
  await expect(history.getByRole("listitem").first()).toContainText(email);

  // A note.
  await tabTo(page, page.getByLabel("Add a note"));
  await page.keyboard.type("Rang at 9, booked Tuesday arvo.");
  await tabTo(page, page.getByRole("button", { name: "Add note" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Note added.");
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
    await page.getByRole("button", { name: "Add note" }).click();
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

  test("a new lead left over 15 minutes stands out as overdue", async ({ page }) => {
    const late = `Late ${tag()}`;
    const fresh = `Fresh ${tag()}`;
    const lateId = await sendLead(E2E_BASE_URL, { name: late });
    await sendLead(E2E_BASE_URL, { name: fresh });
    const db = new BetterSqlite3(E2E_DB_FILE);
    try {
      db.prepare("update quote_requests set created_at = ? where id = ?").run(
        new Date(Date.now() - 16 * 60_000).toISOString(),
        lateId,
      );
    } finally {
      db.close();
    }
    await signIn(page, E2E_BASE_URL, SQLITE_URL);
    await expect(page.getByText(/new leads? (has|have) waited over 15 minutes/)).toBeVisible();
    await page.goto(`/admin?q=${late.split(" ")[1]}`);
    const lateCard = page.locator("main li").filter({ hasText: late });
    await expect(lateCard.getByText("Overdue: call now")).toBeVisible();
    await expect(lateCard).toContainText("16 min ago");
    await page.goto(`/admin?q=${fresh.split(" ")[1]}`);
    const freshCard = page.locator("main li").filter({ hasText: fresh });
    await expect(freshCard).toContainText("just now");
    await expect(freshCard.getByText("Overdue: call now")).toHaveCount(0);

    // Once someone has called, it isn't overdue any more.
    await page.goto(`/admin/leads/${lateId}`);
    await expect(page.getByText("Overdue: call now")).toBeVisible();
    await page.getByLabel("Status").selectOption("contacted");
    await page.getByRole("button", { name: "Save status" }).click();
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
    await page.getByRole("button", { name: "Add note" }).click();

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
    await expect(source).toContainText("/roof-repair-frankston");
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
    await page.getByRole("button", { name: "Save status" }).click();
    await page.getByRole("link", { name: "Sources" }).click();
    const row = page.getByRole("row", { name: new RegExp(`google / cpc / ${campaign}`) });
    await expect(row.getByRole("cell")).toHaveText(["1", "1"]);
    await expect(page.getByRole("table", { name: "By page" })).toContainText(
      "/roof-repair-preston",
    );
    await expectAccessible(page, "the sources page");
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
