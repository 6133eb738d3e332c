// Each owner's devices: the push subscriptions their browsers made on /admin/devices.
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../db.server";
import type { PushSubscriptionsTable } from "./tables.server";

export type PushDevice = Selectable<PushSubscriptionsTable>;

/** Per owner: bounds the fan-out of one lead, whatever a script in a signed-in page does. */
export const MAX_DEVICES_PER_OWNER = 10;
/** Longer than any push service's URL we know (FCM's and Apple's are under 300). */
export const MAX_ENDPOINT_LENGTH = 1024;

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

function base64urlBytes(value: unknown): Buffer | undefined {
  if (typeof value !== "string" || !/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return undefined;
  return Buffer.from(value, "base64url");
}

/**
 * A browser's PushSubscription as JSON (`subscription.toJSON()`), checked: an https endpoint
 * with no credentials in it, a P-256 public key (65 bytes, uncompressed) and a 16-byte auth
 * secret, as RFC 8291 has them. Anything else is a string saying what is wrong.
 */
export function parseSubscription(value: unknown): NewSubscription | string {
  if (typeof value !== "object" || value === null) return "the subscription must be an object";
  const { endpoint, keys } = value as { endpoint?: unknown; keys?: unknown };
  if (typeof endpoint !== "string" || endpoint.length > MAX_ENDPOINT_LENGTH) {
    return "the endpoint must be a URL of at most 1024 characters";
  }
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "the endpoint must be a URL";
  }
  if (url.protocol !== "https:" || url.username || url.password || url.hash) {
    return "the endpoint must be an https URL without a user name, password or #fragment";
  }
  const { p256dh, auth } = (typeof keys === "object" && keys !== null ? keys : {}) as {
    p256dh?: unknown;
    auth?: unknown;
  };
  const publicKey = base64urlBytes(p256dh);
  const secret = base64urlBytes(auth);
  if (publicKey?.length !== 65 || publicKey[0] !== 4) {
    return "keys.p256dh must be a P-256 public key";
  }
  if (secret?.length !== 16) return "keys.auth must be 16 bytes";
  return {
    endpoint: url.href,
    p256dh: publicKey.toString("base64url"),
    auth: secret.toString("base64url"),
  };
}

/** "Chrome on Android", "Safari on iPhone": enough to tell the owner's devices apart. */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const system = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "Mac"
            : /Linux|CrOS/.test(ua)
              ? "Linux"
              : "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /SamsungBrowser/.test(ua)
      ? "Samsung Internet"
      : /Firefox|FxiOS/.test(ua)
        ? "Firefox"
        : /Chrome|CriOS|Chromium/.test(ua)
          ? "Chrome"
          : /Safari/.test(ua)
            ? "Safari"
            : "A browser";
  return system ? `${browser} on ${system}` : browser;
}

/**
 * Stores (or refreshes) a device for this owner, keyed by its endpoint: a browser that
 * subscribes again, or one another owner signed in on before, ends up as one row, this
 * owner's. Refuses past MAX_DEVICES_PER_OWNER.
 */
export async function saveSubscription(
  db: Kysely<Database>,
  userId: number,
  subscription: NewSubscription,
  label: string,
  now: Date = new Date(),
): Promise<{ id: number; created: boolean } | "too_many"> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("push_subscriptions")
      .select("id")
      .where("endpoint", "=", subscription.endpoint)
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable("push_subscriptions")
        .set({ ...subscription, user_id: userId, label, last_seen_at: at })
        .where("id", "=", existing.id)
        .execute();
      return { id: Number(existing.id), created: false };
    }
    const { count } = await trx
      .selectFrom("push_subscriptions")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_DEVICES_PER_OWNER) return "too_many" as const;
    const row = await trx
      .insertInto("push_subscriptions")
      .values({
        ...subscription,
        user_id: userId,
        label,
        created_at: at,
        last_seen_at: at,
        last_sent_at: null,
      })
      .onConflict((oc) => oc.column("endpoint").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) {
      // Another request stored the same endpoint a moment ago.
      const again = await trx
        .selectFrom("push_subscriptions")
        .select("id")
        .where("endpoint", "=", subscription.endpoint)
        .executeTakeFirstOrThrow();
      return { id: Number(again.id), created: false };
    }
    return { id: Number(row.id), created: true };
  });
}

/** The device opened the inbox: notes when, if it is still this owner's. */
export async function touchSubscription(
  db: Kysely<Database>,
  userId: number,
  endpoint: string,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("push_subscriptions")
    .set({ last_seen_at: now.toISOString() })
    .where("endpoint", "=", endpoint)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes one of this owner's devices, by id or endpoint; how many went (0 or 1). */
export async function removeSubscription(
  db: Kysely<Database>,
  userId: number,
  which: { id: number } | { endpoint: string },
): Promise<number> {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .$if("id" in which, (qb) => qb.where("id", "=", (which as { id: number }).id))
    .$if("endpoint" in which, (qb) =>
      qb.where("endpoint", "=", (which as { endpoint: string }).endpoint),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function devicesOf(db: Kysely<Database>, userId: number): Promise<PushDevice[]> {
  const rows = await db
    .selectFrom("push_subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), user_id: Number(row.user_id) }));
}

export async function allDevices(db: Kysely<Database>): Promise<PushDevice[]> {
  const rows = await db.selectFrom("push_subscriptions").selectAll().orderBy("id").execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), user_id: Number(row.user_id) }));
}
