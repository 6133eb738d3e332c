// Sign-in throttling, kept in the database so every server counts the same failures. What it
// must never allow is a stranger keeping the owner out, so no limit is on the account alone:
//
// - one address (IPv6 by /64): 20 failures in 15 minutes over any accounts hold that address
//   back, for every account, until its oldest counted failure is 15 minutes old;
// - one account from one address: 5 failures hold that pair back the same way, so one address
//   gets 5 guesses at the owner's password per 15 minutes and the owner elsewhere is untouched;
// - one account from everywhere (many addresses): past 10 failures in 15 minutes each further
//   attempt from a device the account doesn't know waits for the one before, 1 s, 2 s, 4 s …
//   up to a minute. A delay, not a lock: it caps a botnet at about one guess a minute;
// - a device the account knows (the cookie a successful sign-in leaves, see devices.server.ts)
//   is counted on its own, 5 failures per 15 minutes, and by none of the limits above: whatever
//   strangers do, the owner's own phone gets in.
import type { Kysely } from "kysely";
import { addressBucket } from "../client-address.server";
import type { Database } from "../db.server";

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const ADDRESS_MAX_FAILURES = 20;
export const PAIR_MAX_FAILURES = 5;
export const DEVICE_MAX_FAILURES = 5;
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_MAX_DELAY_MS = 60 * 1000;

type Rule =
  | { subject: string; kind: "block"; max: number }
  | { subject: string; kind: "delay"; free: number };

const normalised = (email: string) => email.trim().toLowerCase();

/** What an attempt is counted against: its device when the account knows it, else the rest. */
export function signInRules(attempt: {
  email: string;
  ip: string;
  /** The known device's id (its token's hash), when the cookie matched this account. */
  deviceId?: string;
}): Rule[] {
  if (attempt.deviceId) {
    return [{ subject: `device:${attempt.deviceId}`, kind: "block", max: DEVICE_MAX_FAILURES }];
  }
  const email = normalised(attempt.email);
  const address = addressBucket(attempt.ip);
  return [
    { subject: `address:${address}`, kind: "block", max: ADDRESS_MAX_FAILURES },
    { subject: `pair:${email} ${address}`, kind: "block", max: PAIR_MAX_FAILURES },
    { subject: `account:${email}`, kind: "delay", free: ACCOUNT_FREE_FAILURES },
  ];
}

/** The wait after the latest failure once `count` failures are in the window. */
export function accountDelayMs(count: number): number {
  if (count < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_MAX_DELAY_MS, 1000 * 2 ** Math.min(count - ACCOUNT_FREE_FAILURES, 16));
}

export type AttemptGrant =
  | {
      ok: true;
      /** The password proved right, or was never checked: the attempt was no failure. */
      takeBack(): Promise<void>;
    }
  | { ok: false; retryAfterSeconds: number };

/**
 * Counts this attempt as a failure before the password is checked, so a burst of parallel
 * guesses can't all slip in under a limit; a right password takes it back. An attempt
 * refused here is not counted, so the wait doesn't grow while someone keeps knocking.
 */
export async function beginSignInAttempt(
  db: Kysely<Database>,
  rules: Rule[],
  now = Date.now(),
): Promise<AttemptGrant> {
  const at = new Date(now).toISOString();
  const since = new Date(now - FAILURE_WINDOW_MS).toISOString();
  await db.deleteFrom("sign_in_failures").where("failed_at", "<=", since).execute();
  const inserted = await db
    .insertInto("sign_in_failures")
    .values(rules.map(({ subject }) => ({ subject, failed_at: at })))
    .returning("id")
    .execute();
  const ids = inserted.map((row) => Number(row.id));
  const takeBack = async () => {
    await db.deleteFrom("sign_in_failures").where("id", "in", ids).execute();
  };
  const others = (subject: string) =>
    db
      .selectFrom("sign_in_failures")
      .where("subject", "=", subject)
      .where("failed_at", ">", since)
      .where("id", "not in", ids);

  let retryAt = 0;
  for (const rule of rules) {
    if (rule.kind === "block") {
      const recent = await others(rule.subject)
        .select("failed_at")
        .orderBy("failed_at", "desc")
        .limit(rule.max)
        .execute();
      const oldestCounted = recent[rule.max - 1];
      if (oldestCounted) {
        retryAt = Math.max(retryAt, Date.parse(oldestCounted.failed_at) + FAILURE_WINDOW_MS);
      }
    } else {
      const row = await others(rule.subject)
        .select((eb) => [
          eb.fn.countAll<string | number>().as("count"),
          eb.fn.max("failed_at").as("latest"),
        ])
        .executeTakeFirst();
      const count = Number(row?.count ?? 0);
      if (row?.latest && count >= rule.free) {
        retryAt = Math.max(retryAt, Date.parse(row.latest) + accountDelayMs(count));
      }
    }
  }
  if (retryAt > now) {
    await takeBack();
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) };
  }
  return { ok: true, takeBack };
}
