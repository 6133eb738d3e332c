import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../db.server";

/**
 * alert_outbox: one row per lead per channel (email, webhook, ack), written in the same
 * transaction as the lead, delivered by the worker in app/server/alerts/. Times are ISO 8601
 * text like quote_requests.created_at, so they compare as strings on both dialects.
 */
export function createAlertOutbox(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("alert_outbox")
        .ifNotExists()
        .addColumn("id", "integer", (col) =>
          dialect === "postgres"
            ? col.generatedAlwaysAsIdentity().primaryKey()
            : col.primaryKey().autoIncrement(),
        )
        .addColumn("quote_request_id", "integer", (col) =>
          col.notNull().references("quote_requests.id").onDelete("cascade"),
        )
        .addColumn("channel", "text", (col) =>
          col.notNull().check(sql`channel in ('email', 'webhook', 'ack')`),
        )
        .addColumn("status", "text", (col) =>
          col.notNull().check(sql`status in ('pending', 'sent', 'failed', 'not_configured')`),
        )
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("last_error", "text")
        .addColumn("next_attempt_at", "text", (col) => col.notNull())
        .addColumn("sent_at", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("locked_by", "text")
        .addColumn("locked_until", "text")
        // The webhook-id and the e-mail's Message-ID: the same on every retry, so receivers
        // can drop duplicates.
        .addColumn("delivery_id", "text", (col) => col.notNull().unique())
        .addUniqueConstraint("alert_outbox_lead_channel_unique", ["quote_request_id", "channel"])
        .execute();
      await db.schema
        .createIndex("alert_outbox_quote_request_id_idx")
        .ifNotExists()
        .on("alert_outbox")
        .column("quote_request_id")
        .execute();
      // The worker's one question: which pending jobs are due.
      await db.schema
        .createIndex("alert_outbox_due_idx")
        .ifNotExists()
        .on("alert_outbox")
        .columns(["status", "next_attempt_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("alert_outbox").ifExists().execute();
    },
  };
}
