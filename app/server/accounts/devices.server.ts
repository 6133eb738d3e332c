// Known devices: a browser that once signed in to an account carries a long-lived random token
// (the "inbox_device" cookie, scoped to /admin); the table keeps its SHA-256. It is no
// credential, only an exemption from the sign-in limits strangers can run up
// (throttle.server.ts), so the owner's own phone always gets to try the password.
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db.server";
import { normaliseEmail } from "./users.server";

export const DEVICE_DAYS = 365;
const DEVICE_MS = DEVICE_DAYS * 24 * 60 * 60 * 1000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const deviceId = (token: string) => createHash("sha256").update(token).digest("hex");

/** The device's id when `token` is a device this account knows, else undefined. */
export async function knownDevice(
  db: Kysely<Database>,
  token: string | undefined,
  email: string,
  now = Date.now(),
): Promise<string | undefined> {
  if (!token || !TOKEN_SHAPE.test(token)) return undefined;
  const id = deviceId(token);
  const row = await db
    .selectFrom("known_devices")
    .innerJoin("users", "users.id", "known_devices.user_id")
    .select("known_devices.token_hash")
    .where("known_devices.token_hash", "=", id)
    .where("users.email", "=", normaliseEmail(email))
    .where("known_devices.expires_at", ">", new Date(now).toISOString())
    .executeTakeFirst();
  return row ? id : undefined;
}

/**
 * After a right password: the device's token, kept for another year when the account knew
 * it, else a new one. A token the account didn't know is never adopted, so a cookie someone
 * else planted in the browser can't become a known device.
 */
export async function rememberDevice(
  db: Kysely<Database>,
  userId: number,
  known: { token: string } | undefined,
  now = Date.now(),
): Promise<string> {
  const token = known?.token ?? randomBytes(32).toString("base64url");
  const expiresAt = new Date(now + DEVICE_MS).toISOString();
  await db
    .insertInto("known_devices")
    .values({
      token_hash: deviceId(token),
      user_id: userId,
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc.columns(["token_hash", "user_id"]).doUpdateSet({ expires_at: expiresAt }),
    )
    .execute();
  return token;
}

export async function deleteExpiredDevices(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db
    .deleteFrom("known_devices")
    .where("expires_at", "<=", new Date(now).toISOString())
    .execute();
}
