// The inbox's two touch points with lead alerts (app/server/alerts/).
import type { Kysely, Transaction } from "kysely";
import { kickAlerts } from "../alerts/index.server";
import { type AlertState, alertStatesFor, enqueueLeadAlerts } from "../alerts/outbox.server";
import type { Database } from "../db.server";

export type { AlertState };

/** The alert deliveries of each lead, by lead id. A lead without any is absent from the map. */
export function alertStatesForLeads(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, AlertState[]>> {
  return alertStatesFor(db, ids);
}

/**
 * Called inside the transaction that moves a lead out of the spam tab, so its alert goes out
 * as if it had arrived as a lead. The worker's next poll (or the kick after commit) sends it.
 */
export async function queueAlertsForRescuedLead(
  trx: Transaction<Database>,
  lead: { id: number },
): Promise<void> {
  const row = await trx
    .selectFrom("quote_requests")
    .select("email")
    .where("id", "=", lead.id)
    .executeTakeFirstOrThrow();
  await enqueueLeadAlerts(trx, { id: lead.id, email: row.email });
}

/** Wakes this process's alert worker once a rescued lead's jobs are committed. */
export const alertsQueued = kickAlerts;
