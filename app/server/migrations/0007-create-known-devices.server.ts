import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * known_devices (issue 19): the browsers an account has signed in from, by the SHA-256 of the
 * long-lived cookie each was given. One browser may be known to several accounts, hence the
 * pair as the key. A known device is exempt from the limits strangers can run up.
 */
export const createKnownDevices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("known_devices")
      .ifNotExists()
      .addColumn("token_hash", "text", (col) => col.notNull())
      .addColumn("user_id", "integer", (col) =>
        col.notNull().references("users.id").onDelete("cascade"),
      )
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("expires_at", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("known_devices_pkey", ["token_hash", "user_id"])
      .execute();
    await db.schema
      .createIndex("known_devices_user_id_idx")
      .ifNotExists()
      .on("known_devices")
      .column("user_id")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("known_devices").ifExists().execute();
  },
};
