// Lead alerts for this process: the worker the server starts and stops (through serverHooks
// in app/entry.server.tsx), the wake-up after a lead is stored, and `npm run alerts:test`.

import { getDb, startDatabase } from "../db.server";
import { SERVER_ENV } from "../env.server";
import { currentPushSender, currentPushSettings, pushDelivery } from "../push/index.server";
import { sendTestPush, type TestPushReport } from "../push/send.server";
import { createMailer, leadAlertMail, type Mailer, type SendResult } from "./email.server";
import type { AlertLead } from "./lead.server";
import { currentAlertSettings, shownSmtpUrl } from "./settings.server";
import { postWebhook, signedWebhook, webhookPayload } from "./webhook.server";
import { type AlertWorker, createAlertWorker } from "./worker.server";

export { type AlertState, alertStatesFor, enqueueLeadAlerts } from "./outbox.server";

let worker: AlertWorker | undefined;
let mailer: Mailer | undefined;
let ackMailer: Mailer | undefined;

function logLine(fields: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`);
}

/** Starts this process's outbox worker (once); says at start-up what is switched on. */
export function startAlerts(): void {
  if (worker) return;
  const settings = currentAlertSettings();
  if (!settings.smtp && !settings.webhook) {
    logLine({
      level: "warn",
      event: "alerts.off",
      message:
        "Lead alerts are off: new quote requests are stored but nobody is told. Set SMTP_URL, " +
        "LEAD_ALERT_TO and LEAD_ALERT_FROM for e-mail, or LEAD_WEBHOOK_URL and " +
        "LEAD_WEBHOOK_SECRET for a webhook (see README, Getting leads to your phone).",
    });
  } else {
    logLine({
      level: "info",
      event: "alerts.on",
      email: settings.smtp ? shownSmtpUrl(settings.smtp.url) : "off",
      webhook: settings.webhook ? new URL(settings.webhook.url).origin : "off",
      acknowledgement: Boolean(settings.smtp && settings.ack),
    });
  }
  mailer = settings.smtp
    ? createMailer(settings.smtp.url, shownSmtpUrl(settings.smtp.url), "owner")
    : undefined;
  ackMailer =
    settings.smtp && settings.ack
      ? createMailer(settings.smtp.url, shownSmtpUrl(settings.smtp.url), "customer")
      : undefined;
  // Phone alerts need no settings: say only when the subject had to fall back, and make
  // the key pair now rather than on the first device's visit.
  const push = currentPushSettings();
  if (push.subjectNote)
    logLine({ level: "warn", event: "push.subject", message: push.subjectNote });
  currentPushSender()
    .keys()
    .catch(() => {});
  worker = createAlertWorker({
    database: async () => {
      await startDatabase();
      return getDb();
    },
    dialect: SERVER_ENV.DATABASE_URL.startsWith("file:") ? "sqlite" : "postgres",
    settings,
    mailer,
    ackMailer,
    push: pushDelivery(),
    log: logLine,
  });
  worker.start();
}

/** Stops the worker and hands back the jobs it had claimed; call before closing the database. */
export async function stopAlerts(): Promise<void> {
  const stopping = worker;
  worker = undefined;
  await stopping?.stop();
  mailer?.close();
  ackMailer?.close();
  mailer = undefined;
  ackMailer = undefined;
}

/** After a commit that enqueued jobs: deliver now rather than at the next poll. */
export function kickAlerts(): void {
  worker?.kick();
}

export interface AlertTestReport {
  email: SendResult | "off";
  webhook: SendResult | "off";
  /** One line per device of every owner (none: nobody turned phone alerts on), or what failed. */
  push: TestPushReport[] | string;
  settings: { email: string; to: string[]; webhook: string };
}

/**
 * `npm run alerts:test`: sends one test alert e-mail and one test webhook with the current
 * settings, straight away (not through the outbox), and reports each result.
 */
export async function sendTestAlerts(now: Date = new Date()): Promise<AlertTestReport> {
  const settings = currentAlertSettings();
  const sample: AlertLead = {
    id: 0,
    name: "Test Lead (from npm run alerts:test)",
    phone: "0400 000 000",
    phone_normalised: "0400000000",
    email: null,
    postcode: "3000",
    suburb: "Melbourne",
    message: "This is a test alert. If you can read it, lead alerts work.",
    source_page: "/",
    outside_service_area: 0,
    created_at: now.toISOString(),
    photo_count: 0,
    request_origin: null,
  };
  const deliveryId = `msg_test_${now.getTime()}`;
  let email: SendResult | "off" = "off";
  if (settings.smtp) {
    const shown = shownSmtpUrl(settings.smtp.url);
    const testMailer = createMailer(settings.smtp.url, shown);
    try {
      email = await testMailer.verify();
      if (email.ok) {
        const mail = leadAlertMail(sample, {
          from: settings.smtp.from,
          to: settings.smtp.to,
          deliveryId,
          siteUrl: settings.siteUrl,
        });
        email = await testMailer.send({ ...mail, subject: `Test alert: ${mail.subject}` });
      }
    } finally {
      testMailer.close();
    }
  }
  let webhook: SendResult | "off" = "off";
  if (settings.webhook) {
    webhook = await postWebhook(
      settings.webhook.url,
      signedWebhook(settings.webhook.secret, deliveryId, {
        ...webhookPayload(sample, now.toISOString()),
        test: true,
      }),
    );
  }
  let push: TestPushReport[] | string;
  try {
    await startDatabase();
    push = await sendTestPush(getDb(), currentPushSender());
  } catch (error) {
    push = `could not read the devices from the database (${error instanceof Error ? error.message : String(error)})`;
  }
  return {
    email,
    webhook,
    push,
    settings: {
      email: settings.smtp ? shownSmtpUrl(settings.smtp.url) : "off",
      to: settings.smtp?.to ?? [],
      webhook: settings.webhook?.url ?? "off",
    },
  };
}
