import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * rate_limits: one row per limited key and window (app/server/rate-limit/), shared by every
 * server on the database. The index lets the sweep find ended windows without a scan.
 */
export const createRateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("rate_limits")
      .ifNotExists()
      .addColumn("key", "text", (col) => col.primaryKey())
      .addColumn("hits", "integer", (col) => col.notNull())
      .addColumn("resets_at", "text", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("rate_limits_resets_at_idx")
      .ifNotExists()
      .on("rate_limits")
      .column("resets_at")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("rate_limits").ifExists().execute();
  },
};
