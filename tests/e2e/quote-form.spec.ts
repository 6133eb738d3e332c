// The quote form with JavaScript: spec sections 4, 5, 7 and 8, through a real browser and the
// real server. page.route is used only to hold, break or fake the API's answer; every other
// request reaches the server, and stored rows are read from the real SQLite file.
import type { Page, Request, Route } from "@playwright/test";
import { E2E_DB_FILE } from "../support/config";
import { type QuoteRow, scratchSqlite, sqliteRowsNamed } from "../support/db-helpers";
import { expect, test } from "../support/fixtures";
import { holdScripts, settle } from "../support/pages";
import {
  FORM_FIELDS,
  type FormField,
  fillForm,
  formValues,
  notice,
  openHydrated,
  QUOTE_API,
  quoteForm,
  SPEC,
  uniqueName,
} from "../support/quote-helpers";
import { spawnServer } from "../support/spawn-server";

const API_GLOB = `**${QUOTE_API}`;
const rowsNamed = (name: string): QuoteRow[] => sqliteRowsNamed(E2E_DB_FILE, name);

/** Every request the page makes to the quote API, as it leaves the browser. */
function recordApiRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === QUOTE_API) seen.push(request);
  });
  return seen;
}

function filled(overrides: Partial<Record<FormField, string>> = {}): Record<FormField, string> {
  return {
    name: uniqueName(),
    phone: "0412 345 678",
    email: "sam@example.com",
    postcode: "3056",
    message: "Water coming through the ceiling in the hallway.",
    ...overrides,
  };
}

async function expectThankYou(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Thank You");
}

test.describe("required fields (blank after trimming)", () => {
  const cases: { label: string; blank: Partial<Record<FormField, string>> }[] = [
    { label: "name of spaces", blank: { name: "   " } },
    { label: "phone of spaces", blank: { phone: "  \t " } },
    { label: "postcode of spaces", blank: { postcode: "    " } },
    {
      label: "everything empty",
      blank: { name: "", phone: "", postcode: "", email: "", message: "" },
    },
  ];
  for (const { label, blank } of cases) {
    test(`${label}: 'Required fields missing' and nothing is sent`, async ({ page }) => {
      const sent = recordApiRequests(page);
      await openHydrated(page);
      const values = filled(blank);
      await fillForm(page, values);
      const form = quoteForm(page);
      await form.submit.click();

      await expect(notice(page)).toBeVisible();
      await expect(notice(page)).toContainText(SPEC.requiredTitle);
      await expect(notice(page)).toContainText(SPEC.requiredText);
      await expect(notice(page)).toHaveAttribute("data-tone", "destructive");
      // The blank fields are marked; the filled ones aren't.
      for (const field of ["name", "phone", "postcode"] as const) {
        const isBlank = values[field].trim() === "";
        if (isBlank) await expect(form.field(field)).toHaveAttribute("aria-invalid", "true");
        else await expect(form.field(field)).not.toHaveAttribute("aria-invalid", "true");
      }
      // Nothing left the browser, nothing changed on the page, and the button still works.
      expect(sent).toHaveLength(0);
      await expect(page).not.toHaveURL(/thank-you/);
      expect(await formValues(page)).toEqual(values);
      await expect(form.submit).toBeEnabled();
      if (values.name.trim()) expect(rowsNamed(values.name)).toHaveLength(0);
    });
  }
});

test("format problems are caught in the browser, beside their fields, and nothing is sent", async ({
  page,
}) => {
  const sent = recordApiRequests(page);
  await openHydrated(page);
  const values = filled({ phone: "12", postcode: "30a6", email: "sam@" });
  await fillForm(page, values);
  const form = quoteForm(page);
  await form.submit.click();

  for (const field of ["phone", "postcode", "email"] as const) {
    await expect(form.field(field)).toHaveAttribute("aria-invalid", "true");
    await expect(await form.errorBeside(field)).not.toBeEmpty();
  }
  await expect(form.field("name")).not.toHaveAttribute("aria-invalid", "true");
  await expect(form.formError).toBeVisible();
  expect(sent).toHaveLength(0);
  expect(await formValues(page)).toEqual(values);
  expect(rowsNamed(values.name)).toHaveLength(0);
});

test("while sending, the button reads 'Submitting...' and is disabled; success clears the form and goes to /thank-you", async ({
  page,
}) => {
  await openHydrated(page);
  const values = filled();
  await fillForm(page, values);

  let release: (() => void) | undefined;
  const arrived = new Promise<Route>((resolve) => {
    void page.route(API_GLOB, (route) => resolve(route));
  });
  // The browser leaves for /thank-you with a full page load; note what the form held as the
  // page went away (sessionStorage survives into the next page of the same tab).
  await page.evaluate(() => {
    window.addEventListener("pagehide", () => {
      const form = document.querySelector<HTMLFormElement>("#quote-form form");
      const values = ["name", "phone", "email", "postcode", "message"].map(
        (name) => (form?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "missing",
      );
      sessionStorage.setItem("formAtExit", JSON.stringify(values));
    });
  });
  const form = quoteForm(page);
  await form.submit.click();
  const route = await arrived;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  void held.then(() => route.continue());

  await expect(form.submit).toHaveText(SPEC.submitting);
  await expect(form.submit).toBeDisabled();
  expect(rowsNamed(values.name)).toHaveLength(0);

  release?.();
  await expectThankYou(page);
  const after = await page.evaluate(() =>
    JSON.parse(sessionStorage.getItem("formAtExit") ?? "null"),
  );
  expect(after).toEqual(["", "", "", "", ""]);
  expect(rowsNamed(values.name)).toHaveLength(1);
});

test.describe("a submit tapped before the form's code has arrived", () => {
  test("is held, then sent once as JSON when the form wakes; no plain post besides", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto("/");
    const values = filled();
    await fillForm(page, values);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await quoteForm(page).submit.click();
    await settle(page);
    expect(posts, "nothing sent while the form's code is held").toEqual([]);
    await expect(page).not.toHaveURL(/thank-you/);

    await scripts.release();
    await expectThankYou(page);
    expect(posts).toEqual([QUOTE_API]);
    expect(rowsNamed(values.name)).toHaveLength(1);
  });

  test("blank: 'Required fields missing' once the form wakes, not the browser's own bubbles", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto("/");
    const sent = recordApiRequests(page);
    await quoteForm(page).submit.click();
    await scripts.release();
    await expect(notice(page)).toBeVisible();
    await expect(notice(page)).toContainText("Required fields missing");
    await expect(quoteForm(page).field("name")).toHaveAttribute("aria-invalid", "true");
    expect(sent).toHaveLength(0);
  });
});

type Breakage = {
  label: string;
  /** What the API route does instead of reaching the server. */
  handle: (route: Route) => Promise<void>;
};
const breakages: Breakage[] = [
  { label: "network error", handle: (route) => route.abort("failed") },
  { label: "connection reset", handle: (route) => route.abort("connectionreset") },
  {
    label: "500",
    handle: (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }),
  },
  {
    label: "503 from the API",
    handle: (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: "unavailable", message: "try later" }),
      }),
  },
  {
    label: "429",
    handle: (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        headers: { "Retry-After": "60" },
        body: JSON.stringify({ error: "rate_limited", message: "slow down" }),
      }),
  },
  {
    label: "400 without field errors",
    handle: (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ error: "malformed_json" }),
      }),
  },
  {
    label: "an answer that isn't JSON",
    handle: (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad</h1>" }),
  },
];

async function expectFailureKeptEverything(
  page: Page,
  values: Record<FormField, string>,
): Promise<void> {
  await expect(notice(page)).toBeVisible();
  await expect(notice(page)).toContainText(SPEC.failedTitle);
  await expect(notice(page)).toContainText(SPEC.failedText);
  await expect(notice(page)).toHaveAttribute("data-tone", "destructive");
  await expect(page).not.toHaveURL(/thank-you/);
  expect(await formValues(page)).toEqual(values);
  const form = quoteForm(page);
  await expect(form.submit).toBeEnabled();
  await expect(form.submit).not.toHaveText(SPEC.submitting);
}

test.describe("any failure: 'Submission failed', values kept, button back, error logged", () => {
  for (const { label, handle } of breakages) {
    test(label, async ({ page, browserLog }) => {
      browserLog.allow(/Quote request failed/);
      browserLog.allow(/Failed to load resource/);
      await openHydrated(page);
      const values = filled();
      await fillForm(page, values);
      await page.route(API_GLOB, handle);
      await quoteForm(page).submit.click();

      await expectFailureKeptEverything(page, values);
      await expect
        .poll(() =>
          browserLog.messages.some(
            (m) => m.type === "error" && /Quote request failed/.test(m.text),
          ),
        )
        .toBe(true);
      expect(rowsNamed(values.name)).toHaveLength(0);
    });
  }

  test("timeout: an answer that never comes", async ({ page, browserLog }) => {
    browserLog.allow(/Quote request failed/);
    browserLog.allow(/Failed to load resource/);
    // The app gives up after 15 s (AbortSignal.timeout); the fake clock gets there at once.
    await page.clock.install();
    await openHydrated(page);
    const values = filled();
    await fillForm(page, values);
    let arrived = false;
    await page.route(API_GLOB, () => {
      arrived = true; // never answered
    });
    await quoteForm(page).submit.click();
    await expect.poll(() => arrived).toBe(true);
    await expect(quoteForm(page).submit).toHaveText(SPEC.submitting);
    // Not yet: well before the time limit the form is still waiting.
    await page.clock.runFor(10_000);
    await expect(quoteForm(page).submit).toHaveText(SPEC.submitting);
    await expect(notice(page)).toHaveCount(0);
    await page.clock.runFor(6_000);

    await expectFailureKeptEverything(page, values);
    expect(
      browserLog.messages.some((m) => m.type === "error" && /Quote request failed/.test(m.text)),
    ).toBe(true);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("after a failure the same fill can be sent again and lands", async ({
    page,
    browserLog,
  }) => {
    browserLog.allow(/Quote request failed/);
    browserLog.allow(/Failed to load resource/);
    await openHydrated(page);
    const values = filled();
    await fillForm(page, values);
    await page.route(API_GLOB, (route) => route.fulfill({ status: 503, body: "{}" }));
    await quoteForm(page).submit.click();
    await expectFailureKeptEverything(page, values);

    await page.unroute(API_GLOB);
    await quoteForm(page).submit.click();
    await expectThankYou(page);
    expect(rowsNamed(values.name)).toHaveLength(1);
  });
});

const BROWSER_400 = /Failed to load resource: the server responded with a status of 400/;

test("field errors from the server (400) appear beside their fields", async ({
  page,
  browserLog,
}) => {
  // Chromium reports every 4xx answer to fetch on the console; that line is the browser's.
  browserLog.allow(BROWSER_400);
  await openHydrated(page);
  const values = filled();
  await fillForm(page, values);
  const phoneProblem = "The server says this phone number is odd.";
  const postcodeProblem = "The server says no such postcode.";
  await page.route(API_GLOB, (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        error: "validation",
        fieldErrors: { phone: phoneProblem, postcode: postcodeProblem },
      }),
    }),
  );
  const form = quoteForm(page);
  await form.submit.click();

  await expect(form.field("phone")).toHaveAttribute("aria-invalid", "true");
  await expect(await form.errorBeside("phone")).toHaveText(phoneProblem);
  await expect(form.field("postcode")).toHaveAttribute("aria-invalid", "true");
  await expect(await form.errorBeside("postcode")).toHaveText(postcodeProblem);
  for (const field of ["name", "email", "message"] as const) {
    await expect(form.field(field)).not.toHaveAttribute("aria-invalid", "true");
  }
  // Beside means in the field's own block, right after the input.
  const phoneBlockText = await form.field("phone").locator("xpath=..").textContent();
  expect(phoneBlockText).toContain(phoneProblem);
  expect(phoneBlockText).not.toContain(postcodeProblem);
  await expect(form.formError).toBeVisible();
  await expect(page).not.toHaveURL(/thank-you/);
  expect(await formValues(page)).toEqual(values);
  await expect(form.submit).toBeEnabled();
});

test("the real server's field errors (400) reach the form too", async ({ page, browserLog }) => {
  browserLog.allow(BROWSER_400);
  await openHydrated(page);
  // Passes the browser's checks but not the server's: a 2001-character message can't be
  // typed (maxLength), so the request is changed on its way out.
  const values = filled();
  await fillForm(page, values);
  await page.route(API_GLOB, async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, message: "m".repeat(2001) }) });
  });
  const form = quoteForm(page);
  await form.submit.click();
  await expect(form.field("message")).toHaveAttribute("aria-invalid", "true");
  await expect(await form.errorBeside("message")).toContainText("2,000");
  await expect(form.formError).toBeVisible();
  expect(rowsNamed(values.name)).toHaveLength(0);
});

test.describe("the notice", () => {
  test("is announced (inside an aria-live region), one at a time, at the bottom-right", async ({
    page,
    browserLog,
  }) => {
    browserLog.allow(/Quote request failed/);
    browserLog.allow(/Failed to load resource/);
    await openHydrated(page);
    // The live region is in the page before anything is announced, so the change is heard.
    const regions = page.locator('[aria-live="assertive"], [aria-live="polite"]');
    const regionCountBefore = await regions.count();
    expect(regionCountBefore).toBeGreaterThan(0);

    const form = quoteForm(page);
    await form.submit.click();
    await form.submit.click();
    await expect(notice(page)).toHaveCount(1);
    await expect(notice(page)).toContainText(SPEC.requiredTitle);
    const live = notice(page).locator("xpath=ancestor::*[@aria-live][1]");
    await expect(live).toHaveCount(1);
    expect(["assertive", "polite"]).toContain(await live.getAttribute("aria-live"));
    expect(await live.getAttribute("aria-atomic")).not.toBe("false");

    // A second, different notice replaces the first.
    const values = filled();
    await fillForm(page, values);
    await page.route(API_GLOB, (route) => route.abort("failed"));
    await form.submit.click();
    await expect(notice(page)).toContainText(SPEC.failedTitle);
    await expect(notice(page)).toHaveCount(1);
    await expect(page.getByText(SPEC.requiredTitle)).toHaveCount(0);

    const viewport = page.viewportSize();
    const box = await notice(page).boundingBox();
    expect(viewport && box).toBeTruthy();
    if (!viewport || !box) return;
    expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(32);
    expect(viewport.width - (box.x + box.width)).toBeGreaterThanOrEqual(0);
    expect(viewport.height - (box.y + box.height)).toBeLessThanOrEqual(32);
    expect(viewport.height - (box.y + box.height)).toBeGreaterThanOrEqual(0);
    // On wide screens it sits in the right half; on phones it may span the width.
    if (viewport.width >= 640) expect(box.x).toBeGreaterThan(viewport.width / 2);
    // It stays put while the page scrolls (fixed), so it is seen wherever the form is.
    await page.mouse.wheel(0, -2000);
    await expect
      .poll(async () => {
        const b = await notice(page).boundingBox();
        return b ? Math.round(viewport.height - (b.y + b.height)) : -1;
      })
      .toBeLessThanOrEqual(32);
  });
});

test.describe("one fill stores one row", () => {
  test("a retry after the connection dropped (the server got the first one)", async ({
    page,
    browserLog,
  }) => {
    browserLog.allow(/Quote request failed/);
    browserLog.allow(/Failed to load resource/);
    await openHydrated(page);
    const values = filled();
    await fillForm(page, values);

    const keys: string[] = [];
    let firstStatus = 0;
    await page.route(API_GLOB, async (route) => {
      keys.push((await route.request().headerValue("idempotency-key")) ?? "");
      if (keys.length === 1) {
        // The request reaches the server and is stored, but the answer never gets back.
        const response = await route.fetch();
        firstStatus = response.status();
        await route.abort("connectionreset");
      } else {
        await route.continue();
      }
    });
    const form = quoteForm(page);
    await form.submit.click();
    await expectFailureKeptEverything(page, values);
    expect(firstStatus).toBe(201);
    expect(rowsNamed(values.name)).toHaveLength(1);

    await form.submit.click();
    await expectThankYou(page);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    const rows = rowsNamed(values.name);
    expect(rows).toHaveLength(1);
    // Stored scoped to the visitor's address (k1:…), not as the browser sent it.
    expect(rows[0]?.idempotency_key).toMatch(/^k1:/);
  });

  test("a double click", async ({ page }) => {
    const sent = recordApiRequests(page);
    await openHydrated(page);
    const values = filled();
    await fillForm(page, values);
    await quoteForm(page).submit.dblclick();
    await expectThankYou(page);
    test.info().annotations.push({ type: "requests sent", description: String(sent.length) });
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(rowsNamed(values.name)).toHaveLength(1);
  });

  test("two submits in the same instant", async ({ page }) => {
    const sent = recordApiRequests(page);
    await openHydrated(page);
    const values = filled();
    await fillForm(page, values);
    await page.locator("#quote-form form").evaluate((form: HTMLFormElement) => {
      form.requestSubmit();
      form.requestSubmit();
    });
    await expectThankYou(page);
    const keys = await Promise.all(sent.map((r) => r.headerValue("idempotency-key")));
    test.info().annotations.push({ type: "requests sent", description: String(sent.length) });
    expect(new Set(keys).size).toBe(1);
    expect(rowsNamed(values.name)).toHaveLength(1);
  });

  test("a new fill after a success is a new request", async ({ page }) => {
    await openHydrated(page);
    const name = uniqueName();
    await fillForm(page, filled({ name }));
    await quoteForm(page).submit.click();
    await expectThankYou(page);

    await openHydrated(page);
    await fillForm(page, filled({ name }));
    await quoteForm(page).submit.click();
    await expectThankYou(page);
    const rows = rowsNamed(name);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.idempotency_key).not.toBe(rows[1]?.idempotency_key);
  });
});

test.describe("real end to end", () => {
  test("a quick visitor who typed before the script woke is not taken for a bot", async ({
    page,
  }) => {
    const db = scratchSqlite("fill-clock");
    const server = await spawnServer({ DATABASE_URL: db.url, QUOTE_MIN_FILL_MS: "3000" });
    try {
      // The islands' script arrives late, as on a slow phone; the visitor types meanwhile.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/assets/entry.client-*.js", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${server.url}/`);
      const values = filled();
      await fillForm(page, values);
      await page.waitForTimeout(3_500);
      release();
      await expect(quoteForm(page).form).toHaveAttribute("novalidate", "");
      // Sent the moment the form wakes: the page has been open well past the minimum.
      await quoteForm(page).submit.click();
      await expectThankYou(page);
      const [row] = sqliteRowsNamed(db.file, values.name);
      expect(row).toMatchObject({ is_spam: 0, spam_reason: null });
    } finally {
      // Leave the page before its server goes, or its late requests fail on the console.
      await page.goto("about:blank");
      await server.stop();
      db.remove();
    }
  });

  test("a submission lands as one row with trimmed values, derived suburb and blanks as NULL", async ({
    page,
  }) => {
    await openHydrated(page, "/");
    const name = uniqueName();
    await fillForm(page, {
      name: `   ${name}  `,
      phone: "  (03) 9555 1234 ",
      email: "  Sam.Nguyen@Example.COM  ",
      postcode: "3056",
      message: "   ",
    });
    await quoteForm(page).submit.click();
    await expectThankYou(page);

    const rows = rowsNamed(name);
    expect(rows).toHaveLength(1);
    const row = rows[0] as QuoteRow;
    expect(row).toMatchObject({
      name,
      phone: "(03) 9555 1234",
      phone_normalised: "0395551234",
      email: "sam.nguyen@example.com",
      postcode: "3056",
      message: null,
      source_page: "/",
      is_spam: 0,
      spam_reason: null,
      outside_service_area: 0,
    });
    expect(row.suburb).toContain("Brunswick");
    expect(row.idempotency_key).toBeTruthy();
    expect(Date.now() - Date.parse(row.created_at)).toBeLessThan(60_000);
  });

  test("from a suburb page: its path is the source page, and a client-sent suburb is ignored", async ({
    page,
  }) => {
    await openHydrated(page, "/roof-repair-brunswick");
    const values = filled({ postcode: "3072", email: "", message: "Two lines\nof detail" });
    await fillForm(page, values);
    await page.route(API_GLOB, async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      expect(body.source_page).toBe("/roof-repair-brunswick");
      await route.continue({
        postData: JSON.stringify({ ...body, suburb: "Hackerville", outside_service_area: 1 }),
      });
    });
    await quoteForm(page).submit.click();
    await expectThankYou(page);

    const [row] = rowsNamed(values.name);
    expect(row).toMatchObject({
      suburb: "Preston",
      postcode: "3072",
      source_page: "/roof-repair-brunswick",
      email: null,
      message: "Two lines\nof detail",
      outside_service_area: 0,
    });
  });

  test("a postcode outside the service area is accepted and flagged", async ({ page }) => {
    await openHydrated(page);
    const values = filled({ postcode: "2000" });
    await fillForm(page, values);
    await quoteForm(page).submit.click();
    await expectThankYou(page);
    const [row] = rowsNamed(values.name);
    expect(row?.outside_service_area).toBe(1);
    expect(row?.suburb).toBe("2000");
  });

  test("a bot that fills the hidden honeypot gets the same thank-you; the row is marked spam", async ({
    page,
  }) => {
    await openHydrated(page);
    const values = filled();
    await fillForm(page, values);
    // People never see this field; a bot filling every input does.
    const honeypot = page.locator('#quote-form input[name="company_website"]');
    await expect(honeypot).toBeHidden();
    await honeypot.evaluate((input: HTMLInputElement) => {
      input.value = "https://cheap-seo.example";
    });
    await quoteForm(page).submit.click();
    await expectThankYou(page);
    const [row] = rowsNamed(values.name);
    expect(row?.is_spam).toBe(1);
    expect(row?.spam_reason).toBe("honeypot");
  });

  test("what is sent: values trimmed, blank optional fields as null (spec section 5)", async ({
    page,
  }) => {
    await openHydrated(page);
    const name = uniqueName();
    await fillForm(page, {
      name: `  ${name} `,
      phone: " 0412 345 678 ",
      email: "   ",
      postcode: "3056",
      message: "",
    });
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === QUOTE_API);
    await quoteForm(page).submit.click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    await expectThankYou(page);
    expect({
      name: body.name,
      phone: body.phone,
      email: body.email,
      postcode: body.postcode,
      message: body.message,
    }).toEqual({ name, phone: "0412 345 678", email: null, postcode: "3056", message: null });
  });
});

test("every field is labelled and the required ones say so", async ({ page }) => {
  await openHydrated(page);
  const form = quoteForm(page);
  for (const field of FORM_FIELDS) {
    const id = await form.field(field).getAttribute("id");
    await expect(page.locator(`label[for="${id}"]`)).toHaveCount(1);
  }
  for (const field of ["name", "phone", "postcode"] as const) {
    await expect(form.field(field)).toHaveAttribute("required", "");
  }
  await expect(form.field("email")).toHaveAttribute("type", "email");
  await expect(form.field("phone")).toHaveAttribute("type", "tel");
});
