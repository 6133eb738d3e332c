import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../db.server";

const CHANNELS_BEFORE = "channel in ('email', 'webhook', 'ack')";
const CHANNELS_AFTER = "channel in ('email', 'webhook', 'ack', 'push')";

/**
 * Phone alerts (issue 21, app/server/push/):
 * - push_subscriptions: each owner's devices, one row per push endpoint.
 * - push_deliveries: which device a lead's push job has reached (or failed at for good), so
 *   a retry after one device's 503 never buzzes the phones that already have it.
 * - push_keys: the VAPID key pair made at first start, one row, shared by every server.
 * - alert_outbox takes a "push" channel.
 */
export function createPush(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("push_subscriptions")
        .ifNotExists()
        .addColumn("id", "integer", (col) =>
          dialect === "postgres"
            ? col.generatedAlwaysAsIdentity().primaryKey()
            : col.primaryKey().autoIncrement(),
        )
        .addColumn("user_id", "integer", (col) =>
          col.notNull().references("users.id").onDelete("cascade"),
        )
        // The push service's URL for this device: what identifies it, and a capability (anyone
        // holding it can send to the device, though only encrypted to its keys).
        .addColumn("endpoint", "text", (col) => col.notNull().unique())
        .addColumn("p256dh", "text", (col) => col.notNull())
        .addColumn("auth", "text", (col) => col.notNull())
        /** "Chrome on Android": what the owner sees in the list. */
        .addColumn("label", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("last_seen_at", "text", (col) => col.notNull())
        .addColumn("last_sent_at", "text")
        .execute();
      await db.schema
        .createIndex("push_subscriptions_user_id_idx")
        .ifNotExists()
        .on("push_subscriptions")
        .column("user_id")
        .execute();
      await db.schema
        .createTable("push_deliveries")
        .ifNotExists()
        .addColumn("quote_request_id", dialect === "postgres" ? "bigint" : "integer", (col) =>
          col.notNull().references("quote_requests.id").onDelete("cascade"),
        )
        .addColumn("subscription_id", "integer", (col) =>
          col.notNull().references("push_subscriptions.id").onDelete("cascade"),
        )
        .addColumn("status", "text", (col) =>
          col.notNull().check(sql`status in ('sent', 'failed')`),
        )
        .addColumn("error", "text")
        .addColumn("at", "text", (col) => col.notNull())
        .addPrimaryKeyConstraint("push_deliveries_pkey", ["quote_request_id", "subscription_id"])
        .execute();
      await db.schema
        .createIndex("push_deliveries_subscription_id_idx")
        .ifNotExists()
        .on("push_deliveries")
        .column("subscription_id")
        .execute();
      await db.schema
        .createTable("push_keys")
        .ifNotExists()
        .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
        .addColumn("public_key", "text", (col) => col.notNull())
        .addColumn("private_key", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await swapChannelCheck(db, dialect, CHANNELS_BEFORE, CHANNELS_AFTER);
    },
    async down(db: Kysely<unknown>) {
      await sql`delete from alert_outbox where channel = 'push'`.execute(db);
      await swapChannelCheck(db, dialect, CHANNELS_AFTER, CHANNELS_BEFORE);
      await db.schema.dropTable("push_keys").ifExists().execute();
      await db.schema.dropTable("push_deliveries").ifExists().execute();
      await db.schema.dropTable("push_subscriptions").ifExists().execute();
    },
  };
}

/**
 * PostgreSQL swaps the check in place. SQLite can't alter a check, so the table is rebuilt
 * from its own stored definition with only the check's text changed (SQLite's documented
 * way), indexes included: whatever columns other migrations have added come along as they are.
 */
async function swapChannelCheck(
  db: Kysely<unknown>,
  dialect: DialectName,
  from: string,
  to: string,
): Promise<void> {
  if (dialect === "postgres") {
    await sql`alter table alert_outbox drop constraint if exists alert_outbox_channel_check`.execute(
      db,
    );
    await sql`alter table alert_outbox add constraint alert_outbox_channel_check check (${sql.raw(to)})`.execute(
      db,
    );
    return;
  }
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'alert_outbox'`.execute(db);
  const table = rows.find((row) => row.type === "table");
  if (!table?.sql) throw new Error("alert_outbox is missing");
  if (!table.sql.includes(from)) {
    throw new Error(`alert_outbox's channel check is not "${from}": ${table.sql}`);
  }
  const created = table.sql
    .replace(from, to)
    .replace(/^create table\s+("?)alert_outbox\1/i, "create table alert_outbox_next");
  await sql.raw(created).execute(db);
  await sql`insert into alert_outbox_next select * from alert_outbox`.execute(db);
  await sql`drop table alert_outbox`.execute(db);
  await sql`alter table alert_outbox_next rename to alert_outbox`.execute(db);
  for (const index of rows) {
    if (index.type === "index" && index.sql) await sql.raw(index.sql).execute(db);
  }
}
