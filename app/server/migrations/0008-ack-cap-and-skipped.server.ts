import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../db.server";

const STATUSES_BEFORE = sql`status in ('pending', 'sent', 'failed', 'not_configured')`;
const STATUSES_AFTER = sql`status in ('pending', 'sent', 'failed', 'not_configured', 'skipped')`;

/**
 * alert_outbox gets a "skipped" status (an acknowledgement the per-recipient cap held back,
 * with the reason in last_error) and recipient_key, the counting key of the address an
 * acknowledgement went to (app/server/alerts/outbox.server.ts), indexed for the cap's query.
 * PostgreSQL swaps the status check in place; SQLite can't alter a check, so the table is
 * copied into a new one with the same columns, constraints and indexes (inside the
 * migration's transaction, like every migration here).
 */
export function ackCapAndSkipped(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "postgres") {
        await sql`alter table alert_outbox drop constraint if exists alert_outbox_status_check`.execute(
          db,
        );
        await sql`alter table alert_outbox add constraint alert_outbox_status_check check (${STATUSES_AFTER})`.execute(
          db,
        );
        await db.schema.alterTable("alert_outbox").addColumn("recipient_key", "text").execute();
      } else {
        await rebuildSqliteOutbox(db, STATUSES_AFTER, true);
      }
      await db.schema
        .createIndex("alert_outbox_recipient_idx")
        .ifNotExists()
        .on("alert_outbox")
        .columns(["recipient_key", "created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      // Skipped acknowledgements settled as not sent; there is no older word for them.
      await sql`update alert_outbox set status = 'failed' where status = 'skipped'`.execute(db);
      await db.schema.dropIndex("alert_outbox_recipient_idx").ifExists().execute();
      if (dialect === "postgres") {
        await sql`alter table alert_outbox drop constraint if exists alert_outbox_status_check`.execute(
          db,
        );
        await sql`alter table alert_outbox add constraint alert_outbox_status_check check (${STATUSES_BEFORE})`.execute(
          db,
        );
        await db.schema.alterTable("alert_outbox").dropColumn("recipient_key").execute();
      } else {
        await rebuildSqliteOutbox(db, STATUSES_BEFORE, false);
      }
    },
  };
}

const COLUMNS = [
  "id",
  "quote_request_id",
  "channel",
  "status",
  "attempts",
  "last_error",
  "next_attempt_at",
  "sent_at",
  "created_at",
  "locked_by",
  "locked_until",
  "delivery_id",
];

/** The 0003 table with another status check (and recipient_key or not), rows kept. */
async function rebuildSqliteOutbox(
  db: Kysely<unknown>,
  statuses: ReturnType<typeof sql>,
  withRecipientKey: boolean,
): Promise<void> {
  let table = db.schema
    .createTable("alert_outbox_next")
    .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
    .addColumn("quote_request_id", "integer", (col) =>
      col.notNull().references("quote_requests.id").onDelete("cascade"),
    )
    .addColumn("channel", "text", (col) =>
      col.notNull().check(sql`channel in ('email', 'webhook', 'ack')`),
    )
    .addColumn("status", "text", (col) => col.notNull().check(statuses))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("locked_by", "text")
    .addColumn("locked_until", "text")
    .addColumn("delivery_id", "text", (col) => col.notNull().unique())
    .addUniqueConstraint("alert_outbox_lead_channel_unique", ["quote_request_id", "channel"]);
  if (withRecipientKey) table = table.addColumn("recipient_key", "text");
  await table.execute();
  const columns = sql.join(COLUMNS.map((column) => sql.ref(column)));
  await sql`insert into alert_outbox_next (${columns}) select ${columns} from alert_outbox`.execute(
    db,
  );
  await db.schema.dropTable("alert_outbox").execute();
  await db.schema.alterTable("alert_outbox_next").renameTo("alert_outbox").execute();
  await db.schema
    .createIndex("alert_outbox_quote_request_id_idx")
    .on("alert_outbox")
    .column("quote_request_id")
    .execute();
  await db.schema
    .createIndex("alert_outbox_due_idx")
    .on("alert_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
}
