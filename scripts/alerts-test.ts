// `npm run alerts:test`: sends a test alert e-mail and a test webhook with the current settings
// (the environment, and .env when there is one) and says plainly what worked. It uses the
// server's own alert modules, from the build (building first when there is none).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { ServerBuild } from "react-router";

type Result =
  | { ok: true; note?: string }
  | { ok: false; permanent: boolean; error: string }
  | "off";
type DeviceOutcome = { kind: "sent" } | { kind: "gone" | "retry" | "failed"; error: string };
interface Report {
  email: Result;
  webhook: Result;
  push: { device: string; outcome: DeviceOutcome }[] | string;
  settings: { email: string; to: string[]; webhook: string };
}

const entry = new URL("../build/server/index.js", import.meta.url);
if (!existsSync(entry)) {
  console.log("No build found: running `npm run build` first.");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let report: Report;
try {
  const build = (await import(entry.href)) as ServerBuild;
  const hooks = (
    build.entry.module as unknown as { serverHooks: { sendTestAlerts(): Promise<Report> } }
  ).serverHooks;
  report = await hooks.sendTestAlerts();
} catch (error) {
  // Most likely a setting that doesn't validate: the message names it.
  console.error(
    `Could not test the alerts: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(2);
}

const lines: string[] = [];
let failed = false;
lines.push(`E-mail alert (SMTP_URL ${report.settings.email})`);
if (report.email === "off") {
  lines.push("  off: set SMTP_URL, LEAD_ALERT_TO and LEAD_ALERT_FROM to get leads by e-mail.");
} else if (report.email.ok) {
  lines.push(`  OK: the mail server accepted a test alert for ${report.settings.to.join(", ")}.`);
  if (report.email.note) lines.push(`  but: ${report.email.note}`);
  lines.push("  Check that inbox (and its spam folder) to be sure it arrived.");
} else {
  failed = true;
  lines.push(`  FAILED: ${report.email.error}`);
}
lines.push(`Webhook (LEAD_WEBHOOK_URL ${report.settings.webhook})`);
if (report.webhook === "off") {
  lines.push(
    "  off: set LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET to send leads to SMS, a CRM or chat.",
  );
} else if (report.webhook.ok) {
  lines.push('  OK: the receiver accepted a signed test event (its data has "test": true).');
} else {
  failed = true;
  lines.push(`  FAILED: ${report.webhook.error}`);
}
lines.push("Phone alerts (turned on at /admin/devices)");
if (typeof report.push === "string") {
  failed = true;
  lines.push(`  FAILED: ${report.push}`);
} else if (report.push.length === 0) {
  lines.push("  none: open /admin/devices on your phone and turn phone alerts on.");
}
for (const { device, outcome } of typeof report.push === "string" ? [] : report.push) {
  if (outcome.kind === "sent")
    lines.push(`  OK: the push service took a test notification for ${device}.`);
  else if (outcome.kind === "gone") lines.push(`  removed: ${device} had unsubscribed.`);
  else {
    failed = true;
    lines.push(`  FAILED: ${device}: ${outcome.error}`);
  }
}
console.log(lines.join("\n"));
process.exit(failed ? 1 : 0);
