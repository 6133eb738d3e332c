// The outbox worker: claims due jobs, delivers them, records what happened, and backs off
// on failure. It runs inside the server process; it polls on a short interval and is woken
// straight after this process stores a lead.
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import { type Database, type DialectName, withTimeout } from "../db.server";
import { acknowledgementMail, leadAlertMail, type Mailer, type SendResult } from "./email.server";
import { type AlertLead, loadLeads } from "./lead.server";
import {
  claimDueJobs,
  type JobOutcome,
  type OutboxJob,
  recordOutcomes,
  releaseAllClaims,
  releaseClaims,
  retryDelayMs,
} from "./outbox.server";
import type { AlertSettings } from "./settings.server";
import { postWebhook, signedWebhook, webhookPayload } from "./webhook.server";

export interface AlertWorkerOptions {
  /** Resolves to a migrated database; rejects while it is unavailable (the worker retries). */
  database: () => Promise<Kysely<Database>>;
  dialect: DialectName;
  settings: AlertSettings;
  /** Needed when settings.smtp is set. */
  mailer?: Mailer;
  workerId?: string;
  /** Jobs claimed at a time. */
  batchSize?: number;
  log?: (fields: Record<string, unknown>) => void;
}

export interface AlertWorker {
  readonly workerId: string;
  start(): void;
  /** Wakes the worker now (after a commit in this process). */
  kick(): void;
  /** One claim-deliver-record round; how many jobs it handled. */
  runOnce(): Promise<number>;
  /** Stops polling, lets deliveries under way finish (briefly), hands back the rest. */
  stop(graceMs?: number): Promise<void>;
}

/** Longest one delivery may take; well inside the lease. */
const DELIVERY_TIMEOUT_MS = 60_000;
const ERROR_LOG_INTERVAL_MS = 60_000;

/** Addresses out of log lines: a refusal often quotes the recipient, who may be the customer. */
function redact(text: string): string {
  return text.replace(/[^\s<>"'(),:;]+@[^\s<>"'(),:;]+/g, "<address>");
}

export function createAlertWorker(options: AlertWorkerOptions): AlertWorker {
  const { settings, dialect } = options;
  const workerId =
    options.workerId ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const batchSize = options.batchSize ?? 10;
  const log =
    options.log ??
    ((fields) =>
      process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`));

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopping = false;
  let started = false;
  let staleClaimsCleared = dialect !== "sqlite";
  let lastErrorLog = 0;

  async function deliver(job: OutboxJob, lead: AlertLead | undefined): Promise<SendResult | null> {
    if (!lead) return { ok: false, permanent: true, error: "the quote request no longer exists" };
    if (job.channel === "webhook") {
      if (!settings.webhook) return null;
      const request = signedWebhook(
        settings.webhook.secret,
        job.delivery_id,
        webhookPayload(lead, job.created_at),
      );
      return postWebhook(settings.webhook.url, request);
    }
    if (!settings.smtp || !options.mailer) return null;
    if (job.channel === "email") {
      return options.mailer.send(
        leadAlertMail(lead, {
          from: settings.smtp.from,
          to: settings.smtp.to,
          deliveryId: job.delivery_id,
        }),
      );
    }
    if (!settings.ack || !lead.email) return null;
    return options.mailer.send(
      acknowledgementMail(lead.email, { from: settings.smtp.from, deliveryId: job.delivery_id }),
    );
  }

  function outcomeOf(job: OutboxJob, result: SendResult | null, now: Date): JobOutcome {
    if (result === null) return { jobId: job.id, kind: "not_configured" };
    if (result.ok) return { jobId: job.id, kind: "sent", note: result.note };
    const attempts = Number(job.attempts) + 1;
    if (result.permanent) return { jobId: job.id, kind: "failed", error: result.error };
    const age = now.getTime() - Date.parse(job.created_at);
    if (age >= settings.retry.forMs) {
      return {
        jobId: job.id,
        kind: "failed",
        error: `gave up after ${attempts} attempts: ${result.error}`,
      };
    }
    const delay = retryDelayMs(attempts, settings.retry);
    return {
      jobId: job.id,
      kind: "retry",
      error: result.error,
      nextAttemptAt: new Date(now.getTime() + delay).toISOString(),
    };
  }

  async function runOnce(): Promise<number> {
    const db = await options.database();
    if (!staleClaimsCleared) {
      await releaseAllClaims(db);
      staleClaimsCleared = true;
    }
    const jobs = await claimDueJobs(db, dialect, workerId, {
      limit: batchSize,
      leaseMs: settings.leaseMs,
    });
    if (jobs.length === 0) return 0;
    const leads = await loadLeads(
      db,
      jobs.map((job) => job.quote_request_id),
    );
    const skipped: number[] = [];
    const outcomes = await Promise.all(
      jobs.map(async (job): Promise<JobOutcome | null> => {
        if (stopping) {
          skipped.push(job.id);
          return null;
        }
        let result: SendResult | null;
        try {
          result = await withTimeout(
            deliver(job, leads.get(job.quote_request_id)),
            DELIVERY_TIMEOUT_MS,
            "delivery",
          );
        } catch (error) {
          result = { ok: false, permanent: false, error: String(error) };
        }
        const outcome = outcomeOf(job, result, new Date());
        if (outcome.kind === "retry" || outcome.kind === "failed") {
          log({
            level: outcome.kind === "failed" ? "error" : "warn",
            event: outcome.kind === "failed" ? "alert.failed" : "alert.retry",
            job: job.id,
            lead: job.quote_request_id,
            channel: job.channel,
            attempt: Number(job.attempts) + 1,
            error: redact(outcome.error),
            ...(outcome.kind === "retry" ? { next: outcome.nextAttemptAt } : {}),
          });
        }
        return outcome;
      }),
    );
    await recordOutcomes(
      db,
      workerId,
      outcomes.filter((o): o is JobOutcome => o !== null),
    );
    if (skipped.length > 0) await releaseClaims(db, workerId, skipped);
    return jobs.length;
  }

  async function cycle(): Promise<void> {
    try {
      do {
        again = false;
        let handled = 0;
        do {
          handled = await runOnce();
        } while (handled === batchSize && !stopping);
      } while (again && !stopping);
    } catch (error) {
      // The database or a network being away is routine here: the next poll retries.
      if (Date.now() - lastErrorLog > ERROR_LOG_INTERVAL_MS) {
        lastErrorLog = Date.now();
        log({ level: "error", event: "alert.worker_error", error: redact(String(error)) });
      }
    }
  }

  function run(): void {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = cycle().finally(() => {
      running = undefined;
      schedule();
    });
  }

  function schedule(): void {
    if (stopping || !started) return;
    clearTimeout(timer);
    timer = setTimeout(run, settings.pollMs);
    timer.unref();
  }

  return {
    workerId,
    start() {
      if (started) return;
      started = true;
      stopping = false;
      run();
    },
    kick() {
      if (started) run();
    },
    runOnce,
    async stop(graceMs = 3_000) {
      stopping = true;
      started = false;
      clearTimeout(timer);
      if (running) {
        await withTimeout(running, graceMs, "alert worker stop").catch(() => {});
      }
      try {
        await releaseClaims(await options.database(), workerId);
      } catch {
        // The lease runs out by itself.
      }
    },
  };
}
