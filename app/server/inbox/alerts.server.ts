// The inbox's two touch points with lead alerts (app/server/alerts/, built apart from this).
// Both are stubs until that work is merged; the lead engineer wires them then.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db.server";

/** One delivery of a lead's alert, as the inbox shows it. */
export interface AlertState {
  channel: "email" | "webhook" | "ack";
  status: "pending" | "sent" | "failed" | "not_configured";
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

/**
 * The alert deliveries of each lead, by lead id. A lead without any is absent from the map.
 *
 * TODO(alerts): return `alertStatesFor(db, ids)` from app/server/alerts/ (reads alert_outbox),
 * mapped to AlertState. Until then no lead shows an alert state.
 */
export async function alertStatesForLeads(
  _db: Kysely<Database>,
  _ids: readonly number[],
): Promise<Map<number, AlertState[]>> {
  return new Map();
}

/**
 * Called inside the transaction that moves a lead out of the spam tab, so its alert goes out
 * as if it had arrived as a lead.
 *
 * TODO(alerts): call `enqueueLeadAlerts(trx, lead)` from app/server/alerts/.
 */
export async function queueAlertsForRescuedLead(
  _trx: Transaction<Database>,
  _lead: { id: number },
): Promise<void> {}
