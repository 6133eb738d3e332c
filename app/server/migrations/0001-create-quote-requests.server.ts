import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../db.server";

/**
 * quote_requests. Only the id differs between dialects: PostgreSQL gets an identity
 * column, SQLite its rowid alias. "if not exists" lets a half-applied run be repeated.
 */
export function createQuoteRequests(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("quote_requests")
        .ifNotExists()
        .addColumn("id", "integer", (col) =>
          dialect === "postgres"
            ? col.generatedAlwaysAsIdentity().primaryKey()
            : col.primaryKey().autoIncrement(),
        )
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("phone", "text", (col) => col.notNull())
        .addColumn("phone_normalised", "text", (col) => col.notNull())
        .addColumn("email", "text")
        .addColumn("postcode", "text", (col) => col.notNull())
        .addColumn("suburb", "text", (col) => col.notNull())
        .addColumn("message", "text")
        .addColumn("source_page", "text")
        .addColumn("idempotency_key", "text", (col) => col.unique())
        .addColumn("is_spam", "integer", (col) =>
          col.notNull().defaultTo(0).check(sql`is_spam in (0, 1)`),
        )
        .addColumn("spam_reason", "text")
        .addColumn("outside_service_area", "integer", (col) =>
          col.notNull().defaultTo(0).check(sql`outside_service_area in (0, 1)`),
        )
        // ISO 8601 text on both dialects, so reads look the same everywhere.
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("quote_requests_created_at_idx")
        .ifNotExists()
        .on("quote_requests")
        .column("created_at")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("quote_requests").ifExists().execute();
    },
  };
}
