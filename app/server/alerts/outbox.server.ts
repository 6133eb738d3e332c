// The alert outbox: delivery jobs written in the same transaction as the lead, so a lead is
// never stored without its alerts, and claimed by workers with a lease so each job is
// delivered by one worker at a time (docs/decisions/007-alert-outbox.md).
import { randomUUID } from "node:crypto";
import type { Generated, Kysely, Selectable, Transaction } from "kysely";
import type { Database, DialectName } from "../db.server";
import { type AlertSettings, currentAlertSettings } from "./settings.server";

export const ALERT_CHANNELS = ["email", "webhook", "ack"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export type AlertStatus = "pending" | "sent" | "failed" | "not_configured";

export interface AlertOutboxTable {
  id: Generated<number>;
  quote_request_id: number;
  channel: AlertChannel;
  status: AlertStatus;
  attempts: Generated<number>;
  last_error: string | null;
  /** ISO 8601, like every time in this table. */
  next_attempt_at: string;
  sent_at: string | null;
  created_at: string;
  locked_by: string | null;
  locked_until: string | null;
  /** The webhook-id and the e-mail's Message-ID: the same on every retry. */
  delivery_id: string;
}

export type OutboxJob = Selectable<AlertOutboxTable>;

/** What enqueueLeadAlerts needs of a lead: its id, and its e-mail for the acknowledgement. */
export interface LeadRef {
  id: number;
  email: string | null;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Writes a lead's delivery jobs; call it inside the transaction that stores the lead (or
 * that marks a spam-flagged one "not spam"). A channel that is switched off gets a
 * not_configured row, so the inbox can say why nothing went out. Calling it again for the
 * same lead adds nothing. Returns how many jobs are waiting to be delivered.
 */
export async function enqueueLeadAlerts(
  trx: Db,
  lead: LeadRef,
  settings: AlertSettings = currentAlertSettings(),
  now: Date = new Date(),
): Promise<number> {
  const at = now.toISOString();
  const job = (channel: AlertChannel, configured: boolean) => ({
    quote_request_id: lead.id,
    channel,
    status: (configured ? "pending" : "not_configured") as AlertStatus,
    next_attempt_at: at,
    created_at: at,
    delivery_id: `msg_${randomUUID().replaceAll("-", "")}`,
  });
  const jobs = [job("email", Boolean(settings.smtp)), job("webhook", Boolean(settings.webhook))];
  // The acknowledgement only exists for a customer who gave an address and a business that
  // sends mail; otherwise there is nothing to report about it.
  if (settings.smtp && settings.ack && lead.email) jobs.push(job("ack", true));
  const inserted = await trx
    .insertInto("alert_outbox")
    .values(jobs)
    .onConflict((oc) => oc.columns(["quote_request_id", "channel"]).doNothing())
    .returning(["status"])
    .execute();
  return inserted.filter((row) => row.status === "pending").length;
}

export interface AlertState {
  channel: AlertChannel;
  status: AlertStatus;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

/** For the owner's inbox: each lead's delivery state per channel (leads without jobs are absent). */
export async function alertStatesFor(
  db: Db,
  quoteRequestIds: readonly number[],
): Promise<Map<number, AlertState[]>> {
  const states = new Map<number, AlertState[]>();
  if (quoteRequestIds.length === 0) return states;
  const rows = await db
    .selectFrom("alert_outbox")
    .select(["quote_request_id", "channel", "status", "attempts", "last_error", "sent_at"])
    .where("quote_request_id", "in", [...new Set(quoteRequestIds)])
    .orderBy("quote_request_id")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const id = Number(row.quote_request_id);
    const list = states.get(id) ?? [];
    list.push({
      channel: row.channel,
      status: row.status,
      attempts: Number(row.attempts),
      lastError: row.last_error,
      sentAt: row.sent_at,
    });
    states.set(id, list);
  }
  return states;
}

// --- The worker's side ------------------------------------------------------------------

/**
 * Reserves up to `limit` due jobs for `workerId` until `leaseMs` from now. One statement on
 * both dialects: on PostgreSQL the inner select skips rows another worker is claiming at
 * this moment; on SQLite the statement runs under the write lock, which makes it atomic
 * (and SQLite has no FOR UPDATE, so Kysely's would be a syntax error there).
 */
export async function claimDueJobs(
  db: Kysely<Database>,
  dialect: DialectName,
  workerId: string,
  options: { limit: number; leaseMs: number; now?: Date },
): Promise<OutboxJob[]> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const until = new Date(now.getTime() + options.leaseMs).toISOString();
  const claimed = await db
    .updateTable("alert_outbox")
    .set({ locked_by: workerId, locked_until: until })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("alert_outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", at)
        .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<", at)]))
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(options.limit)
        .$if(dialect === "postgres", (qb) => qb.forUpdate().skipLocked()),
    )
    .returningAll()
    .execute();
  return claimed
    .map((job) => ({ ...job, id: Number(job.id), quote_request_id: Number(job.quote_request_id) }))
    .sort((a, b) => a.id - b.id);
}

export type JobOutcome =
  | { jobId: number; kind: "sent"; note?: string }
  | { jobId: number; kind: "retry"; error: string; nextAttemptAt: string }
  | { jobId: number; kind: "failed"; error: string }
  | { jobId: number; kind: "not_configured" };

/**
 * Records what happened to claimed jobs, in one transaction (one disk sync on SQLite however
 * many jobs). Only rows this worker still holds are touched.
 */
export async function recordOutcomes(
  db: Kysely<Database>,
  workerId: string,
  outcomes: readonly JobOutcome[],
  now: Date = new Date(),
): Promise<void> {
  if (outcomes.length === 0) return;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    for (const outcome of outcomes) {
      const common = { locked_by: null, locked_until: null };
      const change =
        outcome.kind === "sent"
          ? { ...common, status: "sent" as const, sent_at: at, last_error: outcome.note ?? null }
          : outcome.kind === "retry"
            ? { ...common, last_error: outcome.error, next_attempt_at: outcome.nextAttemptAt }
            : outcome.kind === "failed"
              ? { ...common, status: "failed" as const, last_error: outcome.error }
              : { ...common, status: "not_configured" as const };
      await trx
        .updateTable("alert_outbox")
        .set((eb) => ({
          ...change,
          attempts: outcome.kind === "not_configured" ? eb.ref("attempts") : eb("attempts", "+", 1),
        }))
        .where("id", "=", outcome.jobId)
        .where("locked_by", "=", workerId)
        .execute();
    }
  });
}

/** Hands back jobs this worker claimed but did not finish, for another worker (or the next start). */
export async function releaseClaims(
  db: Kysely<Database>,
  workerId: string,
  jobIds?: readonly number[],
): Promise<number> {
  let query = db
    .updateTable("alert_outbox")
    .set({ locked_by: null, locked_until: null })
    .where("locked_by", "=", workerId)
    .where("status", "=", "pending");
  if (jobIds) {
    if (jobIds.length === 0) return 0;
    query = query.where("id", "in", [...jobIds]);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * SQLite only: one process owns the worker there, so claims left by an earlier process (one
 * that was killed before it could hand them back) are stale the moment we start.
 */
export async function releaseAllClaims(db: Kysely<Database>): Promise<number> {
  const result = await db
    .updateTable("alert_outbox")
    .set({ locked_by: null, locked_until: null })
    .where("locked_by", "is not", null)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Exponential backoff with jitter: base·2^(n-1), capped, then a random point in its upper
 * half, so many failed jobs don't all come back at the same moment.
 */
export function retryDelayMs(
  attempt: number,
  retry: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const capped = Math.min(retry.maxMs, retry.baseMs * 2 ** exponent);
  return Math.round(capped / 2 + random() * (capped / 2));
}
