// Shared pieces of the quote-request end-to-end specs: unique names, a valid request, the
// spec's texts, and the form's inputs in the browser.
import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { BUSINESS } from "./site-content";

export const QUOTE_API = "/api/quote-requests";

/** The spec's texts (section 5 and 8), written out here so a change in the app shows up. */
export const SPEC = {
  requiredTitle: "Required fields missing",
  requiredText: "Please fill in your name, phone number, and postcode.",
  failedTitle: "Submission failed",
  failedText: `Please try again or call us directly at ${BUSINESS.phone}.`,
  submitting: "Submitting...",
} as const;

export const PHONE = BUSINESS.phone;

/** A name no other test (or parallel worker) uses, to find its row in a shared database. */
export function uniqueName(prefix = "Test"): string {
  return `${prefix} ${randomUUID()}`;
}

export interface QuoteBody {
  name?: unknown;
  phone?: unknown;
  email?: unknown;
  postcode?: unknown;
  message?: unknown;
  [extra: string]: unknown;
}

export function validQuote(overrides: QuoteBody = {}): QuoteBody {
  return {
    name: uniqueName(),
    phone: "0412 345 678",
    email: "sam@example.com",
    postcode: "3056",
    message: "Drip in the hallway when it rains.",
    ...overrides,
  };
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown> | undefined;
}

/** POSTs a body to the quote API over real HTTP; a non-string body is sent as JSON. */
export async function postQuote(
  baseUrl: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const response = await fetch(new URL(QUOTE_API, baseUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return answerOf(response);
}

export async function answerOf(response: Response): Promise<JsonAnswer> {
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

// --- The form in the browser -------------------------------------------------------------

export type FormField = "name" | "phone" | "email" | "postcode" | "message";
export const FORM_FIELDS: readonly FormField[] = ["name", "phone", "email", "postcode", "message"];

export function quoteForm(page: Page) {
  const root = page.locator("#quote-form");
  const form = root.locator("form");
  const field = (name: FormField): Locator =>
    form.locator(name === "message" ? 'textarea[name="message"]' : `input[name="${name}"]`);
  return {
    root,
    form,
    field,
    submit: form.locator('button[type="submit"]'),
    /** The error text shown beside a field: the element its aria-describedby names. */
    async errorBeside(name: FormField): Promise<Locator> {
      const id = await field(name).getAttribute("aria-describedby");
      expect(id, `${name} should point at its error with aria-describedby`).toBeTruthy();
      return page.locator(`[id="${id}"]`);
    },
    /** The message at the top of the form. */
    formError: form.locator('[role="alert"]'),
  };
}

/**
 * Wakes the form as a visitor does, by moving into its first field, and waits until React has
 * hydrated it (it sets noValidate). The form's code loads only when someone reaches for it.
 */
export async function wakeForm(page: Page): Promise<void> {
  await page.locator("#quote-form form").getByLabel("Name").focus();
  await expect(page.locator("#quote-form form")).toHaveAttribute("novalidate", "");
}

/** Opens a landing page and wakes the form (see wakeForm). */
export async function openHydrated(page: Page, path = "/"): Promise<void> {
  await page.goto(path);
  await wakeForm(page);
}

export async function fillForm(
  page: Page,
  values: Partial<Record<FormField, string>>,
): Promise<void> {
  const form = quoteForm(page);
  for (const name of FORM_FIELDS) {
    const value = values[name];
    if (value !== undefined) await form.field(name).fill(value);
  }
}

export async function formValues(page: Page): Promise<Record<FormField, string>> {
  const form = quoteForm(page);
  const values = {} as Record<FormField, string>;
  for (const name of FORM_FIELDS) values[name] = await form.field(name).inputValue();
  return values;
}

/** The one notice (toast) on the page. */
export function notice(page: Page): Locator {
  return page.getByTestId("notice");
}
