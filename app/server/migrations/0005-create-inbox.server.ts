import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../db.server";

export const ATTRIBUTION_COLUMNS = [
  "landing_page",
  "referrer_host",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "gclid",
] as const;

/**
 * The inbox (issue 10): a status on every lead, its history (status changes and notes, with
 * who and when), where the visit came from, and the indexes the inbox's list needs.
 */
export function createInbox(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("quote_requests")
        .addColumn("status", "text", (col) =>
          col
            .notNull()
            .defaultTo("new")
            .check(sql`status in ('new', 'contacted', 'quoted', 'won', 'lost')`),
        )
        .execute();
      for (const column of ATTRIBUTION_COLUMNS) {
        await db.schema.alterTable("quote_requests").addColumn(column, "text").execute();
      }

      // The list: leads or spam, optionally one status, newest first.
      await db.schema
        .createIndex("quote_requests_inbox_idx")
        .on("quote_requests")
        .columns(["is_spam", "created_at", "id"])
        .execute();
      await db.schema
        .createIndex("quote_requests_status_idx")
        .on("quote_requests")
        .columns(["is_spam", "status", "created_at", "id"])
        .execute();

      await db.schema
        .createTable("lead_history")
        .addColumn("id", "integer", (col) =>
          dialect === "postgres"
            ? col.generatedAlwaysAsIdentity().primaryKey()
            : col.primaryKey().autoIncrement(),
        )
        .addColumn("quote_request_id", "integer", (col) =>
          col.notNull().references("quote_requests.id").onDelete("cascade"),
        )
        .addColumn("kind", "text", (col) =>
          col.notNull().check(sql`kind in ('status', 'note', 'not_spam')`),
        )
        .addColumn("from_status", "text")
        .addColumn("to_status", "text")
        .addColumn("note", "text")
        // The author's e-mail as it was: history outlives a removed account.
        .addColumn("author", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("lead_history_lead_idx")
        .on("lead_history")
        .columns(["quote_request_id", "created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("lead_history").ifExists().execute();
      await db.schema.dropIndex("quote_requests_status_idx").ifExists().execute();
      await db.schema.dropIndex("quote_requests_inbox_idx").ifExists().execute();
      for (const column of [...ATTRIBUTION_COLUMNS, "status"]) {
        await db.schema.alterTable("quote_requests").dropColumn(column).execute();
      }
    },
  };
}
