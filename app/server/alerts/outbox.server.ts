// The alert outbox: delivery jobs written in the same transaction as the lead, so a lead is
// never stored without its alerts, and claimed by workers with a lease so each job is
// delivered by one worker at a time (docs/decisions/007-alert-outbox.md).
import { createHash, randomUUID } from "node:crypto";
import {
  type Generated,
  type Insertable,
  type Kysely,
  PostgresAdapter,
  type Selectable,
  sql,
  type Transaction,
} from "kysely";
import { compiledOnce, namedValues, rowHoles, rowValues } from "../compiled-once.server";
import type { Database, DialectName } from "../db.server";
import { type AlertSettings, currentAlertSettings } from "./settings.server";

export const ALERT_CHANNELS = ["email", "webhook", "ack", "push"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
/** skipped: an acknowledgement the per-recipient cap held back (the reason in last_error). */
export type AlertStatus = "pending" | "sent" | "failed" | "not_configured" | "skipped";

/** The lanes the worker claims separately, so the owner's alerts never queue behind a customer's mail. */
export const OWNER_CHANNELS: readonly AlertChannel[] = ["email", "webhook", "push"];
export const CUSTOMER_CHANNELS: readonly AlertChannel[] = ["ack"];

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
  /** Acknowledgements only: recipientKey() of the address, what the cap counts by. */
  recipient_key: string | null;
}

export type OutboxJob = Selectable<AlertOutboxTable>;
type NewJob = Insertable<AlertOutboxTable>;

/** What enqueueLeadAlerts needs of a lead: its id, and its e-mail for the acknowledgement. */
export interface LeadRef {
  id: number;
  email: string | null;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Acknowledgements per recipient. Anyone can type anyone's address into the form, so without
 * a cap the site would mail "thanks, we'll call" to a stranger as often as the rate limit
 * lets a visitor post, from as many client addresses as they have. The owner's alerts are
 * never capped.
 */
export const ACK_CAP = { perHour: 1, perDay: 3 } as const;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * What the cap counts by: the mailbox, however the address is spelt. Lower-cased (the form
 * stores it so already), "+tag" dropped from the local part (Gmail, Outlook, iCloud,
 * Fastmail and most hosts deliver a+anything to a), and for Gmail the dots and the
 * googlemail.com domain too. Merging two real mailboxes only costs one of them a courtesy
 * e-mail, while missing a spelling gives a sender a fresh budget per spelling, so this errs
 * towards merging. Hashed: it is a counting key, not another copy of the address.
 */
export function recipientKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  let local = at > 0 ? address.slice(0, at) : address;
  let domain = at > 0 ? address.slice(at + 1) : "";
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return createHash("sha256").update(`${local}@${domain}`).digest("base64url");
}

/**
 * The webhook-id and Message-ID a job keeps on every retry: 32 hex digits as before, now
 * time-ordered like a UUIDv7 (the milliseconds, then 74 random bits), so each new id lands at
 * the end of the unique index instead of on a random page of it: a page less written and
 * synced for every job (issue 23).
 */
function deliveryId(now: Date): string {
  // randomUUID draws from a cached pool; its last 20 hex digits hold 74 random bits.
  const random = randomUUID().replaceAll("-", "").slice(12);
  return `msg_${now.getTime().toString(16).padStart(12, "0")}${random}`;
}

/**
 * Whether an acknowledgement to `key` may go now, or why not. Only acknowledgements that
 * were let through count (pending, sent or failed alike: each was an attempt to mail that
 * person); skipped ones don't, so knocking doesn't extend the wait.
 */
async function ackCapReason(trx: Db, key: string, now: Date): Promise<string | null> {
  const recent = await trx
    .selectFrom("alert_outbox")
    .select("created_at")
    .where("recipient_key", "=", key)
    .where("channel", "=", "ack")
    .where("status", "<>", "skipped")
    .where("created_at", ">", new Date(now.getTime() - DAY_MS).toISOString())
    .execute();
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  if (recent.filter((row) => row.created_at > hourAgo).length >= ACK_CAP.perHour) {
    return "not sent: we already sent one to this address within the hour";
  }
  if (recent.length >= ACK_CAP.perDay) {
    return `not sent: we already sent ${ACK_CAP.perDay} to this address within 24 hours`;
  }
  return null;
}

// A lead's two statements here, compiled once (compiled-once.server.ts, issue 23).
const anyDevice = compiledOnce(
  (db) => db.selectFrom("push_subscriptions").select("id").limit(1),
  namedValues(),
);
const insertJobs = compiledOnce(
  (db, hole, jobs: readonly NewJob[]) =>
    db
      .insertInto("alert_outbox")
      .values(rowHoles(jobs, hole))
      .onConflict((oc) => oc.columns(["quote_request_id", "channel"]).doNothing())
      .returning(["status"]),
  rowValues<NewJob>(),
);

/**
 * Writes a lead's delivery jobs; call it inside the transaction that stores the lead (or
 * that marks a spam-flagged one "not spam"). A channel that is switched off gets a
 * not_configured row, so the inbox can say why nothing went out; an acknowledgement over
 * the per-recipient cap gets a skipped row with the reason. Calling it again for the same
 * lead adds nothing. Returns how many jobs are waiting to be delivered.
 */
export async function enqueueLeadAlerts(
  trx: Db,
  lead: LeadRef,
  settings: AlertSettings = currentAlertSettings(),
  now: Date = new Date(),
): Promise<number> {
  // The cap's count and the insert must be one transaction (see below).
  if (!trx.isTransaction) {
    return trx.transaction().execute((inner) => enqueueLeadAlerts(inner, lead, settings, now));
  }
  const at = now.toISOString();
  const job = (channel: AlertChannel, configured: boolean) => ({
    quote_request_id: lead.id,
    channel,
    status: (configured ? "pending" : "not_configured") as AlertStatus,
    next_attempt_at: at,
    created_at: at,
    delivery_id: deliveryId(now),
    recipient_key: null as string | null,
    last_error: null as string | null,
  });
  const jobs = [job("email", Boolean(settings.smtp)), job("webhook", Boolean(settings.webhook))];
  // Phone alerts: one job per lead that fans out to every device (app/server/push/), there
  // only when some owner has turned them on.
  const [device] = (await anyDevice.run(trx, {})).rows;
  if (device) jobs.push(job("push", true));
  // The acknowledgement only exists for a customer who gave an address and a business that
  // sends mail; otherwise there is nothing to report about it.
  if (settings.smtp && settings.ack && lead.email) {
    const key = recipientKey(lead.email);
    // Count and insert under a lock on this recipient, so leads for one address stored at
    // once on several servers can't all see an empty count. SQLite transactions here begin
    // IMMEDIATE, holding the database's write lock already; PostgreSQL takes a
    // transaction-scoped advisory lock on the key (released by the commit).
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`alert_ack:${key}`}, 0))`.execute(
        trx,
      );
    }
    const capped = await ackCapReason(trx, key, now);
    jobs.push({
      ...job("ack", true),
      recipient_key: key,
      ...(capped ? { status: "skipped" as const, last_error: capped } : {}),
    });
  }
  const { rows: inserted } = await insertJobs.run<{ status: AlertStatus }>(trx, jobs);
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
  options: {
    limit: number;
    leaseMs: number;
    now?: Date;
    /** Only these channels (a lane); all of them when absent. */
    channels?: readonly AlertChannel[];
  },
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
        .$if(options.channels !== undefined, (qb) =>
          qb.where("channel", "in", [...(options.channels ?? [])]),
        )
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
