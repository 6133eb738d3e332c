// Lead-alert settings, from the validated server environment (app/server/env.server.ts).
import { SERVER_ENV, type ServerEnv } from "../env.server";

export interface AlertSettings {
  smtp?: { url: string; to: string[]; from: string };
  webhook?: { url: string; secret: string };
  /** Send the customer a "thanks, we'll call" e-mail (needs smtp and the customer's address). */
  ack: boolean;
  retry: { baseMs: number; maxMs: number; forMs: number };
  pollMs: number;
  leaseMs: number;
  /**
   * SITE_URL: the origin the alert's links point at. Unset, each lead's own request origin
   * is used (see leadLinkOrigin in email.server.ts).
   */
  siteUrl?: string;
}

export function alertSettingsFrom(env: ServerEnv): AlertSettings {
  const to = (env.LEAD_ALERT_TO ?? "")
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
  return {
    smtp:
      env.SMTP_URL && env.LEAD_ALERT_FROM && to.length > 0
        ? { url: env.SMTP_URL, to, from: env.LEAD_ALERT_FROM }
        : undefined,
    webhook:
      env.LEAD_WEBHOOK_URL && env.LEAD_WEBHOOK_SECRET
        ? { url: env.LEAD_WEBHOOK_URL, secret: env.LEAD_WEBHOOK_SECRET }
        : undefined,
    ack: !["off", "0", "false"].includes(env.LEAD_ACK_EMAIL),
    retry: {
      baseMs: env.ALERT_RETRY_BASE_MS,
      maxMs: env.ALERT_RETRY_MAX_MS,
      forMs: env.ALERT_RETRY_FOR_SECONDS * 1000,
    },
    pollMs: env.ALERT_POLL_MS,
    leaseMs: env.ALERT_LEASE_SECONDS * 1000,
    siteUrl: env.SITE_URL,
  };
}

let current: AlertSettings | undefined;

/** This process's settings, read once. */
export function currentAlertSettings(): AlertSettings {
  current ??= alertSettingsFrom(SERVER_ENV);
  return current;
}

/** The SMTP URL with its password masked, for logs and the test command. */
export function shownSmtpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable SMTP_URL)";
  }
}
