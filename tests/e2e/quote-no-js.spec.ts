// The quote form without JavaScript: a real <form method="post"> answered by the landing
// route's action. Success is a 303 to /thank-you; invalid input re-renders the page (400) with
// the visitor's values and a message beside each field and at the top.
import type { Page, Request } from "@playwright/test";
import { E2E_DB_FILE } from "../support/config";
import { type QuoteRow, sqliteRowsNamed, sqliteRowsWhere } from "../support/db-helpers";
import { expect, test } from "../support/fixtures";
import { type FormField, fillForm, quoteForm, uniqueName } from "../support/quote-helpers";

test.use({ javaScriptEnabled: false });

const rowsNamed = (name: string): QuoteRow[] => sqliteRowsNamed(E2E_DB_FILE, name);
/** Chromium logs the document's own 4xx status on the console; that line is expected here. */
const DOCUMENT_4XX = /Failed to load resource: the server responded with a status of 4\d\d/;

// The home page is an index route; the suburb pages are not. Both must take the form.
const PAGES = ["/", "/roof-repair-brunswick"] as const;

async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  // Without JavaScript nothing hydrates, so the browser's own checks stay on.
  await expect(quoteForm(page).form).not.toHaveAttribute("novalidate", /.*/);
}

/** Submits the form natively and returns the POST (its response and any redirect). */
async function submit(page: Page): Promise<Request> {
  const posted = page.waitForRequest((r) => r.method() === "POST" && r.isNavigationRequest());
  await quoteForm(page).submit.click();
  const request = await posted;
  await page.waitForLoadState("domcontentloaded");
  return request;
}

test('it is a real <form method="post"> with named fields', async ({ page }) => {
  for (const path of PAGES) {
    await open(page, path);
    const form = quoteForm(page);
    await expect(form.form).toHaveAttribute("method", "post");
    for (const field of ["name", "phone", "email", "postcode", "message"] as const) {
      await expect(form.field(field), `${path} ${field}`).toHaveCount(1);
    }
    await expect(form.submit).toBeEnabled();
  }
});

for (const path of PAGES) {
  test(`${path}: a valid request is stored and answered with a 303 to /thank-you`, async ({
    page,
  }) => {
    await open(page, path);
    const name = uniqueName();
    await fillForm(page, {
      name: `  ${name} `,
      phone: " 03 9555 1234 ",
      email: " Sam@Example.com ",
      postcode: "3058",
      message: "The skylight leaks.\nOnly when it's windy.",
    });
    const request = await submit(page);
    const response = await request.response();
    expect(response?.status(), `POST ${path} answered`).toBe(303);
    expect(response?.headers().location).toMatch(/\/thank-you$/);
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Thank You");

    const rows = rowsNamed(name);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name,
      phone: "03 9555 1234",
      email: "sam@example.com",
      postcode: "3058",
      suburb: "Coburg, Coburg North",
      source_page: path,
      is_spam: 0,
    });
    // Browsers send a textarea's line breaks as CRLF.
    expect(rows[0]?.message).toMatch(/^The skylight leaks\.\r?\nOnly when it's windy\.$/);
  });

  test(`${path}: the same request sent twice without JavaScript is one lead`, async ({ page }) => {
    const values = { name: uniqueName("Twice"), phone: "0412 345 678", postcode: "3056" };
    for (let attempt = 0; attempt < 2; attempt++) {
      // A second go at the same form: a double click, or Back and Send again.
      await open(page, path);
      await fillForm(page, values);
      const request = await submit(page);
      expect((await request.response())?.status(), `attempt ${attempt + 1}`).toBe(303);
      await expect(page).toHaveURL(/\/thank-you$/);
    }
    expect(rowsNamed(values.name)).toHaveLength(1);
  });

  test(`${path}: invalid input re-renders the page (400) with the values and a message per field`, async ({
    page,
    browserLog,
  }) => {
    browserLog.allow(DOCUMENT_4XX);
    await open(page, path);
    // Each of these passes the browser's own checks but not the server's.
    const marker = uniqueName("Message");
    const values: Record<FormField, string> = {
      name: "   ",
      phone: "12",
      email: "sam@example",
      postcode: "3056",
      message: marker,
    };
    await fillForm(page, values);
    const request = await submit(page);
    expect((await request.response())?.status(), `POST ${path} answered`).toBe(400);
    await expect(page).not.toHaveURL(/thank-you/);

    const form = quoteForm(page);
    // The message at the top…
    await expect(form.formError).toBeVisible();
    await expect(form.formError).toContainText(/fix|check/i);
    // …and one beside each bad field, tied to it for screen readers.
    for (const field of ["name", "phone", "email"] as const) {
      await expect(form.field(field), field).toHaveAttribute("aria-invalid", "true");
      const error = await form.errorBeside(field);
      await expect(error, field).toBeVisible();
      await expect(error, field).not.toBeEmpty();
    }
    await expect(await form.errorBeside("phone")).toContainText(/digits|short/i);
    await expect(await form.errorBeside("email")).toContainText(/email/i);
    for (const field of ["postcode", "message"] as const) {
      await expect(form.field(field), field).not.toHaveAttribute("aria-invalid", "true");
    }
    // What the visitor typed is still there.
    for (const field of ["phone", "email", "postcode", "message"] as const) {
      await expect(form.field(field), field).toHaveValue(values[field]);
    }
    expect(sqliteRowsWhere(E2E_DB_FILE, "message", marker)).toHaveLength(0);

    // Fixing the fields and sending again works, still without JavaScript.
    const name = uniqueName();
    await form.field("name").fill(name);
    await form.field("phone").fill("0412 345 678");
    await form.field("email").fill("sam@example.com");
    const second = await submit(page);
    expect((await second.response())?.status()).toBe(303);
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(rowsNamed(name)).toHaveLength(1);
    expect(rowsNamed(name)[0]?.message).toBe(marker);
  });
}

test("the server checks what the browser's own checks would have stopped", async ({
  page,
  browserLog,
}) => {
  browserLog.allow(DOCUMENT_4XX);
  const path = "/roof-repair-brunswick";
  await open(page, path);
  // A browser that ignores the markup's rules (or an old one) sends anything; here
  // the form's validation is switched off the way such a browser would behave.
  await quoteForm(page).form.evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  const name = uniqueName();
  const values: Record<FormField, string> = {
    name,
    phone: "0412 345 678",
    email: "not an email",
    postcode: "30a6",
    message: "",
  };
  await fillForm(page, values);
  const request = await submit(page);
  expect((await request.response())?.status()).toBe(400);
  const form = quoteForm(page);
  for (const field of ["postcode", "email"] as const) {
    await expect(form.field(field)).toHaveAttribute("aria-invalid", "true");
    await expect(await form.errorBeside(field)).not.toBeEmpty();
    await expect(form.field(field)).toHaveValue(values[field]);
  }
  await expect(await form.errorBeside("postcode")).toContainText("4 digits");
  await expect(form.field("name")).toHaveValue(name);
  await expect(form.field("name")).not.toHaveAttribute("aria-invalid", "true");
  expect(rowsNamed(name)).toHaveLength(0);
});
