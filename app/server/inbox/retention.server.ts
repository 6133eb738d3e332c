// LEAD_RETENTION_DAYS: leads older than that, with their notes and history, go for good.
import type { Kysely } from "kysely";
import { type Database, logDatabaseError } from "../db.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes leads received more than `days` days before `now`; returns how many. */
export async function purgeOldLeads(
  db: Kysely<Database>,
  days: number,
  now = Date.now(),
): Promise<number> {
  const cutoff = new Date(now - days * DAY_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const old = trx.selectFrom("quote_requests").select("id").where("created_at", "<", cutoff);
    await trx.deleteFrom("lead_history").where("quote_request_id", "in", old).execute();
    await trx.deleteFrom("alert_outbox").where("quote_request_id", "in", old).execute();
    const deleted = await trx
      .deleteFrom("quote_requests")
      .where("created_at", "<", cutoff)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
}

let timer: NodeJS.Timeout | undefined;

/**
 * Runs the purge now and then once a day while the server lives. With several servers each
 * runs it; deleting what is already gone is harmless.
 */
export function scheduleLeadRetention(
  days: number | undefined,
  database: () => Promise<Kysely<Database>>,
): void {
  if (days === undefined || timer) return;
  const run = async () => {
    try {
      const deleted = await purgeOldLeads(await database(), days);
      if (deleted > 0) {
        console.log(
          JSON.stringify({
            time: new Date().toISOString(),
            event: "leads.retention",
            deleted,
            days,
          }),
        );
      }
    } catch (error) {
      logDatabaseError("leads.retention_failed", error);
    }
  };
  void run();
  timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
}
