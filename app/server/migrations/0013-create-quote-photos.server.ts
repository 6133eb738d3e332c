import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../db.server";

/**
 * Photos sent with a quote request (issue 22): re-encoded, so small enough for the database,
 * which every server behind the proxy shares. A photo goes with its lead, whichever code
 * deletes the lead: the foreign key cascades on both databases (better-sqlite3 builds SQLite
 * with foreign keys on). `photo_count` on the lead is written in the same transaction as the
 * photos and never changes, so the list, alerts and exports count without a join.
 */
export function createQuotePhotos(dialect: DialectName): Migration {
  const bytes = dialect === "postgres" ? "bytea" : "blob";
  const leadId = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("quote_requests")
        .addColumn("photo_count", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable("quote_photos")
        .addColumn("id", dialect === "postgres" ? "bigint" : "integer", (col) =>
          dialect === "postgres"
            ? col.generatedAlwaysAsIdentity().primaryKey()
            : col.primaryKey().autoIncrement(),
        )
        .addColumn("quote_request_id", leadId, (col) =>
          col.notNull().references("quote_requests.id").onDelete("cascade"),
        )
        // 192 random bits, base64url: the photo's URL. Unguessable, and no lead id in it.
        .addColumn("token", "text", (col) => col.notNull().unique())
        .addColumn("position", "integer", (col) => col.notNull())
        .addColumn("content_type", "text", (col) =>
          col.notNull().check(sql`content_type in ('image/jpeg', 'image/webp')`),
        )
        .addColumn("width", "integer", (col) => col.notNull())
        .addColumn("height", "integer", (col) => col.notNull())
        .addColumn("bytes", bytes, (col) => col.notNull())
        .addColumn("thumb", bytes, (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("quote_photos_lead_idx")
        .on("quote_photos")
        .columns(["quote_request_id", "position"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("quote_photos").ifExists().execute();
      await db.schema.alterTable("quote_requests").dropColumn("photo_count").execute();
    },
  };
}
