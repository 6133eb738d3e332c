// Per-address limit on quote submissions: a sliding window kept in memory. It resets when
// the server restarts and isn't shared between servers; it's a brake on floods from one
// spot, not a security boundary.

export interface RateLimitOptions {
  max: number;
  windowMs: number;
  /** Past this many tracked addresses, expired ones are swept out to bound memory. */
  sweepAt?: number;
}

export type TakeResult =
  | {
      ok: true /** Gives the slot back, e.g. when the submission could not be stored. */;
      release(): void;
    }
  | { ok: false; retryAfterSeconds: number };

export class RateLimiter {
  readonly #hits = new Map<string, number[]>();
  readonly #max: number;
  readonly #windowMs: number;
  readonly #sweepAt: number;
  #nextSweepAt: number;

  constructor({ max, windowMs, sweepAt = 10_000 }: RateLimitOptions) {
    this.#max = max;
    this.#windowMs = windowMs;
    this.#sweepAt = sweepAt;
    this.#nextSweepAt = sweepAt;
  }

  /**
   * Takes a slot for `key` at `now` if one is free. Checking and taking happen in one
   * synchronous step, so concurrent requests can't all squeeze through the last slot.
   */
  take(key: string, now: number): TakeResult {
    const recent = this.#recent(key, now);
    if (recent.length >= this.#max) {
      const oldest = recent[0] ?? now;
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + this.#windowMs - now) / 1000));
      return { ok: false, retryAfterSeconds };
    }
    recent.push(now);
    this.#hits.set(key, recent);
    if (this.#hits.size > this.#nextSweepAt) {
      this.#sweep(now);
      // When most addresses are still live, wait for real growth before sweeping again.
      this.#nextSweepAt = Math.max(this.#sweepAt, this.#hits.size * 2);
    }
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        const hits = this.#hits.get(key);
        const index = hits?.indexOf(now) ?? -1;
        if (hits && index >= 0) hits.splice(index, 1);
      },
    };
  }

  /** How many addresses are being tracked (for tests and metrics). */
  get trackedKeys(): number {
    return this.#hits.size;
  }

  #recent(key: string, now: number): number[] {
    const since = now - this.#windowMs;
    return (this.#hits.get(key) ?? []).filter((at) => at > since);
  }

  #sweep(now: number): void {
    for (const key of [...this.#hits.keys()]) {
      if (this.#recent(key, now).length === 0) this.#hits.delete(key);
    }
  }
}
