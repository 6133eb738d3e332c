import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Fewer index entries written with every lead (issue 23): each one is another page written to
 * the log and synced before the visitor hears back.
 * - alert_outbox_quote_request_id_idx goes: the unique (quote_request_id, channel) leads with
 *   the same column and serves the same lookups, the cascade from a deleted lead included.
 * - alert_outbox_recipient_idx keeps only acknowledgements, the one channel with a recipient
 *   (the cap's count asks for `recipient_key = ?`, which the partial index answers).
 * - quote_requests_key_hash_idx keeps only leads sent with a client's own key; the rest have
 *   none, and replays are looked up by `key_hash = ?`.
 */
export const leanIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex("alert_outbox_quote_request_id_idx").ifExists().execute();
    await db.schema.dropIndex("alert_outbox_recipient_idx").execute();
    await db.schema
      .createIndex("alert_outbox_recipient_idx")
      .on("alert_outbox")
      .columns(["recipient_key", "created_at"])
      .where("recipient_key", "is not", null)
      .execute();
    await db.schema.dropIndex("quote_requests_key_hash_idx").execute();
    await db.schema
      .createIndex("quote_requests_key_hash_idx")
      .on("quote_requests")
      .column("key_hash")
      .where("key_hash", "is not", null)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("quote_requests_key_hash_idx").execute();
    await db.schema
      .createIndex("quote_requests_key_hash_idx")
      .on("quote_requests")
      .column("key_hash")
      .execute();
    await db.schema.dropIndex("alert_outbox_recipient_idx").execute();
    await db.schema
      .createIndex("alert_outbox_recipient_idx")
      .on("alert_outbox")
      .columns(["recipient_key", "created_at"])
      .execute();
    await db.schema
      .createIndex("alert_outbox_quote_request_id_idx")
      .on("alert_outbox")
      .column("quote_request_id")
      .execute();
  },
};
