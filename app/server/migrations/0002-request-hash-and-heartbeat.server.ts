import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * request_hash binds an idempotency key to the request it came with (issue 13); key_hash (the
 * client's key, unscoped) finds the same request retried from another address; and
 * server_heartbeat gives /healthz a row to write.
 */
export const requestHashAndHeartbeat: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("quote_requests").addColumn("request_hash", "text").execute();
    await db.schema.alterTable("quote_requests").addColumn("key_hash", "text").execute();
    await db.schema
      .createIndex("quote_requests_key_hash_idx")
      .ifNotExists()
      .on("quote_requests")
      .column("key_hash")
      .execute();
    await db.schema
      .createTable("server_heartbeat")
      .ifNotExists()
      .addColumn("id", "integer", (col) => col.primaryKey())
      .addColumn("beat_at", "text", (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("server_heartbeat").ifExists().execute();
    await db.schema.dropIndex("quote_requests_key_hash_idx").ifExists().execute();
    await db.schema.alterTable("quote_requests").dropColumn("key_hash").execute();
    await db.schema.alterTable("quote_requests").dropColumn("request_hash").execute();
  },
};
