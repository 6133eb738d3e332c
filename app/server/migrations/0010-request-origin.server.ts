import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * quote_requests.request_origin: the origin the lead was posted to (https://host[:port]),
 * so the alert worker, which runs later and outside any request, can link the owner to the
 * lead on the server they use when SITE_URL is not set. Older rows have none (the alert
 * then falls back to VITE_SITE_URL).
 */
export const requestOrigin: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("quote_requests").addColumn("request_origin", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("quote_requests").dropColumn("request_origin").execute();
  },
};
