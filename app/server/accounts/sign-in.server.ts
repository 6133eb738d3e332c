// Checking an e-mail and password: the same answer, and the same work, whether the e-mail or
// the password is wrong.
import type { Kysely } from "kysely";
import type { Database } from "../db.server";
import { deleteExpiredDevices, knownDevice, rememberDevice } from "./devices.server";
import {
  HashingBusy,
  hashForUnknownAccount,
  MAX_PASSWORD_LENGTH,
  verifyPassword,
} from "./passwords.server";
import { createSession, deleteExpiredSessions } from "./sessions.server";
import { beginSignInAttempt, signInRules } from "./throttle.server";
import { findUserForSignIn } from "./users.server";

export type SignInResult =
  | {
      ok: true;
      token: string;
      expiresAt: Date;
      email: string;
      /** The known-device cookie's value, to send with the session's. */
      deviceToken: string;
    }
  | { ok: false; reason: "invalid" }
  /** A sign-in limit (429), or too many passwords being checked at once (503). */
  | { ok: false; reason: "throttled" | "busy"; retryAfterSeconds: number };

export async function signIn(
  db: Kysely<Database>,
  credentials: { email: string; password: string; ip: string; deviceToken?: string },
  now = Date.now(),
): Promise<SignInResult> {
  const email = credentials.email.trim().toLowerCase().slice(0, 254);
  const device = email ? await knownDevice(db, credentials.deviceToken, email, now) : undefined;
  const attempt = await beginSignInAttempt(
    db,
    signInRules({ email, ip: credentials.ip, deviceId: device }),
    now,
  );
  if (!attempt.ok) {
    return { ok: false, reason: "throttled", retryAfterSeconds: attempt.retryAfterSeconds };
  }
  const user = email ? await findUserForSignIn(db, email) : undefined;
  const password = credentials.password.slice(0, MAX_PASSWORD_LENGTH);
  let matches: boolean;
  try {
    matches = await verifyPassword(password, user?.passwordHash ?? (await hashForUnknownAccount()));
  } catch (error) {
    if (!(error instanceof HashingBusy)) throw error;
    // Never checked, so no failure: the owner caught in someone's burst loses nothing by it.
    await attempt.takeBack();
    return { ok: false, reason: "busy", retryAfterSeconds: error.retryAfterSeconds };
  }
  if (!user || !matches) return { ok: false, reason: "invalid" };
  // The password was right for the hash read above; a reset since then makes it wrong.
  const session = await createSession(db, user.id, now, user.passwordHash);
  if (!session) return { ok: false, reason: "invalid" };
  await attempt.takeBack();
  const deviceToken = await rememberDevice(
    db,
    user.id,
    device && credentials.deviceToken ? { token: credentials.deviceToken } : undefined,
    now,
  );
  // Sign-ins are rare; tidying expired rows here keeps the tables small without a job.
  await deleteExpiredSessions(db, now);
  await deleteExpiredDevices(db, now);
  return { ok: true, ...session, email: user.email, deviceToken };
}
