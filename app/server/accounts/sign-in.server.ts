// Checking an e-mail and password: the same answer, and the same work, whether the e-mail or
// the password is wrong.
import type { Kysely } from "kysely";
import type { Database } from "../db.server";
import { hashForUnknownAccount, MAX_PASSWORD_LENGTH, verifyPassword } from "./passwords.server";
import { createSession, deleteExpiredSessions } from "./sessions.server";
import { accountSubject, addressSubject, beginSignInAttempt } from "./throttle.server";
import { findUserForSignIn } from "./users.server";

export type SignInResult =
  | { ok: true; token: string; expiresAt: Date; email: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

export async function signIn(
  db: Kysely<Database>,
  credentials: { email: string; password: string; ip: string },
  now = Date.now(),
): Promise<SignInResult> {
  const email = credentials.email.trim().toLowerCase().slice(0, 254);
  const attempt = await beginSignInAttempt(
    db,
    [accountSubject(email), addressSubject(credentials.ip)],
    now,
  );
  if (!attempt.ok) {
    return { ok: false, reason: "throttled", retryAfterSeconds: attempt.retryAfterSeconds };
  }
  const user = email ? await findUserForSignIn(db, email) : undefined;
  const password = credentials.password.slice(0, MAX_PASSWORD_LENGTH);
  const matches = await verifyPassword(
    password,
    user?.passwordHash ?? (await hashForUnknownAccount()),
  );
  if (!user || !matches) return { ok: false, reason: "invalid" };
  await attempt.succeeded();
  // Sign-ins are rare; tidying expired sessions here keeps the table small without a job.
  await deleteExpiredSessions(db, now);
  const session = await createSession(db, user.id, now);
  return { ok: true, ...session, email: user.email };
}
