// The VAPID key pair: configured, or made once and kept in the database, so every server
// behind the proxy signs with the same key and a subscription made through one server is
// accepted from any other.
import type { Kysely } from "kysely";
import webpush from "web-push";
import type { Database } from "../db.server";
import type { PushSettings } from "./settings.server";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The stored pair, made on first use. Several servers starting at once each make one and
 * try to insert it; the first insert wins and everyone reads that one back.
 */
export async function storedVapidKeys(
  db: Kysely<Database>,
  now: Date = new Date(),
): Promise<VapidKeys> {
  const read = () =>
    db
      .selectFrom("push_keys")
      .select(["public_key", "private_key"])
      .where("id", "=", 1)
      .executeTakeFirst();
  let row = await read();
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await db
      .insertInto("push_keys")
      .values({
        id: 1,
        public_key: made.publicKey,
        private_key: made.privateKey,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error("push_keys has no key pair after inserting one");
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** Configured keys win; otherwise the database's (read once per process). */
export function vapidKeySource(
  settings: PushSettings,
  database: () => Promise<Kysely<Database>>,
): () => Promise<VapidKeys> {
  let cached: Promise<VapidKeys> | undefined;
  return () => {
    if (settings.keys) return Promise.resolve(settings.keys);
    cached ??= database()
      .then((db) => storedVapidKeys(db))
      .catch((error: unknown) => {
        cached = undefined;
        throw error;
      });
    return cached;
  };
}
