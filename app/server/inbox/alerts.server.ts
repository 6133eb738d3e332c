// The inbox's two touch points with lead alerts (app/server/alerts/).
import type { Kysely, Transaction } from "kysely";
import { kickAlerts } from "../alerts/index.server";
import {
  type AlertState,
  alertStatesFor,
  enqueueLeadAlerts,
  OWNER_CHANNELS,
} from "../alerts/outbox.server";
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

/** A channel of the owner's alerts that isn't getting through. */
export interface AlertTrouble {
  channel: "email" | "webhook";
  /** When the first alert that hasn't gone since the last good one was queued. */
  since: string;
  lastError: string | null;
  /** Alerts still being retried, and alerts given up on. */
  retrying: number;
  failed: number;
}

/**
 * The owner's alert channels (not the customers' acknowledgements: one customer's broken
 * mailbox is no fault of the settings) with deliveries failing since the channel's last
 * success: retried at least once and not sent yet, or given up. A later success on the same
 * channel means delivery works again, and the notice goes.
 */
export async function alertTrouble(db: Kysely<Database>): Promise<AlertTrouble[]> {
  const troubles: AlertTrouble[] = [];
  for (const channel of OWNER_CHANNELS) {
    const lastSent = await db
      .selectFrom("alert_outbox")
      .select((eb) => eb.fn.max("sent_at").as("at"))
      .where("channel", "=", channel)
      .where("status", "=", "sent")
      .executeTakeFirst();
    const since = lastSent?.at ?? null;
    const failing = db
      .selectFrom("alert_outbox")
      .where("channel", "=", channel)
      .where((eb) =>
        eb.or([
          eb("status", "=", "failed"),
          eb.and([eb("status", "=", "pending"), eb("attempts", ">", 0)]),
        ]),
      )
      .$if(since !== null, (qb) => qb.where("created_at", ">", since as string));
    const [groups, latest] = await Promise.all([
      failing
        .select((eb) => [
          "status",
          eb.fn.countAll().as("count"),
          eb.fn.min("created_at").as("first"),
        ])
        .groupBy("status")
        .execute(),
      failing
        .select("last_error")
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst(),
    ]);
    if (!latest || groups.length === 0) continue;
    const count = (status: string) =>
      Number(groups.find((group) => group.status === status)?.count ?? 0);
    troubles.push({
      channel: channel as AlertTrouble["channel"],
      since: groups.map((group) => String(group.first)).sort()[0] as string,
      lastError: latest.last_error,
      retrying: count("pending"),
      failed: count("failed"),
    });
  }
  return troubles;
}
