import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * What a won job was worth (issue 20), in whole cents so sums and the Google Ads export never
 * meet a rounding error: on the lead (what the exports read) and on the history entry that
 * set it (who said so, and when). 32-bit is plenty: the inbox refuses more than $1,000,000.
 */
export const wonValue: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("quote_requests").addColumn("won_value_cents", "integer").execute();
    await db.schema.alterTable("lead_history").addColumn("value_cents", "integer").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("lead_history").dropColumn("value_cents").execute();
    await db.schema.alterTable("quote_requests").dropColumn("won_value_cents").execute();
  },
};
