// What the owner and the customer receive, sent through a real SMTP server and read back
// with mailparser, the way a mail client would.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BUSINESS } from "~/content/business";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../../../tests/support/mail-sink";
import { acknowledgementMail, createMailer, leadAlertMail, type Mailer } from "./email.server";
import type { AlertLead } from "./lead.server";

const lead = (overrides: Partial<AlertLead> = {}): AlertLead => ({
  id: 42,
  name: "Sam Nguyen",
  phone: "0412 345 678",
  phone_normalised: "0412345678",
  email: "sam@example.com",
  postcode: "3056",
  suburb: "Brunswick, Brunswick North",
  message: "Water through the ceiling\nafter rain.\nSecond storey.",
  source_page: "/roof-repair-brunswick",
  outside_service_area: 0,
  // 05:06 UTC in March is 4:06 pm in Melbourne (daylight saving time, UTC+11).
  created_at: "2026-03-04T05:06:07.000Z",
  photo_count: 0,
  ...overrides,
});
const FROM = "Roof leads <leads@roofs.example>";
const TO = ["owner@roofs.example"];

describe("the alert e-mail and the acknowledgement", () => {
  let smtp: SmtpSink;
  let mailer: Mailer;

  async function deliver(mail: ReturnType<typeof leadAlertMail>): Promise<ReceivedMail> {
    const result = await mailer.send(mail);
    expect(result).toEqual({ ok: true });
    await smtp.waitFor((messages) => messages.length === 1);
    return smtp.messages[0] as ReceivedMail;
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    mailer = createMailer(smtp.url(), "test smtp");
  });
  afterAll(async () => {
    mailer.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  it("tells the owner everything they need to call back, in text and HTML", async () => {
    const mail = await deliver(
      leadAlertMail(lead(), { from: FROM, to: TO, deliveryId: "msg_abc" }),
    );
    const { parsed } = mail;
    expect(parsed.subject).toBe("New lead: Sam Nguyen, Brunswick, Brunswick North");
    expect(parsed.from?.text).toContain("leads@roofs.example");
    expect(parsed.replyTo?.value[0]?.address).toBe("sam@example.com");
    expect(parsed.messageId).toBe("<msg_abc@roofs.example>");

    const text = parsed.text ?? "";
    for (const expected of [
      "Sam Nguyen",
      "0412 345 678",
      "sam@example.com",
      "3056",
      "Brunswick, Brunswick North",
      "Water through the ceiling\nafter rain.\nSecond storey.",
      `${BUSINESS.siteUrl}/roof-repair-brunswick`,
      "Wednesday 4 March 2026, 4:06 pm (Melbourne time)",
      "Service area: inside",
    ]) {
      expect(text).toContain(expected);
    }

    const html = String(parsed.html);
    expect(html).toContain('href="tel:+61412345678"');
    expect(html).toContain('href="mailto:sam@example.com"');
    expect(html).toContain("Water through the ceiling<br>\nafter rain.<br>\nSecond storey.");
    expect(html).toContain("Wednesday 4 March 2026, 4:06 pm (Melbourne time)");
    expect(html).toContain(`${BUSINESS.siteUrl}/roof-repair-brunswick`);
  });

  it("says how many photos came and links to the lead's page, attaching none", async () => {
    const { parsed } = await deliver(
      leadAlertMail(lead({ photo_count: 3 }), { from: FROM, to: TO, deliveryId: "msg_photos" }),
    );
    const page = `${BUSINESS.siteUrl}/admin/leads/42`;
    expect(parsed.text).toContain(`Photos:       3 photos, on the lead's page: ${page}`);
    expect(String(parsed.html)).toContain(`<a href="${page}">3 photos on the lead's page</a>`);
    expect(parsed.attachments).toHaveLength(0);
    const none = leadAlertMail(lead(), { from: FROM, to: TO, deliveryId: "msg_none" });
    expect(none.text).toContain("Photos:       none");
  });

  it("flags a postcode outside the service area, and says what was left out", async () => {
    const { parsed } = await deliver(
      leadAlertMail(
        lead({ outside_service_area: 1, email: null, message: null, source_page: null }),
        { from: FROM, to: TO, deliveryId: "msg_out" },
      ),
    );
    expect(parsed.subject).toContain("(outside service area)");
    expect(parsed.replyTo).toBeUndefined();
    expect(parsed.text).toContain("OUTSIDE our service area");
    expect(parsed.text).toContain("E-mail:       not given");
    expect(parsed.text).toContain("(no message)");
    expect(String(parsed.html)).toContain("<strong>OUTSIDE our service area</strong>");
  });

  it("keeps whatever the visitor typed as inert text", async () => {
    const { parsed, raw } = await deliver(
      leadAlertMail(
        lead({
          name: '<script>alert("x")</script>',
          message: '<img src=x onerror=alert(1)> & <a href="https://evil.example">click</a>',
          suburb: "Bcc: victim@example.com\r\nX-Injected: yes",
        }),
        { from: FROM, to: TO, deliveryId: "msg_esc" },
      ),
    );
    const html = String(parsed.html);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('href="https://evil.example"');
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; &lt;a href=");
    // The text part shows it as typed, which is harmless in plain text.
    expect(parsed.text).toContain('<script>alert("x")</script>');
    // No header was smuggled in through a line break.
    expect(parsed.headers.get("x-injected")).toBeUndefined();
    expect(parsed.bcc).toBeUndefined();
    expect(mail(raw)).not.toMatch(/^X-Injected:/im);
  });

  // The schema lets only a plain address through; should anything else ever reach here, it
  // must stay one (odd) address rather than become a second recipient or a display name.
  it("hands the customer's address to the mailer as one address, whatever it holds", async () => {
    const hostile = "a@b.example, c@d.example";
    const ack = acknowledgementMail(hostile, { from: FROM, deliveryId: "msg_one" });
    const alert = leadAlertMail(lead({ email: hostile }), {
      from: FROM,
      to: TO,
      deliveryId: "msg_two",
    });
    for (const composed of [ack, alert]) {
      smtp.messages.length = 0;
      const result = await mailer.send(composed);
      if (result.ok) {
        await smtp.waitFor((messages) => messages.length === 1);
        const [received] = smtp.messages;
        expect(received?.envelopeTo).not.toContain("c@d.example");
        expect(received?.envelopeTo).toHaveLength(1);
        const header = composed === ack ? received?.parsed.to : received?.parsed.replyTo;
        const parsedTo = Array.isArray(header) ? header : header ? [header] : [];
        expect(parsedTo.flatMap((a) => a.value)).toHaveLength(1);
      }
    }
  });

  it("thanks the customer without repeating anything they typed", async () => {
    const visitor = lead({
      name: "Buy cheap pills at spam.example",
      message: "Visit spam.example",
    });
    const { parsed, envelopeTo } = await deliver(
      acknowledgementMail(visitor.email as string, { from: FROM, deliveryId: "msg_ack" }),
    );
    expect(envelopeTo).toEqual(["sam@example.com"]);
    expect(parsed.text).toContain("within 15 minutes");
    expect(parsed.text).toContain(BUSINESS.phone);
    expect(String(parsed.html)).toContain(`href="${BUSINESS.phoneHref}"`);
    const everything = `${parsed.subject}\n${parsed.text}\n${parsed.html}`;
    expect(everything).not.toContain("spam.example");
    expect(everything).not.toContain("pills");
    expect(parsed.replyTo?.value[0]?.address).toBe(BUSINESS.email);
  });
});

/** The raw message's header block. */
function mail(raw: string): string {
  return raw.split(/\r?\n\r?\n/)[0] ?? "";
}
