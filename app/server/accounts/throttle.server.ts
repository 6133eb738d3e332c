// Sign-in throttling, kept in the database so every server counts the same failures:
// 5 failures for one account, or from one address, within 15 minutes lock that account or
// that address (and nothing else) until the oldest of those failures is 15 minutes old.
import type { Kysely } from "kysely";
import type { Database } from "../db.server";

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const accountSubject = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressSubject = (ip: string) => `address:${ip}`;

export type AttemptGrant =
  | {
      ok: true /** Call once the password proved right: the attempt was no failure. */;
      succeeded(): Promise<void>;
    }
  | { ok: false; retryAfterSeconds: number };

/**
 * Counts this attempt as a failure before the password is checked, so a burst of parallel
 * guesses can't all slip in under the limit; a right password takes it back. An attempt
 * refused here is not counted, so the wait doesn't grow while someone keeps knocking.
 */
export async function beginSignInAttempt(
  db: Kysely<Database>,
  subjects: string[],
  now = Date.now(),
): Promise<AttemptGrant> {
  const at = new Date(now).toISOString();
  const since = new Date(now - FAILURE_WINDOW_MS).toISOString();
  await db.deleteFrom("sign_in_failures").where("failed_at", "<=", since).execute();
  const inserted = await db
    .insertInto("sign_in_failures")
    .values(subjects.map((subject) => ({ subject, failed_at: at })))
    .returning("id")
    .execute();
  const ids = inserted.map((row) => Number(row.id));
  const undo = async () => {
    await db.deleteFrom("sign_in_failures").where("id", "in", ids).execute();
  };

  let retryAt = 0;
  for (const subject of subjects) {
    const recent = await db
      .selectFrom("sign_in_failures")
      .select("failed_at")
      .where("subject", "=", subject)
      .where("failed_at", ">", since)
      .where("id", "not in", ids)
      .orderBy("failed_at", "desc")
      .limit(MAX_FAILURES)
      .execute();
    const oldestCounted = recent[MAX_FAILURES - 1];
    if (oldestCounted) {
      retryAt = Math.max(retryAt, Date.parse(oldestCounted.failed_at) + FAILURE_WINDOW_MS);
    }
  }
  if (retryAt > now) {
    await undo();
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) };
  }
  return { ok: true, succeeded: undo };
}
