import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../db.server";

/**
 * Lead ids start above the milliseconds since 2026 (leadIdFloor in db.server.ts), past
 * PostgreSQL's 32-bit integer. SQLite's integers are 64-bit already. The identity's sequence
 * follows its column's type.
 */
export function leadIds64Bit(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql`alter table quote_requests alter column id type bigint`.execute(db);
      await sql`alter table alert_outbox alter column quote_request_id type bigint`.execute(db);
      await sql`alter table lead_history alter column quote_request_id type bigint`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql`alter table lead_history alter column quote_request_id type integer`.execute(db);
      await sql`alter table alert_outbox alter column quote_request_id type integer`.execute(db);
      await sql`alter table quote_requests alter column id type integer`.execute(db);
    },
  };
}
