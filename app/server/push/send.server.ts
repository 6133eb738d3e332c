// Sending phone alerts: one lead's push job fans out to every device (the outbox's "push"
// channel, in the owner's lane), each request encrypted (aes128gcm) and VAPID-signed by the
// web-push library, with a TTL in hours and Urgency: high.
import type { Agent } from "node:https";
import type { Kysely } from "kysely";
import webpush from "web-push";
import type { SendResult } from "../alerts/email.server";
import type { AlertLead } from "../alerts/lead.server";
import type { Database } from "../db.server";
import type { VapidKeys } from "./keys.server";
import { PUSH_TIMEOUT_MS, PUSH_TTL_SECONDS } from "./settings.server";
import { allDevices, type PushDevice } from "./subscriptions.server";

/** What the service worker shows (app/server/push/browser/sw.js). */
export interface PushMessage {
  title: string;
  body: string;
  /** Opened on a tap; always a path inside /admin. */
  url: string;
  /** One notification per lead: a repeat replaces it instead of stacking up. */
  tag: string;
}

/** A retry may ask for more than the outbox's own backoff (a push service's Retry-After). */
export type PushResult = SendResult | (SendResult & { ok: false; retryAfterMs?: number });

function clip(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a lock screen shows one line
  const flat = text.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Name and suburb in the title, the start of the message below: what a lock screen shows. */
export function leadPushMessage(lead: AlertLead): PushMessage {
  const outside = lead.outside_service_area === 1 ? " (outside service area)" : "";
  return {
    title: `New lead: ${clip(lead.name, 60)}, ${clip(lead.suburb, 60)}${outside}`,
    body: lead.message ? clip(lead.message, 140) : `No message. Phone ${clip(lead.phone, 30)}`,
    url: `/admin/leads/${lead.id}`,
    tag: `lead-${lead.id}`,
  };
}

export const TEST_PUSH_MESSAGE: PushMessage = {
  title: "Test alert",
  body: "If you can read this, phone alerts work on this device.",
  url: "/admin/devices",
  tag: "test",
};

export type DeviceOutcome =
  | { kind: "sent" }
  /** 404/410: the browser unsubscribed or the subscription expired; never send to it again. */
  | { kind: "gone"; error: string }
  | { kind: "retry"; error: string; retryAfterMs?: number }
  | { kind: "failed"; error: string };

export interface PushSender {
  subject: string;
  keys: () => Promise<VapidKeys>;
  /** Tests pass an agent that trusts their receiver's certificate. */
  agent?: Agent;
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: unknown, now: number = Date.now()): number | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function serviceName(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return "the push service";
  }
}

export async function sendToDevice(
  device: Pick<PushDevice, "endpoint" | "p256dh" | "auth">,
  message: PushMessage,
  sender: PushSender,
): Promise<DeviceOutcome> {
  const keys = await sender.keys();
  const service = serviceName(device.endpoint);
  try {
    await webpush.sendNotification(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(message),
      {
        TTL: PUSH_TTL_SECONDS,
        urgency: "high",
        contentEncoding: "aes128gcm",
        vapidDetails: { subject: sender.subject, ...keys },
        timeout: PUSH_TIMEOUT_MS,
        ...(sender.agent ? { agent: sender.agent } : {}),
      },
    );
    return { kind: "sent" };
  } catch (error) {
    const err = error as {
      statusCode?: number;
      headers?: Record<string, string>;
      body?: string;
      code?: string;
      message?: string;
    };
    if (typeof err.statusCode !== "number") {
      // No answer at all (refused, DNS, TLS, timeout): the network or the service is away.
      return {
        kind: "retry",
        error: `could not reach ${service} (${err.code ?? clip(err.message ?? String(error), 120)})`,
      };
    }
    const status = err.statusCode;
    const said = err.body ? `: ${clip(err.body, 160)}` : "";
    const text = `${service} answered ${status}${said}`;
    if (status === 404 || status === 410) return { kind: "gone", error: text };
    if (status === 429 || status >= 500) {
      return {
        kind: "retry",
        error: text,
        retryAfterMs: retryAfterMs(err.headers?.["retry-after"]),
      };
    }
    // 400 (a malformed request), 401/403 (the VAPID signature or subject refused), 413 (too
    // big): sending the same again won't help, and the owner needs to see it.
    return { kind: "failed", error: text };
  }
}

/** Records what a push did to a device: its last-sent time, or its removal when gone. */
async function recordDevice(
  db: Kysely<Database>,
  device: PushDevice,
  outcome: DeviceOutcome,
  at: string,
): Promise<void> {
  if (outcome.kind === "gone") {
    await db.deleteFrom("push_subscriptions").where("id", "=", device.id).execute();
  } else if (outcome.kind === "sent") {
    await db
      .updateTable("push_subscriptions")
      .set({ last_sent_at: at })
      .where("id", "=", device.id)
      .execute();
  }
}

const named = (device: PushDevice) => `${device.label} (device ${device.id})`;

/**
 * Delivers one lead's push job: to every device this lead has not reached yet. Devices that
 * took it, or refused it for good, are written down, so a retry after one device's 503
 * goes to that device alone. The job is retried while any device may still take it (after
 * the longest Retry-After asked for), fails when a device refused it for good (the error
 * says which), and is sent once every device has it.
 */
export async function deliverLeadPush(
  db: Kysely<Database>,
  lead: AlertLead,
  sender: PushSender,
  now: () => Date = () => new Date(),
): Promise<PushResult | null> {
  const devices = await allDevices(db);
  const earlier = await db
    .selectFrom("push_deliveries")
    .select(["subscription_id", "status", "error"])
    .where("quote_request_id", "=", lead.id)
    .execute();
  const done = new Set(earlier.map((row) => Number(row.subscription_id)));
  const due = devices.filter((device) => !done.has(device.id));
  const message = leadPushMessage(lead);
  const outcomes = await Promise.all(
    due.map(async (device) => ({ device, outcome: await sendToDevice(device, message, sender) })),
  );
  const at = now().toISOString();
  const failures = earlier
    .filter(
      (row) => row.status === "failed" && devices.some((d) => d.id === Number(row.subscription_id)),
    )
    .map((row) => row.error ?? "refused");
  let sent = earlier.filter((row) => row.status === "sent").length;
  const retries: { error: string; retryAfterMs?: number }[] = [];
  const gone: string[] = [];
  for (const { device, outcome } of outcomes) {
    await recordDevice(db, device, outcome, at);
    if (outcome.kind === "sent" || outcome.kind === "failed") {
      const error = outcome.kind === "failed" ? `${named(device)}: ${outcome.error}` : null;
      await db
        .insertInto("push_deliveries")
        .values({
          quote_request_id: lead.id,
          subscription_id: device.id,
          status: outcome.kind,
          error,
          at,
        })
        .onConflict((oc) => oc.columns(["quote_request_id", "subscription_id"]).doNothing())
        .execute();
      if (error) failures.push(error);
      else sent += 1;
    } else if (outcome.kind === "retry") {
      retries.push({
        error: `${named(device)}: ${outcome.error}`,
        retryAfterMs: outcome.retryAfterMs,
      });
    } else {
      gone.push(named(device));
    }
  }
  const goneNote = gone.length > 0 ? `; removed ${gone.join(", ")}: no longer subscribed` : "";
  if (retries.length > 0) {
    const waits = retries.map((r) => r.retryAfterMs ?? 0);
    return {
      ok: false,
      permanent: false,
      error: `${retries.map((r) => r.error).join("; ")}${goneNote}`,
      retryAfterMs: Math.max(...waits) || undefined,
    };
  }
  if (failures.length > 0) {
    return {
      ok: false,
      permanent: true,
      error: `sent to ${sent} of ${sent + failures.length} devices; ${failures.join("; ")}${goneNote}`,
    };
  }
  if (sent === 0) {
    if (gone.length === 0 && devices.length === 0) return null;
    return {
      ok: false,
      permanent: true,
      error: `no device left to alert${goneNote}. Turn phone alerts on again on /admin/devices`,
    };
  }
  return { ok: true, note: gone.length > 0 ? goneNote.slice(2) : undefined };
}

export interface TestPushReport {
  device: string;
  outcome: DeviceOutcome;
}

/** `npm run alerts:test` and the devices page's "Send a test": straight away, not through the outbox. */
export async function sendTestPush(
  db: Kysely<Database>,
  sender: PushSender,
  devices?: PushDevice[],
): Promise<TestPushReport[]> {
  const targets = devices ?? (await allDevices(db));
  const at = new Date().toISOString();
  return Promise.all(
    targets.map(async (device) => {
      const outcome = await sendToDevice(device, TEST_PUSH_MESSAGE, sender);
      await recordDevice(db, device, outcome, at);
      return { device: named(device), outcome };
    }),
  );
}
