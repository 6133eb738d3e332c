// The API route end to end, over the process-wide database (a temp SQLite file here).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { BUSINESS } from "~/content/business";
import { QUOTE_FORM_COPY } from "~/content/quote-form-copy";
import { MAX_BODY_BYTES } from "~/server/body-limit.server";
import { clientInfoContext } from "~/server/request-context.server";

// The server reads its settings once, when first imported: set them before any server
// module loads (hence the dynamic imports below).
const dir = mkdtempSync(path.join(tmpdir(), "quotes-route-"));
process.env.DATABASE_URL = `file:${path.join(dir, "route.db")}`;
process.env.RATE_LIMIT_MAX = "3";
process.env.RATE_LIMIT_WINDOW_SECONDS = "600";
const { action, loader } = await import("./api.quote-requests");
const { loader: healthz } = await import("./healthz");
const { closeDatabase, getDb, startDatabase } = await import("~/server/db.server");
// After the settings above: this module opens the app's database module too.
const { countQuoteRequests, listQuoteRequests } = await import("../../tests/support/database");

afterAll(async () => {
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
});

type ActionArgs = Parameters<typeof action>[0];
let ipCounter = 0;
let ip = "";
beforeEach(() => {
  ip = `198.51.100.${++ipCounter}`;
});

function call(init: RequestInit & { contentType?: string | null }, clientIp = ip) {
  const headers = new Headers(init.headers);
  if (init.contentType !== null)
    headers.set("Content-Type", init.contentType ?? "application/json");
  const request = new Request("http://localhost/api/quote-requests", {
    method: "POST",
    ...init,
    headers,
  });
  const context = new RouterContextProvider();
  context.set(clientInfoContext, { ip: clientIp, userAgent: "vitest" });
  return action({ request, context, params: {} } as unknown as ActionArgs);
}

const body = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: "Sam Nguyen",
    phone: "0412 345 678",
    email: "",
    postcode: "3072",
    message: "",
    source_page: "/roof-repair-preston",
    ...overrides,
  });

const count = async () => {
  await startDatabase();
  return countQuoteRequests(getDb());
};

describe("POST /api/quote-requests", () => {
  it("stores a valid request and answers 201 with its id", async () => {
    const before = await count();
    const response = await call({ body: body() });
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { id } = (await response.json()) as { id: number };
    expect(Number.isInteger(id)).toBe(true);
    expect(await count()).toBe(before + 1);
    const rows = await listQuoteRequests(getDb());
    expect(rows.find((row) => row.id === id)).toMatchObject({
      suburb: "Preston",
      source_page: "/roof-repair-preston",
      email: null,
    });
  });

  it("accepts a charset parameter on the content type", async () => {
    const response = await call({ body: body(), contentType: "application/json; charset=UTF-8" });
    expect(response.status).toBe(201);
  });

  it("answers 400 naming each bad field, and stores nothing", async () => {
    const before = await count();
    const response = await call({ body: body({ name: 7, phone: "12", postcode: "abc" }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "validation",
      fieldErrors: {
        name: "Please type your name as plain text.",
        phone: "That phone number looks a bit short — we need at least 8 digits.",
        postcode: "Postcodes are 4 digits, like 3000.",
      },
    });
    expect(await count()).toBe(before);
  });

  it.each([
    ["malformed JSON", "{name:"],
    ["an empty body", ""],
    ["a JSON array", "[1,2]"],
    ["JSON null", "null"],
  ])("answers 400 for %s", async (_label, text) => {
    const before = await count();
    const response = await call({ body: text });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "malformed_json" });
    expect(await count()).toBe(before);
  });

  it("answers 400 for bytes that aren't UTF-8", async () => {
    const response = await call({ body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) });
    expect(response.status).toBe(400);
  });

  it.each([["text/plain"], ["application/x-www-form-urlencoded"], ["application/jsonx"], [null]])(
    "answers 415 for content type %s",
    async (contentType) => {
      const before = await count();
      const response = await call({ body: body(), contentType });
      expect(response.status).toBe(415);
      expect(await count()).toBe(before);
    },
  );

  it("answers 413 when Content-Length says over 16 KB, before reading anything", async () => {
    const response = await call({
      body: body(),
      headers: { "Content-Length": String(MAX_BODY_BYTES + 1) },
    });
    expect(response.status).toBe(413);
  });

  it("answers 413 when Content-Length understates a body over 16 KB", async () => {
    const before = await count();
    const response = await call({
      body: body({ message: "x".repeat(MAX_BODY_BYTES) }),
      headers: { "Content-Length": "100" },
    });
    expect(response.status).toBe(413);
    expect(await count()).toBe(before);
  });

  it("answers 413 by counting the bytes when no length is declared", async () => {
    const big = new TextEncoder().encode(body({ message: "x".repeat(MAX_BODY_BYTES) }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 1024) controller.enqueue(big.slice(i, i + 1024));
        controller.close();
      },
    });
    const before = await count();
    const response = await call({ body: stream, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    expect(await count()).toBe(before);
  });

  it("accepts a body just under the limit", async () => {
    const text = body({ message: "" });
    const padded = text.replace(
      '"message":""',
      `"message":"","pad":"${"p".repeat(MAX_BODY_BYTES - text.length - 10)}"`,
    );
    expect(new TextEncoder().encode(padded).length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect((await call({ body: padded })).status).toBe(201);
  });

  it("answers 405 to GET (the loader) and other methods", async () => {
    const get = loader();
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect((await call({ method: "PUT", body: body() })).status).toBe(405);
  });

  it("stores one row for a repeated Idempotency-Key and answers with the same id", async () => {
    const key = crypto.randomUUID();
    const before = await count();
    const first = await call({ body: body(), headers: { "Idempotency-Key": key } });
    const second = await call({ body: body(), headers: { "Idempotency-Key": key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    expect(await count()).toBe(before + 1);
  });

  it("answers a bot like a person, and stores it as spam", async () => {
    const response = await call({ body: body({ company_website: "https://spam.example" }) });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const rows = await listQuoteRequests(getDb());
    expect(rows.find((row) => row.id === id)).toMatchObject({
      is_spam: 1,
      spam_reason: "honeypot",
    });
  });

  it("answers 429 with Retry-After and the phone number after 3 from one address", async () => {
    // Three different requests: the same one sent again would be a replay, not a new request.
    for (let i = 0; i < 3; i++) {
      expect((await call({ body: body({ name: `Sam ${i}` }) })).status).toBe(201);
    }
    const before = await count();
    const response = await call({ body: body({ name: "Sam 4" }) });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(500);
    expect(await response.json()).toEqual({
      error: "rate_limited",
      message: QUOTE_FORM_COPY.rateLimited(BUSINESS.phone),
    });
    expect(await count()).toBe(before);
    expect((await call({ body: body() }, "192.0.2.55")).status).toBe(201);
  });
});

describe("GET /healthz", () => {
  it("answers 200 ok when the database works", async () => {
    const response = await healthz();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });
});
