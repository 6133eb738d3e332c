import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  countQuoteRequests,
  describeEachDialect,
  listQuoteRequests,
  tempDir,
} from "../../tests/support/database";
import { type DatabaseHandle, openDatabase } from "./db.server";
import {
  createQuoteService,
  DUPLICATE_WINDOW_MS,
  type SubmissionMeta,
  scopedIdempotencyKey,
  spamReasonFor,
} from "./quotes.server";
import { createRateLimiter } from "./rate-limit/rate-limit.server";

const NOW = Date.parse("2026-03-04T05:06:07.000Z");
const meta = (overrides: Partial<SubmissionMeta> = {}): SubmissionMeta => ({
  ip: "203.0.113.7",
  userAgent: "test",
  now: NOW,
  ...overrides,
});
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: "  Sam Nguyen ",
  phone: "(03) 5550-4321",
  email: " Sam@Example.COM ",
  postcode: "3056",
  message: "Water through the ceiling\nafter rain.",
  ...overrides,
});
let keyCounter = 0;
const newKey = () => `key-${Date.now()}-${++keyCounter}-abcdef`;

describeEachDialect("submitting a quote request", (testDb) => {
  let handle: DatabaseHandle;
  const limited = (max: number, windowMs = 600_000) => ({
    limiter: createRateLimiter({ database: async () => handle.db }),
    rateLimit: { max, windowMs },
  });
  const service = (limit = 1_000, minFillMs = 3_000) =>
    createQuoteService({ database: async () => handle.db, ...limited(limit), minFillMs });

  beforeAll(async () => {
    handle = testDb().open();
    await handle.migrate();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("quote_requests").execute();
    await handle.db.deleteFrom("rate_limits").execute();
  });

  it("stores a valid request, trimmed, with derived fields", async () => {
    const result = await service().submit(valid(), meta({ sourcePage: "/roof-repair-brunswick" }));
    expect(result).toMatchObject({ ok: true, duplicate: false });
    const [row] = await listQuoteRequests(handle.db);
    expect(row).toMatchObject({
      id: result.ok ? result.id : -1,
      name: "Sam Nguyen",
      phone: "(03) 5550-4321",
      phone_normalised: "0355504321",
      email: "sam@example.com",
      postcode: "3056",
      suburb: "Brunswick, Brunswick North",
      message: "Water through the ceiling\nafter rain.",
      source_page: "/roof-repair-brunswick",
      // No key sent: one derived from the request, so a double click stores one row.
      idempotency_key: expect.stringMatching(/^d1:/),
      request_hash: expect.stringMatching(/^[\w-]{43}$/),
      is_spam: 0,
      spam_reason: null,
      outside_service_area: 0,
      created_at: "2026-03-04T05:06:07.000Z",
    });
  });

  it("stores blank optional fields as null", async () => {
    await service().submit(valid({ email: "   ", message: "" }), meta());
    const [row] = await listQuoteRequests(handle.db);
    expect(row).toMatchObject({ email: null, message: null });
  });

  it("ignores values the client sends for derived columns", async () => {
    const result = await service().submit(
      valid({
        id: 999,
        suburb: "Hacked",
        phone_normalised: "000",
        is_spam: 0,
        spam_reason: "none",
        outside_service_area: 1,
        created_at: "1999-01-01",
        source_page: "/admin",
      }),
      meta({ sourcePage: undefined }),
    );
    const [row] = await listQuoteRequests(handle.db);
    expect(row).toMatchObject({
      id: result.ok ? result.id : -1,
      suburb: "Brunswick, Brunswick North",
      phone_normalised: "0355504321",
      is_spam: 0,
      spam_reason: null,
      outside_service_area: 0,
      created_at: "2026-03-04T05:06:07.000Z",
      source_page: null,
    });
    expect(row?.id).not.toBe(999);
  });

  it("keeps the origin the request reached us on (for the alert's links), and nothing odd", async () => {
    await service().submit(valid(), meta({ origin: "http://192.168.1.20:3000" }));
    for (const odd of ["javascript:alert(1)", "http://a.example/path", "not a url"]) {
      await service().submit(valid({ name: `Odd ${odd}` }), meta({ origin: odd }));
    }
    const rows = await listQuoteRequests(handle.db);
    expect(rows.map((row) => row.request_origin).sort()).toEqual([
      "http://192.168.1.20:3000",
      null,
      null,
      null,
    ]);
  });

  it("takes source_page from the body when it names a landing page", async () => {
    await service().submit(valid({ source_page: "/roof-repair-frankston/" }), meta());
    const [row] = await listQuoteRequests(handle.db);
    expect(row?.source_page).toBe("/roof-repair-frankston");
  });

  it.each([
    ["3806", 0, "Berwick, Harkaway"],
    ["3199", 0, "Frankston, Frankston South"],
    ["3030", 0, "Werribee, Point Cook"],
    ["3179", 0, "3179"], // in the service area, not in our locality list
    ["3550", 1, "3550"], // Bendigo: Victorian, outside Greater Melbourne
    ["8001", 1, "8001"], // Victorian PO boxes
    ["2000", 1, "2000"], // Sydney
    ["0800", 1, "0800"], // Darwin
  ])("postcode %s: outside_service_area=%i, suburb %s", async (postcode, outside, suburb) => {
    const result = await service().submit(valid({ postcode }), meta());
    expect(result.ok).toBe(true);
    const [row] = await listQuoteRequests(handle.db);
    expect(row).toMatchObject({ postcode, outside_service_area: outside, suburb });
  });

  it("stores nothing for an invalid request and names each bad field", async () => {
    const result = await service().submit(
      { name: "", phone: "123", email: "nope", postcode: "30000", message: 5, suburb: "x" },
      meta(),
    );
    expect(result).toEqual({
      ok: false,
      status: 400,
      fieldErrors: {
        name: "Please tell us your name.",
        phone: "That phone number looks a bit short — we need at least 8 digits.",
        email: expect.stringContaining("doesn't look quite right"),
        postcode: "Postcodes are 4 digits, like 3000.",
        message: "Please type your message as plain text.",
      },
      values: { name: "", phone: "123", email: "nope", postcode: "30000", message: "" },
    });
    expect(await countQuoteRequests(handle.db)).toBe(0);
  });

  it.each([
    ["a number for the name", { name: 42 }],
    ["an object for the phone", { phone: { toString: "x" } }],
    ["an array for the postcode", { postcode: ["3000"] }],
    ["a control character", { name: "Sam\u0000" }],
  ])("answers 400, never 5xx, for %s", async (_label, overrides) => {
    const result = await service().submit(valid(overrides), meta());
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(await countQuoteRequests(handle.db)).toBe(0);
  });

  describe("spam", () => {
    it("stores a filled honeypot as spam but answers like a person", async () => {
      const result = await service().submit(
        valid({ company_website: "http://spam.example" }),
        meta(),
      );
      expect(result).toMatchObject({ ok: true, duplicate: false });
      const [row] = await listQuoteRequests(handle.db);
      expect(row).toMatchObject({ is_spam: 1, spam_reason: "honeypot" });
      expect(await countQuoteRequests(handle.db, { spam: false })).toBe(0);
    });

    it("flags a form sent faster than the minimum fill time", async () => {
      const result = await service().submit(valid({ form_started_at: NOW - 1_000 }), meta());
      expect(result.ok).toBe(true);
      const [row] = await listQuoteRequests(handle.db);
      expect(row).toMatchObject({ is_spam: 1, spam_reason: "too-fast" });
    });

    it("accepts a form that took long enough, or has no start time", async () => {
      await service().submit(valid({ name: "A", form_started_at: String(NOW - 45_000) }), meta());
      await service().submit(valid({ name: "B" }), meta());
      await service().submit(valid({ name: "C", form_started_at: "soon" }), meta());
      expect(await countQuoteRequests(handle.db, { spam: false })).toBe(3);
    });

    it("doesn't judge the fill time when it's turned off", async () => {
      await service(1_000, 0).submit(valid({ form_started_at: NOW }), meta());
      expect(await countQuoteRequests(handle.db, { spam: true })).toBe(0);
    });
  });

  describe("idempotency", () => {
    it("stores one row for the same key and request sent twice, answering with the first id", async () => {
      const quotes = service();
      const key = newKey();
      const first = await quotes.submit(valid(), meta({ idempotencyKey: key }));
      // Trimming and case make no difference: the request is compared once normalised.
      const second = await quotes.submit(
        valid({ name: "Sam Nguyen", email: "sam@example.com" }),
        meta({ idempotencyKey: key }),
      );
      expect(first).toMatchObject({ ok: true, duplicate: false });
      expect(second).toEqual({ ok: true, id: first.ok ? first.id : -1, duplicate: true });
      expect(await countQuoteRequests(handle.db)).toBe(1);
    });

    it("refuses a key reused with a different request (409) and stores nothing", async () => {
      const quotes = service();
      const key = newKey();
      await quotes.submit(valid(), meta({ idempotencyKey: key }));
      const reused = await quotes.submit(
        valid({ name: "Someone Else" }),
        meta({ idempotencyKey: key }),
      );
      expect(reused).toEqual({ ok: false, status: 409 });
      expect(await countQuoteRequests(handle.db)).toBe(1);
    });

    it("scopes keys to the client: another client's same key is its own request", async () => {
      const quotes = service();
      const key = newKey();
      const mine = await quotes.submit(valid(), meta({ idempotencyKey: key }));
      const theirs = await quotes.submit(
        valid({ name: "Someone Else" }),
        meta({ idempotencyKey: key, ip: "198.51.100.9" }),
      );
      expect(theirs).toMatchObject({ ok: true, duplicate: false });
      expect(theirs.ok && mine.ok && theirs.id !== mine.id).toBe(true);
      expect(await countQuoteRequests(handle.db)).toBe(2);
    });

    it("takes the same key and request from a new address as the same visitor's retry", async () => {
      const quotes = service();
      const key = newKey();
      const first = await quotes.submit(valid(), meta({ idempotencyKey: key }));
      const retry = await quotes.submit(valid(), meta({ idempotencyKey: key, ip: "::1" }));
      expect(retry).toEqual({ ok: true, id: first.ok ? first.id : -1, duplicate: true });
      expect(await countQuoteRequests(handle.db)).toBe(1);
    });

    it("reads the key from the body when meta has none, and stores it scoped", async () => {
      const quotes = service();
      const key = newKey();
      const first = await quotes.submit(valid({ idempotency_key: key }), meta());
      const second = await quotes.submit(valid({ idempotency_key: key }), meta());
      expect(second).toEqual({ ok: true, id: first.ok ? first.id : -1, duplicate: true });
      const [row] = await listQuoteRequests(handle.db);
      expect(row?.idempotency_key).toBe(scopedIdempotencyKey(meta().ip, key));
    });

    it("without a key, the same request from the same client within the window is stored once", async () => {
      const quotes = service();
      const first = await quotes.submit(valid(), meta());
      // A double click, and a resubmission a few minutes later (across a window boundary).
      const again = await quotes.submit(valid(), meta({ now: NOW + 50 }));
      const later = await quotes.submit(valid(), meta({ now: NOW + DUPLICATE_WINDOW_MS }));
      expect(first).toMatchObject({ ok: true, duplicate: false });
      expect(again).toEqual({ ok: true, id: first.ok ? first.id : -1, duplicate: true });
      expect(later).toEqual({ ok: true, id: first.ok ? first.id : -1, duplicate: true });
      expect(await countQuoteRequests(handle.db)).toBe(1);
    });

    it("without a key, a changed request, another client or another day is a new request", async () => {
      const quotes = service();
      await quotes.submit(valid(), meta());
      const changed = await quotes.submit(valid({ message: "Also the gutter." }), meta());
      const elsewhere = await quotes.submit(valid(), meta({ ip: "198.51.100.9" }));
      const tomorrow = await quotes.submit(valid(), meta({ now: NOW + 24 * 3_600_000 }));
      for (const result of [changed, elsewhere, tomorrow]) {
        expect(result).toMatchObject({ ok: true, duplicate: false });
      }
      expect(await countQuoteRequests(handle.db)).toBe(4);
    });

    it("stores one row when the same key arrives many times at once, even on two servers", async () => {
      const key = newKey();
      const other = testDb().open(); // a second connection/pool, as another server would have
      const elsewhere = createQuoteService({
        database: async () => other.db,
        limiter: createRateLimiter({ database: async () => other.db }),
        rateLimit: { max: 1_000, windowMs: 60_000 },
        minFillMs: 0,
      });
      const quotes = service();
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? elsewhere : quotes).submit(valid(), meta({ idempotencyKey: key })),
        ),
      );
      const ids = new Set(results.map((r) => (r.ok ? r.id : -1)));
      expect(ids.size).toBe(1);
      expect(ids.has(-1)).toBe(false);
      expect(results.filter((r) => r.ok && !r.duplicate)).toHaveLength(1);
      expect(await countQuoteRequests(handle.db)).toBe(1);
    });

    it("ignores a malformed key instead of refusing the request", async () => {
      const result = await service().submit(
        valid(),
        meta({ idempotencyKey: "bad key with spaces" }),
      );
      expect(result.ok).toBe(true);
      const [row] = await listQuoteRequests(handle.db);
      expect(row?.idempotency_key).toMatch(/^d1:/);
    });
  });

  describe("rate limit", () => {
    it("answers 429 after the limit, per address, until the window passes", async () => {
      const quotes = createQuoteService({
        database: async () => handle.db,
        ...limited(3),
        minFillMs: 3_000,
      });
      // Different names: the same request twice would be one request, not two.
      for (let i = 0; i < 3; i++) {
        expect((await quotes.submit(valid({ name: `Sam ${i}` }), meta({ now: NOW + i }))).ok).toBe(
          true,
        );
      }
      const blocked = await quotes.submit(valid({ name: "Sam 4" }), meta({ now: NOW + 60_000 }));
      expect(blocked).toEqual({ ok: false, status: 429, retryAfterSeconds: 540 });
      expect((await quotes.submit(valid({ name: "Sam 5" }), meta({ ip: "198.51.100.1" }))).ok).toBe(
        true,
      );
      expect((await quotes.submit(valid({ name: "Sam 6" }), meta({ now: NOW + 600_001 }))).ok).toBe(
        true,
      );
      expect(await countQuoteRequests(handle.db)).toBe(5);
    });

    it("counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one", async () => {
      const quotes = createQuoteService({
        database: async () => handle.db,
        ...limited(2),
        minFillMs: 3_000,
      });
      // One home's /64 hands out any number of addresses: each new one is no new budget.
      const home = ["2001:db8:1:2::1", "2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::ffff"];
      for (const [i, ip] of home.slice(0, 2).entries()) {
        expect((await quotes.submit(valid({ name: `Six ${i}` }), meta({ ip }))).ok).toBe(true);
      }
      expect(
        await quotes.submit(valid({ name: "Six 2" }), meta({ ip: home[2] as string })),
      ).toMatchObject({ ok: false, status: 429 });
      // The next /64 over is another client.
      expect(
        (await quotes.submit(valid({ name: "Six 3" }), meta({ ip: "2001:db8:1:3::1" }))).ok,
      ).toBe(true);
      // A dual-stack socket reports IPv4 as ::ffff:a.b.c.d: the same client as a.b.c.d.
      for (const [i, ip] of ["198.51.100.20", "::ffff:198.51.100.20"].entries()) {
        expect((await quotes.submit(valid({ name: `Four ${i}` }), meta({ ip }))).ok).toBe(true);
      }
      expect(
        await quotes.submit(valid({ name: "Four 2" }), meta({ ip: "198.51.100.20" })),
      ).toMatchObject({ ok: false, status: 429 });
    });

    it("scopes idempotency keys to the client's /64, so a privacy address change is a replay", async () => {
      const quotes = service();
      const first = await quotes.submit(valid(), meta({ ip: "2001:db8:5:6::10" }));
      // No key: the same fields from a new address in the same /64 within the window.
      const again = await quotes.submit(valid(), meta({ ip: "2001:db8:5:6::20", now: NOW + 50 }));
      expect(again).toEqual({ ok: true, id: first.ok ? first.id : -1, duplicate: true });
      const key = newKey();
      const keyed = await quotes.submit(
        valid({ name: "Keyed" }),
        meta({ idempotencyKey: key, ip: "2001:db8:5:6::30" }),
      );
      const [row] = (await listQuoteRequests(handle.db)).filter((r) => r.name === "Keyed");
      expect(row?.idempotency_key).toBe(scopedIdempotencyKey("2001:db8:5:6::/64", key));
      expect(keyed.ok).toBe(true);
      expect(await countQuoteRequests(handle.db)).toBe(2);
    });

    it("doesn't count invalid submissions or replays of a stored key", async () => {
      const quotes = createQuoteService({
        database: async () => handle.db,
        ...limited(1),
        minFillMs: 3_000,
      });
      const key = newKey();
      for (let i = 0; i < 5; i++) {
        expect(await quotes.submit(valid({ postcode: "nope" }), meta())).toMatchObject({
          status: 400,
        });
      }
      const first = await quotes.submit(valid(), meta({ idempotencyKey: key }));
      expect(first.ok).toBe(true);
      const replay = await quotes.submit(valid(), meta({ idempotencyKey: key }));
      expect(replay).toMatchObject({ ok: true, duplicate: true });
      expect(await quotes.submit(valid(), meta())).toMatchObject({ status: 429 });
    });

    it("is one limit for every server on the database", async () => {
      const other = testDb().open(); // another server's own connection or pool
      const rule = { max: 3, windowMs: 600_000 };
      const here = createQuoteService({
        database: async () => handle.db,
        limiter: createRateLimiter({ database: async () => handle.db }),
        rateLimit: rule,
        minFillMs: 0,
      });
      const there = createQuoteService({
        database: async () => other.db,
        limiter: createRateLimiter({ database: async () => other.db }),
        rateLimit: rule,
        minFillMs: 0,
      });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? there : here).submit(valid({ name: `Sam ${i}` }), meta({ now: NOW + i })),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(5);
      expect(await countQuoteRequests(handle.db)).toBe(3);
    });

    // Issue 23: the count, the lead and its alert jobs are one transaction, so a request that
    // can't be stored leaves no trace in the limit at all (not a count given back later).
    it("counts the attempt in the lead's own transaction: a 503 writes nothing (503)", async () => {
      const location = await testDb().fresh();
      const own = location.open();
      await own.migrate();
      const quotes = createQuoteService({
        database: async () => own.db,
        limiter: createRateLimiter({ database: async () => own.db }),
        rateLimit: { max: 1, windowMs: 600_000 },
        minFillMs: 0,
      });
      // The lead's transaction writes its alerts too; without their table it fails whole.
      await own.db.schema.alterTable("alert_outbox").renameTo("alert_outbox_away").execute();
      const errorLog = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        expect(await quotes.submit(valid(), meta())).toEqual({ ok: false, status: 503 });
        expect(await quotes.submit(valid(), meta())).toEqual({ ok: false, status: 503 });
      } finally {
        errorLog.mockRestore();
      }
      expect(await own.db.selectFrom("rate_limits").selectAll().execute()).toEqual([]);
      await own.db.schema.alterTable("alert_outbox_away").renameTo("alert_outbox").execute();
      expect(await quotes.submit(valid(), meta())).toMatchObject({ ok: true, duplicate: false });
      expect(await quotes.submit(valid({ name: "Someone Else" }), meta())).toMatchObject({
        status: 429,
      });
    });
  });
});

describe("when the database is unavailable", () => {
  let errors: string[];
  beforeEach(() => {
    errors = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => {
      errors.push(String(line));
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const dir = tempDir();
  const brokenSqlite = () => {
    const file = path.join(dir, "not-a-folder");
    writeFileSync(file, "");
    return openDatabase(`file:${path.join(file, "quotes.db")}`);
  };

  it.each([
    ["SQLite at an unwritable path", brokenSqlite],
    ["PostgreSQL on a closed port", () => openDatabase("postgres://app:app@127.0.0.1:1/app_test")],
  ])(
    "%s: answers 503, throws nothing, logs one line without the customer's details",
    async (_label, open) => {
      const broken = open();
      const database = async () => {
        await broken.migrate();
        return broken.db;
      };
      const quotes = createQuoteService({
        database,
        limiter: createRateLimiter({ database }),
        rateLimit: { max: 1, windowMs: 600_000 },
        minFillMs: 3_000,
      });
      const result = await quotes.submit(
        valid({ email: "secret@example.com" }),
        meta({ idempotencyKey: newKey() }),
      );
      expect(result).toEqual({ ok: false, status: 503 });
      expect(errors).toHaveLength(1);
      const line = JSON.parse(errors[0] ?? "{}");
      expect(line).toMatchObject({ level: "error", event: "quote_request.store_failed" });
      expect(errors[0]).not.toContain("secret@example.com");
      expect(errors[0]).not.toContain("Water through");
      await broken.close();
    },
  );
});

describe("spamReasonFor", () => {
  it.each([
    [{ company_website: "x" }, 3000, "honeypot"],
    [{ company_website: "   " }, 3000, null],
    [{ company_website: 1 }, 3000, "honeypot"],
    [{ form_started_at: NOW - 2_999 }, 3000, "too-fast"],
    [{ form_started_at: NOW - 3_000 }, 3000, null],
    [{ form_started_at: `${NOW - 10}` }, 3000, "too-fast"],
    [{ form_started_at: NOW + 60_000 }, 3000, null], // the visitor's clock runs ahead
    [{ form_started_at: "abc" }, 3000, null],
    [{ form_started_at: null }, 3000, null],
    [{}, 3000, null],
    [{ form_started_at: NOW }, 0, null],
  ])("%o with minimum %i ms -> %s", (raw, minFillMs, expected) => {
    expect(spamReasonFor(raw, NOW, minFillMs)).toBe(expected);
  });
});
