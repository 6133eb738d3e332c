import { describe, expect, it } from "vitest";
import { parseServerEnv } from "../env.server";
import { alertSettingsFrom, shownSmtpUrl } from "./settings.server";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

describe("alert settings", () => {
  it("are off by default, with production retry timings", () => {
    const settings = alertSettingsFrom(parseServerEnv({}));
    expect(settings.smtp).toBeUndefined();
    expect(settings.webhook).toBeUndefined();
    expect(settings.ack).toBe(true);
    expect(settings.retry).toEqual({ baseMs: 10_000, maxMs: 1_800_000, forMs: 86_400_000 });
    expect(settings.pollMs).toBe(1_000);
    expect(settings.leaseMs).toBe(120_000);
  });

  it("read SMTP, recipients, the webhook and the acknowledgement switch", () => {
    const settings = alertSettingsFrom(
      parseServerEnv({
        SMTP_URL: "smtps://user:pa%24s@mail.example.com:465",
        LEAD_ALERT_TO: " owner@example.com, office@example.com ,",
        LEAD_ALERT_FROM: "Leads <leads@example.com>",
        LEAD_WEBHOOK_URL: "https://hooks.example.com/leads",
        LEAD_WEBHOOK_SECRET: SECRET,
        LEAD_ACK_EMAIL: "off",
      }),
    );
    expect(settings.smtp).toEqual({
      url: "smtps://user:pa%24s@mail.example.com:465",
      to: ["owner@example.com", "office@example.com"],
      from: "Leads <leads@example.com>",
    });
    expect(settings.webhook).toEqual({ url: "https://hooks.example.com/leads", secret: SECRET });
    expect(settings.ack).toBe(false);
    expect(settings.siteUrl).toBeUndefined();
    expect(alertSettingsFrom(parseServerEnv({ SITE_URL: "https://roofs.example/" })).siteUrl).toBe(
      "https://roofs.example",
    );
    expect(shownSmtpUrl(settings.smtp?.url ?? "")).toBe("smtps://user:***@mail.example.com:465");
  });

  it.each([
    [{ SMTP_URL: "http://mail.example.com" }, "SMTP_URL"],
    [{ SMTP_URL: "smtp://mail.example.com:25" }, "LEAD_ALERT_TO is needed"],
    [{ SMTP_URL: "smtp://m.example.com", LEAD_ALERT_TO: "a@b.co" }, "LEAD_ALERT_FROM is needed"],
    [{ LEAD_ALERT_TO: "owner@example.com; other@example.com" }, "LEAD_ALERT_TO must be"],
    [{ LEAD_WEBHOOK_URL: "https://hooks.example.com" }, "LEAD_WEBHOOK_SECRET is needed"],
    [{ LEAD_WEBHOOK_SECRET: "not-a-secret" }, "LEAD_WEBHOOK_SECRET must be whsec_"],
    [{ LEAD_ACK_EMAIL: "maybe" }, "LEAD_ACK_EMAIL"],
    [{ ALERT_RETRY_BASE_MS: "0" }, "ALERT_RETRY_BASE_MS"],
    [{ ALERT_RETRY_BASE_MS: "5000", ALERT_RETRY_MAX_MS: "1000" }, "ALERT_RETRY_MAX_MS"],
  ])("refuse %o", (env, message) => {
    expect(() => parseServerEnv(env)).toThrow(message);
  });
});
