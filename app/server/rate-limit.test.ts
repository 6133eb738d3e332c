import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server";

describe("RateLimiter", () => {
  const T = 1_000_000;

  it("allows max per window per key, then says when to retry", () => {
    const limiter = new RateLimiter({ max: 2, windowMs: 10_000 });
    expect(limiter.take("a", T).ok).toBe(true);
    expect(limiter.take("a", T + 1_000).ok).toBe(true);
    expect(limiter.take("a", T + 2_500)).toEqual({ ok: false, retryAfterSeconds: 8 });
    expect(limiter.take("b", T + 2_500).ok).toBe(true);
    // The window slides: the first hit expires 10 s after it was made.
    expect(limiter.take("a", T + 10_000).ok).toBe(true);
    expect(limiter.take("a", T + 10_001).ok).toBe(false);
  });

  it("never says to retry in less than a second", () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 1_000 });
    limiter.take("a", T);
    expect(limiter.take("a", T + 999)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it("gives a released slot back, once", () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 60_000 });
    const first = limiter.take("a", T);
    if (!first.ok) throw new Error("expected a slot");
    first.release();
    first.release();
    const second = limiter.take("a", T + 1);
    expect(second.ok).toBe(true);
    expect(limiter.take("a", T + 2).ok).toBe(false);
  });

  it("sweeps out expired addresses so memory stays bounded", () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 1_000, sweepAt: 100 });
    for (let i = 0; i < 1_000; i++) limiter.take(`ip-${i}`, T + i * 20);
    expect(limiter.trackedKeys).toBeLessThanOrEqual(200);
    expect(limiter.take("ip-0", T + 100_000).ok).toBe(true);
  });
});
