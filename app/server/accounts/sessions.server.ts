// Sessions in the database: the cookie carries a random token, the table its SHA-256, so a
// sign-out, a password reset or a removed account ends the session on every server at once.
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db.server";

export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/** Renewed at most once a day, so reading leads isn't a write per page. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export interface SessionUser {
  userId: number;
  email: string;
  expiresAt: string;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A new session with a new token, for the caller to send as the cookie: only while the
 * account's password hash is still `verifiedHash`, the one the password was checked against.
 * A reset that lands between that check and this returns undefined and issues nothing.
 */
export async function createSession(
  db: Kysely<Database>,
  userId: number,
  now: number,
  verifiedHash: string,
): Promise<{ token: string; expiresAt: Date } | undefined> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now + SESSION_MS);
  const created = await db.transaction().execute(async (trx) => {
    // A write to the account's row: it waits for a reset in progress (PostgreSQL's row lock,
    // SQLite's write lock) and then finds the new hash, so nothing is inserted. A reset that
    // starts after this waits in turn, and its delete then sees this session and ends it.
    const same = await trx
      .updateTable("users")
      .set((eb) => ({ password_hash: eb.ref("password_hash") }))
      .where("id", "=", userId)
      .where("password_hash", "=", verifiedHash)
      .executeTakeFirst();
    if (Number(same.numUpdatedRows) === 0) return false;
    await trx
      .insertInto("sessions")
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: new Date(now).toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      .execute();
    return true;
  });
  return created ? { token, expiresAt } : undefined;
}

/** The signed-in user, or undefined for an unknown, expired or orphaned token. */
export async function readSession(
  db: Kysely<Database>,
  token: string,
  now = Date.now(),
): Promise<SessionUser | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id as userId", "users.email as email", "sessions.expires_at as expiresAt"])
    .where("sessions.token_hash", "=", hashToken(token))
    .where("sessions.expires_at", ">", new Date(now).toISOString())
    .executeTakeFirst();
  return row
    ? { userId: Number(row.userId), email: row.email, expiresAt: row.expiresAt }
    : undefined;
}

/**
 * Pushes the expiry 30 days past now when the session was last renewed over a day ago.
 * Returns the new expiry when it moved, so the cookie can follow.
 */
export async function renewSession(
  db: Kysely<Database>,
  token: string,
  session: SessionUser,
  now = Date.now(),
): Promise<Date | undefined> {
  if (Date.parse(session.expiresAt) - now > SESSION_MS - RENEW_AFTER_MS) return undefined;
  const expiresAt = new Date(now + SESSION_MS);
  await db
    .updateTable("sessions")
    .set({ expires_at: expiresAt.toISOString() })
    .where("token_hash", "=", hashToken(token))
    .execute();
  return expiresAt;
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom("sessions").where("token_hash", "=", hashToken(token)).execute();
}

/** Expired rows are never read again; cleared now and then so the table stays small. */
export async function deleteExpiredSessions(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom("sessions").where("expires_at", "<=", new Date(now).toISOString()).execute();
}
