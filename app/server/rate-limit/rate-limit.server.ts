// Limits kept in the database, so every server behind the proxy counts the same attempts
// (issue 11): a fixed window per key that starts at the key's first attempt. One upsert per
// attempt; an attempt refused at the limit is not counted, so the wait never grows while
// someone keeps knocking. A brake on floods from one spot, not a security boundary.
import { createHash } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import { compiledOnce, namedValues } from "../compiled-once.server";
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

export type Counted = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one attempt for `key` under `rule`, or refuses it when the window is full. */
  consume(key: string, rule: RateLimitRule, now?: number): Promise<Consumed>;
  /**
   * The same count inside the caller's transaction (issue 23): it commits, or rolls back,
   * with whatever the attempt stored, so there is no slot to give back and no second commit.
   */
  countWithin(
    trx: Transaction<Database>,
    key: string,
    rule: RateLimitRule,
    now?: number,
  ): Promise<Counted>;
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

/** The count's one statement, compiled once: every attempt runs it (compiled-once.server.ts). */
const countAttempt = compiledOnce((db, hole) => {
  const at = hole<string>("at");
  const resetsAt = hole<string>("resetsAt");
  return db
    .insertInto("rate_limits")
    .values({ key: hole("key"), hits: 1, resets_at: resetsAt })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({
          hits: sql<number>`case when rate_limits.resets_at <= ${at} then 1 else rate_limits.hits + 1 end`,
          resets_at: sql<string>`case when rate_limits.resets_at <= ${at} then ${resetsAt} else rate_limits.resets_at end`,
        })
        .where((eb) =>
          eb.or([
            eb("rate_limits.resets_at", "<=", at),
            eb("rate_limits.hits", "<", hole<number>("max")),
          ]),
        ),
    )
    .returning(["hits", "resets_at"]);
}, namedValues<{ key: string; at: string; resetsAt: string; max: number }>());
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

  /** One upsert: the attempt counted, or nothing written and the wait returned. */
  async function count(
    db: Kysely<Database>,
    key: string,
    rule: RateLimitRule,
    now: number,
  ): Promise<{ ok: true; window: string } | { ok: false; retryAfterSeconds: number }> {
    const id = storedKey(key);
    const at = iso(now);
    const resetsAt = iso(now + rule.windowMs);
    // Insert the first attempt, restart an ended window, or count one more while there is
    // room; a full window matches the WHERE, so nothing is written and nothing comes back.
    // One statement: atomic under SQLite's write lock and PostgreSQL's row lock alike.
    const [counted] = (
      await countAttempt.run<{ hits: number; resets_at: string }>(db, {
        key: id,
        at,
        resetsAt,
        max: rule.max,
      })
    ).rows;

    if (!counted) {
      const row = await db
        .selectFrom("rate_limits")
        .select("resets_at")
        .where("key", "=", id)
        .executeTakeFirst();
      const waitMs = row ? Date.parse(row.resets_at) - now : 0;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    return { ok: true, window: counted.resets_at };
  }

  /** Expired windows go now and then, in a statement of their own. */
  function sweepIfDue(now: number): Promise<void> {
    if (now < nextSweepAt) return Promise.resolve();
    nextSweepAt = now + sweepEveryMs;
    return sweep(now).then(() => {}, onSweepError);
  }

  async function countWithin(
    trx: Transaction<Database>,
    key: string,
    rule: RateLimitRule,
    now = Date.now(),
  ): Promise<Counted> {
    // Not awaited: the attempt's transaction neither waits for nor writes the clean-up.
    void sweepIfDue(now);
    const counted = await count(trx, key, rule, now);
    return counted.ok ? { ok: true } : counted;
  }

  async function consume(key: string, rule: RateLimitRule, now = Date.now()): Promise<Consumed> {
    const db = await database();
    await sweepIfDue(now);
    const counted = await count(db, key, rule, now);
    if (!counted.ok) return counted;
    const id = storedKey(key);
    let released = false;
    const window = counted.window;
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

  return { consume, countWithin, sweep };
}
