// Limits kept in the database, so every server behind the proxy counts the same attempts
// (issue 11): a fixed window per key that starts at the key's first attempt. One upsert per
// attempt; an attempt refused at the limit is not counted, so the wait never grows while
// someone keeps knocking. A brake on floods from one spot, not a security boundary.
import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db.server";

export interface RateLimitsTable {
  /** sha256 of the caller's key ("quote:203.0.113.7"): no address is stored as written. */
  key: string;
  /** Attempts counted in the current window; never more than the rule's max. */
  hits: number;
  /** When the window ends, ISO 8601 text (compares as a string on both dialects). */
  resets_at: string;
}

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export type Consumed =
  | {
      ok: true;
      /** Gives the slot back (once), e.g. when the request could not be stored. */
      release(): Promise<void>;
    }
  | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one attempt for `key` under `rule`, or refuses it when the window is full. */
  consume(key: string, rule: RateLimitRule, now?: number): Promise<Consumed>;
  /** Deletes windows that ended before `now`; returns how many. */
  sweep(now?: number): Promise<number>;
}

export interface RateLimiterOptions {
  /** Resolves to a migrated database. */
  database: () => Promise<Kysely<Database>>;
  /** Expired rows are deleted at most this often, by whichever attempt comes first. */
  sweepEveryMs?: number;
  onSweepError?: (error: unknown) => void;
}

const iso = (ms: number) => new Date(ms).toISOString();
export const storedKey = (key: string) => createHash("sha256").update(key).digest("base64url");

export function createRateLimiter({
  database,
  sweepEveryMs = 60_000,
  onSweepError = () => {},
}: RateLimiterOptions): RateLimiter {
  let nextSweepAt = 0;

  async function sweep(now = Date.now()): Promise<number> {
    const db = await database();
    const result = await db
      .deleteFrom("rate_limits")
      .where("resets_at", "<=", iso(now))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async function consume(key: string, rule: RateLimitRule, now = Date.now()): Promise<Consumed> {
    const db = await database();
    if (now >= nextSweepAt) {
      nextSweepAt = now + sweepEveryMs;
      await sweep(now).catch(onSweepError);
    }
    const id = storedKey(key);
    const at = iso(now);
    const resetsAt = iso(now + rule.windowMs);
    // Insert the first attempt, restart an ended window, or count one more while there is
    // room; a full window matches the WHERE, so nothing is written and nothing comes back.
    // One statement: atomic under SQLite's write lock and PostgreSQL's row lock alike.
    const counted = await db
      .insertInto("rate_limits")
      .values({ key: id, hits: 1, resets_at: resetsAt })
      .onConflict((oc) =>
        oc
          .column("key")
          .doUpdateSet({
            hits: sql<number>`case when rate_limits.resets_at <= ${at} then 1 else rate_limits.hits + 1 end`,
            resets_at: sql<string>`case when rate_limits.resets_at <= ${at} then ${resetsAt} else rate_limits.resets_at end`,
          })
          .where((eb) =>
            eb.or([eb("rate_limits.resets_at", "<=", at), eb("rate_limits.hits", "<", rule.max)]),
          ),
      )
      .returning(["hits", "resets_at"])
      .executeTakeFirst();

    if (!counted) {
      const row = await db
        .selectFrom("rate_limits")
        .select("resets_at")
        .where("key", "=", id)
        .executeTakeFirst();
      const waitMs = row ? Date.parse(row.resets_at) - now : 0;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }

    let released = false;
    const window = counted.resets_at;
    return {
      ok: true,
      async release() {
        if (released) return;
        released = true;
        // Only this window's count: a window that has since restarted owes nothing back.
        await db
          .updateTable("rate_limits")
          .set({ hits: sql<number>`hits - 1` })
          .where("key", "=", id)
          .where("resets_at", "=", window)
          .where("hits", ">", 0)
          .execute();
      },
    };
  }

  return { consume, sweep };
}
