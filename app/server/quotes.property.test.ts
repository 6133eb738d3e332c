// Thousands of random and hostile submissions against a real SQLite file: nothing throws,
// every answer is one of the expected kinds, and every stored row passes the schema.
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suburbForPostcode } from "~/content/postcodes";
import { normalisePhone, QUOTE_FIELDS, QuoteRequestSchema } from "~/lib/quote-schema";
import { listQuoteRequests, tempDir } from "../../tests/support/database";
import { addressBucket } from "./client-address.server";
import { type DatabaseHandle, openDatabase } from "./db.server";
import { createQuoteService } from "./quotes.server";
import { createRateLimiter } from "./rate-limit/rate-limit.server";

const hostileChar = fc.constantFrom(
  "\u0000",
  "\u0007",
  "\b",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u200b",
  "\u202e",
  "\u2028",
  "\ufeff",
  "\ud800",
  "\udfff",
  "\n",
  "\r",
  "\t",
  " ",
  "\u00a0",
  "'",
  '"',
  ";",
  "\\",
  "%",
  "😀",
  "é",
  "山",
  "+",
  "(",
  ")",
  "-",
  ".",
  "@",
  "0",
  "3",
  "9",
);

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: hostileChar, maxLength: 40 }),
  fc.constantFrom(
    "x".repeat(101),
    "y".repeat(2001),
    "z".repeat(20_000),
    "",
    "   ",
    "null",
    "__proto__",
  ),
);

/** Values that pass, so plenty of submissions reach the database. */
const plausible = {
  name: fc.oneof(
    fc.constantFrom("Sam", "  Zoë O'Brien ", "山田 太郎"),
    fc.string({ minLength: 1, maxLength: 100 }),
  ),
  phone: fc.oneof(
    fc.constantFrom("+61 3 5550 4321", "(03) 5550-4321", "0412 345 678", "+44 20 7946 0958"),
    fc.stringMatching(/^\+?[0-9 ()\-.]{8,24}$/),
  ),
  email: fc.oneof(fc.constant(""), fc.constant(null), fc.emailAddress()),
  postcode: fc.oneof(
    fc.constantFrom("3000", "3056", "3199", "2000", "8001"),
    fc.stringMatching(/^\d{4}$/),
  ),
  message: fc.oneof(fc.constant(""), fc.string({ maxLength: 2000 })),
};

const anyValue = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 3 }),
  fc.anything({ maxDepth: 2 }),
);

const fieldValue = (good: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 8, arbitrary: good }, { weight: 1, arbitrary: anyValue });

/** Mostly-plausible forms with hostile extras: the path that reaches the database. */
const formLike = fc
  .tuple(
    fc.record({
      name: fieldValue(plausible.name),
      phone: fieldValue(plausible.phone),
      email: fieldValue(plausible.email),
      postcode: fieldValue(plausible.postcode),
      message: fieldValue(plausible.message),
    }),
    fc.record(
      {
        company_website: fc.oneof(fc.constant(""), anyValue),
        form_started_at: fc.oneof(fc.integer({ min: 0, max: 2 ** 42 }), anyValue),
        idempotency_key: fc.oneof(
          fc.uuid(),
          fc.constantFrom("repeated-key-0001", "repeated-key-0002"),
          anyValue,
        ),
        source_page: fc.oneof(fc.constantFrom("/", "/roof-repair-preston", "/nope"), anyValue),
        suburb: anyValue,
        is_spam: anyValue,
        created_at: anyValue,
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 4 }),
  )
  .map(([fields, extras, junk]) => ({ ...junk, ...extras, ...fields }));

/** Anything at all shaped like an object, including keys such as __proto__. */
const junk = fc.oneof(
  fc.dictionary(
    fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(...QUOTE_FIELDS, "__proto__", "constructor"),
    ),
    anyValue,
    { maxKeys: 8 },
  ),
  fc.object({ maxDepth: 3 }),
);

const submission = fc.oneof({ weight: 2, arbitrary: formLike }, { weight: 1, arbitrary: junk });

const meta = fc.record({
  ip: fc.oneof(fc.ipV4(), fc.ipV6(), fc.constant("unknown")),
  userAgent: fc.string({ maxLength: 30 }),
  sourcePage: fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.constantFrom("/", "/roof-repair-kew"),
    fc.string(),
  ),
  idempotencyKey: fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.uuid(),
    fc.string({ maxLength: 10 }),
  ),
});

describe("submitQuoteRequest with hostile input (property)", () => {
  const dir = tempDir();
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = openDatabase(`file:${path.join(dir, "property.db")}`);
    await handle.migrate();
  });
  afterAll(() => handle.close());

  it("never throws, answers ok/400 only (409 for a reused key), and stores only rows that pass the schema", async () => {
    const service = createQuoteService({
      database: async () => handle.db,
      limiter: createRateLimiter({ database: async () => handle.db }),
      rateLimit: { max: 1_000_000, windowMs: 60_000 },
      minFillMs: 3_000,
    });
    const seen = { ok: 0, invalid: 0 };
    // Keys that already stored a row, per client (an IPv6 client is its /64): only those may
    // answer 409.
    const usedKeys = new Set<string>();
    const keyOf = (raw: unknown, m: { ip: string; idempotencyKey?: string | null }) => {
      const body = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
      const key = [m.idempotencyKey, body.idempotency_key].find(
        (k) => typeof k === "string" && /^[A-Za-z0-9._:-]{8,128}$/.test(k.trim()),
      );
      return key === undefined
        ? undefined
        : `${addressBucket(m.ip || "unknown")}|${String(key).trim()}`;
    };

    await fc.assert(
      fc.asyncProperty(submission, meta, async (raw, m) => {
        const result = await service.submit(raw as Record<string, unknown>, m);
        if (result.ok) {
          seen.ok++;
          expect(Number.isInteger(result.id)).toBe(true);
          const key = keyOf(raw, m);
          if (key) usedKeys.add(key);
        } else if (result.status === 409) {
          expect(usedKeys.has(keyOf(raw, m) ?? ""), "409 for a key never used").toBe(true);
        } else {
          seen.invalid++;
          expect(result.status).toBe(400);
          if (result.status === 400) {
            expect(Object.keys(result.fieldErrors).length).toBeGreaterThan(0);
            expect(Object.keys(result.values).sort()).toEqual([...QUOTE_FIELDS].sort());
          }
        }
      }),
      { numRuns: 3_000 },
    );
    // Make sure the generators really exercised both paths.
    expect(seen.ok).toBeGreaterThan(300);
    expect(seen.invalid).toBeGreaterThan(300);

    const rows = await listQuoteRequests(handle.db);
    expect(rows.length).toBeGreaterThan(300);
    for (const row of rows) {
      const fields = {
        name: row.name,
        phone: row.phone,
        email: row.email,
        postcode: row.postcode,
        message: row.message,
      };
      const reparsed = QuoteRequestSchema.safeParse(fields);
      expect(reparsed.success, JSON.stringify(row)).toBe(true);
      // Stored values are already in their final form: parsing again changes nothing.
      expect(reparsed.data).toEqual(fields);
      expect(row.phone_normalised).toBe(normalisePhone(row.phone));
      expect(row.suburb).toBe(suburbForPostcode(row.postcode));
      expect([0, 1]).toContain(row.is_spam);
      expect([0, 1]).toContain(row.outside_service_area);
      expect(row.is_spam === 1).toBe(row.spam_reason !== null);
      expect([null, "honeypot", "too-fast"]).toContain(row.spam_reason);
      expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
      if (row.source_page !== null) expect(row.source_page).toMatch(/^\/(roof-repair[a-z-]*)?$/);
    }
  }, 120_000);
});
