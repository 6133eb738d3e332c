// The outbox worker: claims due jobs, delivers them, records what happened, and backs off
// on failure. It runs inside the server process; it polls on a short interval and is woken
// straight after this process stores a lead. Two lanes, each with its own claims, batches and
// mail transport: the owner's alerts (e-mail and webhook) and the customers'
// acknowledgements, so a customer's slow mail server never delays the owner's alert.
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import { type Database, type DialectName, withTimeout } from "../db.server";
import type { PushDelivery } from "../push/index.server";
import type { PushResult } from "../push/send.server";
import { acknowledgementMail, leadAlertMail, type Mailer } from "./email.server";
import { type AlertLead, loadLeads } from "./lead.server";
import {
  type AlertChannel,
  CUSTOMER_CHANNELS,
  claimDueJobs,
  type JobOutcome,
  type OutboxJob,
  OWNER_CHANNELS,
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
  /** The owner's alerts; needed when settings.smtp is set. */
  mailer?: Mailer;
  /**
   * The customers' acknowledgements: a transport of their own (createMailer(…, "customer")).
   * Without one they share `mailer`, and a stalled customer server can take its connections.
   */
  ackMailer?: Mailer;
  workerId?: string;
  /** Phone alerts (the "push" channel); without it those jobs are not configured. */
  push?: PushDelivery;
  /** Owner's jobs claimed at a time (the customers' lane takes half as many). */
  batchSize?: number;
  log?: (fields: Record<string, unknown>) => void;
}

export interface AlertWorker {
  readonly workerId: string;
  start(): void;
  /** Wakes the worker now (after a commit in this process). */
  kick(): void;
  /** One claim-deliver-record round in each lane (or the one named); how many jobs it handled. */
  runOnce(lane?: Lane): Promise<number>;
  /** Stops polling, lets deliveries under way finish (briefly), hands back the rest. */
  stop(graceMs?: number): Promise<void>;
}

export type Lane = "owner" | "customer";

interface LaneRules {
  channels: readonly AlertChannel[];
  batchSize: number;
  /** Longest one delivery may take; well inside the lease. */
  deliveryTimeoutMs: number;
}
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

  const lanes: Record<Lane, LaneRules> = {
    owner: { channels: OWNER_CHANNELS, batchSize, deliveryTimeoutMs: 60_000 },
    customer: {
      channels: CUSTOMER_CHANNELS,
      batchSize: Math.max(1, Math.ceil(batchSize / 2)),
      deliveryTimeoutMs: 20_000,
    },
  };
  const ackMailer = options.ackMailer ?? options.mailer;

  /** Each lane runs on its own: its own poll timer, its own round in flight. */
  const state: Record<Lane, { timer?: NodeJS.Timeout; running?: Promise<void>; again: boolean }> = {
    owner: { again: false },
    customer: { again: false },
  };
  let stopping = false;
  let started = false;
  let staleClaims: Promise<void> | undefined;
  let lastErrorLog = 0;

  async function deliver(job: OutboxJob, lead: AlertLead | undefined): Promise<PushResult | null> {
    if (!lead) return { ok: false, permanent: true, error: "the quote request no longer exists" };
    if (job.channel === "push") {
      return options.push ? options.push.deliver(await options.database(), lead) : null;
    }
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
          siteUrl: settings.siteUrl,
        }),
      );
    }
    if (!settings.ack || !lead.email || !ackMailer) return null;
    return ackMailer.send(
      acknowledgementMail(lead.email, {
        from: settings.smtp.from,
        deliveryId: job.delivery_id,
        leadId: lead.id,
        requestedAt: lead.created_at,
      }),
    );
  }

  function outcomeOf(job: OutboxJob, result: PushResult | null, now: Date): JobOutcome {
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
    // A push service's Retry-After is a floor under our own backoff.
    const asked = "retryAfterMs" in result ? (result.retryAfterMs ?? 0) : 0;
    const delay = Math.max(retryDelayMs(attempts, settings.retry), asked);
    return {
      jobId: job.id,
      kind: "retry",
      error: result.error,
      nextAttemptAt: new Date(now.getTime() + delay).toISOString(),
    };
  }

  /** SQLite: once per process, before the first claim in either lane (see releaseAllClaims). */
  function clearStaleClaims(db: Kysely<Database>): Promise<void> {
    if (dialect !== "sqlite") return Promise.resolve();
    staleClaims ??= releaseAllClaims(db).then(
      () => {},
      (error: unknown) => {
        staleClaims = undefined;
        throw error;
      },
    );
    return staleClaims;
  }

  async function runLane(lane: Lane): Promise<number> {
    const rules = lanes[lane];
    const db = await options.database();
    await clearStaleClaims(db);
    const jobs = await claimDueJobs(db, dialect, workerId, {
      limit: rules.batchSize,
      leaseMs: settings.leaseMs,
      channels: rules.channels,
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
        let result: PushResult | null;
        try {
          result = await withTimeout(
            deliver(job, leads.get(job.quote_request_id)),
            rules.deliveryTimeoutMs,
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

  async function runOnce(lane?: Lane): Promise<number> {
    if (lane) return runLane(lane);
    const handled = await Promise.all([runLane("owner"), runLane("customer")]);
    return handled[0] + handled[1];
  }

  async function cycle(lane: Lane): Promise<void> {
    const own = state[lane];
    try {
      do {
        own.again = false;
        let handled = 0;
        do {
          handled = await runLane(lane);
        } while (handled === lanes[lane].batchSize && !stopping);
      } while (own.again && !stopping);
    } catch (error) {
      // The database or a network being away is routine here: the next poll retries.
      if (Date.now() - lastErrorLog > ERROR_LOG_INTERVAL_MS) {
        lastErrorLog = Date.now();
        log({ level: "error", event: "alert.worker_error", error: redact(String(error)) });
      }
    }
  }

  function run(lane: Lane): void {
    const own = state[lane];
    if (stopping) return;
    if (own.running) {
      own.again = true;
      return;
    }
    own.running = cycle(lane).finally(() => {
      own.running = undefined;
      schedule(lane);
    });
  }

  function schedule(lane: Lane): void {
    const own = state[lane];
    if (stopping || !started) return;
    clearTimeout(own.timer);
    own.timer = setTimeout(() => run(lane), settings.pollMs);
    own.timer.unref();
  }

  const LANES: Lane[] = ["owner", "customer"];

  return {
    workerId,
    start() {
      if (started) return;
      started = true;
      stopping = false;
      for (const lane of LANES) run(lane);
    },
    kick() {
      if (started) for (const lane of LANES) run(lane);
    },
    runOnce,
    async stop(graceMs = 3_000) {
      stopping = true;
      started = false;
      for (const lane of LANES) clearTimeout(state[lane].timer);
      const inFlight = LANES.map((lane) => state[lane].running).filter(Boolean);
      if (inFlight.length > 0) {
        await withTimeout(Promise.all(inFlight), graceMs, "alert worker stop").catch(() => {});
      }
      try {
        await releaseClaims(await options.database(), workerId);
      } catch {
        // The lease runs out by itself.
      }
    },
  };
}
