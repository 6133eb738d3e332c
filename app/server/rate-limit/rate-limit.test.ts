import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/support/database";
import type { DatabaseHandle } from "../db.server";
import { createRateLimiter, type RateLimiter, storedKey } from "./rate-limit.server";

const T = Date.parse("2026-05-06T07:08:09.000Z");
let counter = 0;
/** A key no other test in this file uses. */
const newKey = () => `test:${++counter}:${Math.random()}`;

describeEachDialect("rate limits in the database", (testDb) => {
  let handle: DatabaseHandle;
  let limiter: RateLimiter;
  const rows = () => handle.db.selectFrom("rate_limits").selectAll().execute();

  beforeAll(async () => {
    handle = testDb().open();
    await handle.migrate();
    limiter = createRateLimiter({ database: async () => handle.db });
  });

  it("allows max per window per key, then says when to retry", async () => {
    const [a, b] = [newKey(), newKey()];
    const rule = { max: 2, windowMs: 10_000 };
    expect((await limiter.consume(a, rule, T)).ok).toBe(true);
    expect((await limiter.consume(a, rule, T + 1_000)).ok).toBe(true);
    expect(await limiter.consume(a, rule, T + 2_500)).toEqual({ ok: false, retryAfterSeconds: 8 });
    expect((await limiter.consume(b, rule, T + 2_500)).ok).toBe(true);
    // The window runs from the key's first attempt; after it, a full allowance again.
    expect((await limiter.consume(a, rule, T + 9_999)).ok).toBe(false);
    expect((await limiter.consume(a, rule, T + 10_000)).ok).toBe(true);
    expect((await limiter.consume(a, rule, T + 10_001)).ok).toBe(true);
    expect(await limiter.consume(a, rule, T + 10_002)).toEqual({
      ok: false,
      retryAfterSeconds: 10,
    });
  });

  it("never says to retry in less than a second", async () => {
    const key = newKey();
    const rule = { max: 1, windowMs: 1_000 };
    await limiter.consume(key, rule, T);
    expect(await limiter.consume(key, rule, T + 999)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it("doesn't count refused attempts: knocking on doesn't make the wait longer", async () => {
    const key = newKey();
    const rule = { max: 1, windowMs: 60_000 };
    await limiter.consume(key, rule, T);
    for (let i = 1; i <= 20; i++) expect((await limiter.consume(key, rule, T + i)).ok).toBe(false);
    const [row] = (await rows()).filter((r) => r.key === storedKey(key));
    expect(row?.hits).toBe(1);
    expect((await limiter.consume(key, rule, T + 60_000)).ok).toBe(true);
  });

  it("gives a released slot back, once, and only to the window it came from", async () => {
    const key = newKey();
    const rule = { max: 1, windowMs: 60_000 };
    const first = await limiter.consume(key, rule, T);
    if (!first.ok) throw new Error("expected a slot");
    await first.release();
    await first.release();
    const second = await limiter.consume(key, rule, T + 1);
    expect(second.ok).toBe(true);
    expect((await limiter.consume(key, rule, T + 2)).ok).toBe(false);

    // A slot from an ended window owes the new window nothing.
    if (!second.ok) throw new Error("expected a slot");
    expect((await limiter.consume(key, rule, T + 60_000)).ok).toBe(true);
    await second.release();
    expect((await limiter.consume(key, rule, T + 60_001)).ok).toBe(false);
  });

  it("stores no key as written", async () => {
    const key = "quote:203.0.113.77";
    await limiter.consume(key, { max: 5, windowMs: 60_000 }, T);
    const stored = (await rows()).map((r) => r.key);
    expect(stored).toContain(storedKey(key));
    expect(stored.some((k) => k.includes("203.0.113.77"))).toBe(false);
  });

  it("two servers (two handles) share one limit, even when their attempts race", async () => {
    const other = testDb().open();
    const elsewhere = createRateLimiter({ database: async () => other.db });
    const key = newKey();
    const rule = { max: 5, windowMs: 60_000 };
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 ? elsewhere : limiter).consume(key, rule, T)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    // Each sees the other's count afterwards too.
    expect((await elsewhere.consume(key, rule, T + 1)).ok).toBe(false);
    const slot = results.find((r) => r.ok);
    if (!slot?.ok) throw new Error("expected a slot");
    await slot.release();
    expect((await elsewhere.consume(key, rule, T + 2)).ok).toBe(true);
    expect((await limiter.consume(key, rule, T + 3)).ok).toBe(false);
  });

  describe("clean-up", () => {
    it("sweeps ended windows and keeps live ones", async () => {
      const fresh = await testDb().fresh();
      const own = fresh.open();
      await own.migrate();
      const sweeping = createRateLimiter({ database: async () => own.db, sweepEveryMs: 60_000 });
      for (let i = 0; i < 50; i++)
        await sweeping.consume(`old:${i}`, { max: 1, windowMs: 1_000 }, T);
      await sweeping.consume("live", { max: 1, windowMs: 3_600_000 }, T);
      const count = async () =>
        (await own.db.selectFrom("rate_limits").select("key").execute()).length;
      expect(await count()).toBe(51);

      // The next attempt after the sweep interval clears out what has ended on its way.
      await sweeping.consume("new", { max: 1, windowMs: 1_000 }, T + 60_000);
      const keys = (await own.db.selectFrom("rate_limits").select("key").execute()).map(
        (r) => r.key,
      );
      expect(keys.sort()).toEqual([storedKey("live"), storedKey("new")].sort());
      expect(await sweeping.sweep(T + 3_600_000)).toBe(2);
      expect(await count()).toBe(0);
    });
  });
});
