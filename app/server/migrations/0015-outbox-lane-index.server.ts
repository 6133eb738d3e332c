import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The worker claims each lane's due jobs by channel (docs/decisions/007-alert-outbox.md). With
 * only (status, next_attempt_at) to go by, the customer lane's claim walked every pending
 * owner job to find the acknowledgements: 2.5 ms a claim with 18,000 owner alerts waiting
 * after a burst, twice a lead (issue 23, `node bench/alerts.ts`). With the channel first, a
 * lane of one channel reads its own due jobs in order; the owner lane keeps the old index.
 */
export const outboxLaneIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("alert_outbox_lane_due_idx")
      .on("alert_outbox")
      .columns(["channel", "status", "next_attempt_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("alert_outbox_lane_due_idx").execute();
  },
};
