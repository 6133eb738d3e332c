// Thousands of random and hostile requests at the real API over HTTP: never a 5xx, and every
// row that lands is one the shared schema accepts, stored exactly as the schema outputs it.
import { expect, test } from "@playwright/test";
import fc from "fast-check";
import { QUOTE_FIELDS, QuoteRequestSchema } from "../../app/lib/quote-schema";
import { scratchSqlite, withSqlite } from "../support/db-helpers";
import { type RunningServer, spawnServer } from "../support/spawn-server";

const RUNS = 1500;
const ALLOWED = new Set([201, 400, 413, 415]);

const hostileText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom(
    "",
    "   ",
    "<script>alert(1)</script>",
    "'; drop table quote_requests; --",
    "0412 345 678",
    "+61 3 5550 4321",
    "3056",
    "sam@example.com",
    "\u0000\u0007\u001b[2J",
    "\ud800",
    "x".repeat(3000),
  ),
);
const anyValue = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileText, { maxKeys: 3 }),
);
const fieldName = fc.oneof(
  fc.constantFrom(...QUOTE_FIELDS, "suburb", "id", "is_spam", "idempotency_key", "__proto__"),
  fc.string({ maxLength: 12 }),
);
// Near-valid bodies with hostile edges, so every run also exercises the storing path.
const plausibleBody = fc
  .record({
    name: fc.oneof(
      fc.constantFrom("Sam", " Zoë O'Brien ", "<b>Jo</b>"),
      fc.string({ minLength: 1, maxLength: 100 }),
    ),
    phone: fc.constantFrom(
      "0412 345 678",
      "(03) 5550-4321",
      "+61 3 5550 4321",
      "12",
      "0412\u0000345678",
    ),
    postcode: fc.oneof(
      fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, "0")),
      hostileText,
    ),
    email: fc.option(fc.constantFrom("SAM@Example.com", "not-an-email", "", "a@b.co")),
    message: fc.option(hostileText),
    suburb: fc.option(hostileText),
  })
  .map((body) => JSON.stringify(body));

const jsonBody = fc.oneof(
  plausibleBody,
  fc.dictionary(fieldName, anyValue, { maxKeys: 8 }).map((body) => JSON.stringify(body)),
  fc
    .record({
      name: hostileText,
      phone: hostileText,
      postcode: hostileText,
      email: fc.option(hostileText),
      message: fc.option(hostileText),
    })
    .map((body) => JSON.stringify(body)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
);
const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "",
);

test.describe("the API under random and hostile input", () => {
  let server: RunningServer;
  const db = scratchSqlite("fuzz");

  test.beforeAll(async () => {
    server = await spawnServer({
      DATABASE_URL: db.url,
      RATE_LIMIT_MAX: "1000000",
      QUOTE_MIN_FILL_MS: "0",
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    db.remove();
  });

  test(`${RUNS} requests: never a 5xx, only valid rows stored`, async () => {
    test.setTimeout(180_000);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        jsonBody,
        fc.oneof(fc.constant("application/json"), contentType),
        async (body, type) => {
          const response = await fetch(`${server.url}/api/quote-requests`, {
            method: "POST",
            headers: type ? { "Content-Type": type } : {},
            body,
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(ALLOWED.has(response.status), `status ${response.status} for ${body}`).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
    // The generators must reach both outcomes, or this test proves little.
    expect(statuses.get(201) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);

    const rows = withSqlite(db.file, (sqlite) =>
      sqlite.prepare("select * from quote_requests").all(),
    ) as Record<string, unknown>[];
    // Random bodies may repeat an idempotency key: then two 201s share one row.
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(statuses.get(201) ?? 0);
    for (const row of rows) {
      const stored = Object.fromEntries(QUOTE_FIELDS.map((field) => [field, row[field]]));
      const parsed = QuoteRequestSchema.safeParse(stored);
      expect(parsed.success, `stored row ${JSON.stringify(stored)}`).toBe(true);
      if (parsed.success) expect(parsed.data).toEqual(stored);
    }
    expect(server.stderr()).not.toMatch(/\bat .*\.js:\d+/);
  });
});
