// What the owner and the customer receive, sent through a real SMTP server and read back
// with mailparser, the way a mail client would.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BUSINESS } from "~/content/business";
import { leadReference } from "~/lib/lead-reference";
import { normalisePhone } from "~/lib/quote-schema";
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
  request_origin: null,
  ...overrides,
});
const FROM = "Roof leads <leads@roofs.example>";
const TO = ["owner@roofs.example"];
const ACK = { from: FROM, leadId: 42, requestedAt: "2026-03-04T05:06:07.000Z" };

/** The hidden preheader, first in the body: what mail apps show as the preview. */
function preheaderOf(html: string): string | undefined {
  const match = /<body[^>]*>\s*<div style="display:none[^"]*">([^<]*?)(?:&#8204;|<\/div>)/.exec(
    html,
  );
  return match?.[1]
    ?.replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

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
    expect(parsed.subject).toBe("New lead: Sam Nguyen, Brunswick 3056, 0412 345 678");
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
    expect(String(parsed.html)).toMatch(/<strong[^>]*>OUTSIDE our service area<\/strong>/);
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

  it("reads on a lock screen: name, place and phone in the subject, their words as the preview", async () => {
    const { parsed } = await deliver(
      leadAlertMail(
        lead({
          postcode: "3011",
          suburb: "Footscray, Seddon, Maidstone",
          message:
            "Water is coming in through the kitchen ceiling every time it rains, and now the plaster is sagging near the light. Please call.",
        }),
        { from: FROM, to: TO, deliveryId: "msg_lock" },
      ),
    );
    expect(parsed.subject).toBe("New lead: Sam Nguyen, Footscray 3011, 0412 345 678");
    const html = String(parsed.html);
    const preview = preheaderOf(html);
    expect(preview).toMatch(/^Water is coming in through the kitchen ceiling every time it rains/);
    expect(preview).toMatch(/…$/);
    expect(preview?.length).toBeLessThanOrEqual(110);
    expect(parsed.text?.startsWith(preview ?? "(none)")).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // No external images (blocked by default in most mail apps, and a tracker besides).
    expect(html).not.toMatch(/<img|url\(/i);
  });

  it("says who to call when there is no message, and the postcode alone when we know no suburb", async () => {
    const { parsed } = await deliver(
      leadAlertMail(lead({ message: null, postcode: "3999", suburb: "3999" }), {
        from: FROM,
        to: TO,
        deliveryId: "msg_nomsg",
      }),
    );
    expect(parsed.subject).toBe("New lead: Sam Nguyen, 3999, 0412 345 678");
    expect(preheaderOf(String(parsed.html))).toBe("No message. Call Sam Nguyen on 0412 345 678.");
  });

  it("leads with the call and the lead's own page, then the message, then the rest", async () => {
    const { parsed } = await deliver(
      leadAlertMail(lead(), {
        from: FROM,
        to: TO,
        deliveryId: "msg_order",
        siteUrl: "https://www.roofs.example",
      }),
    );
    const html = String(parsed.html);
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links.slice(0, 2)).toEqual([
      "tel:+61412345678",
      "https://www.roofs.example/admin/leads/42",
    ]);
    // After the preheader (which previews the message too), in the order the owner reads.
    const at = (needle: string) => html.indexOf(needle);
    expect(at("https://www.roofs.example/admin/leads/42")).toBeLessThan(
      at("Water through the ceiling<br>"),
    );
    expect(at("Water through the ceiling<br>")).toBeLessThan(at('href="mailto:sam@example.com"'));
    expect(parsed.text).toContain("Open the lead: https://www.roofs.example/admin/leads/42");
  });

  it("links to the lead on SITE_URL, else on the origin the lead was posted to", async () => {
    const posted = lead({ request_origin: "http://192.168.1.20:3000" });
    const withSiteUrl = await deliver(
      leadAlertMail(posted, {
        from: FROM,
        to: TO,
        deliveryId: "msg_site",
        siteUrl: "https://www.roofs.example",
      }),
    );
    expect(String(withSiteUrl.parsed.html)).toContain(
      'href="https://www.roofs.example/admin/leads/42"',
    );
    expect(String(withSiteUrl.parsed.html)).not.toContain("192.168.1.20");
    smtp.messages.length = 0;
    const fromRequest = await deliver(
      leadAlertMail(posted, { from: FROM, to: TO, deliveryId: "msg_origin" }),
    );
    expect(String(fromRequest.parsed.html)).toContain(
      'href="http://192.168.1.20:3000/admin/leads/42"',
    );
    expect(fromRequest.parsed.text).toContain(
      "Open the lead: http://192.168.1.20:3000/admin/leads/42",
    );
  });

  it("dials every way a customer types a number in international form", async () => {
    for (const [typed, e164] of [
      ["0412 345 678", "+61412345678"],
      ["61 412 555 666", "+61412555666"],
      ["412 555 666", "+61412555666"],
      ["(03) 9555 1234", "+61395551234"],
      ["0412-555-667", "+61412555667"],
    ] as const) {
      smtp.messages.length = 0;
      const { parsed } = await deliver(
        leadAlertMail(lead({ phone: typed, phone_normalised: normalisePhone(typed) }), {
          from: FROM,
          to: TO,
          deliveryId: "msg_tel",
        }),
      );
      const html = String(parsed.html);
      expect(/href="([^"]+)"/.exec(html)?.[1], typed).toBe(`tel:${e164}`);
      expect(parsed.text, typed).toContain(`(tel:${e164})`);
    }
  });

  it("gives the customer their reference and a promise we can keep, by the opening hours", async () => {
    const reference = leadReference(28_000_000_000);
    // Wednesday 4 March 2026, 4:06 pm in Melbourne: open.
    const inside = await deliver(
      acknowledgementMail("sam@example.com", {
        ...ACK,
        leadId: 28_000_000_000,
        deliveryId: "msg_in",
      }),
    );
    expect(reference).toMatch(/^RQ-[0-9A-Z]{4}-[0-9A-Z]{4,}$/);
    expect(inside.parsed.subject).toContain(reference);
    expect(inside.parsed.text).toContain(reference);
    expect(inside.parsed.text).toContain("within 15 minutes");
    expect(preheaderOf(String(inside.parsed.html))).toBe(
      `Reference ${reference}. We'll call within 15 minutes.`,
    );
    smtp.messages.length = 0;
    // Saturday 7 March 2026, 7:30 pm: closed until Monday.
    const outside = await deliver(
      acknowledgementMail("sam@example.com", {
        ...ACK,
        leadId: 28_000_000_000,
        requestedAt: "2026-03-07T08:30:00.000Z",
        deliveryId: "msg_out",
      }),
    );
    expect(outside.parsed.text).toContain("by 7:15 am Monday");
    expect(outside.parsed.text).not.toContain("within 15 minutes");
    expect(String(outside.parsed.html)).toContain("by 7:15 am Monday");
    expect(String(outside.parsed.html)).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
    );
  });

  // The schema lets only a plain address through; should anything else ever reach here, it
  // must stay one (odd) address rather than become a second recipient or a display name.
  it("hands the customer's address to the mailer as one address, whatever it holds", async () => {
    const hostile = "a@b.example, c@d.example";
    const ack = acknowledgementMail(hostile, { ...ACK, deliveryId: "msg_one" });
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
      acknowledgementMail(visitor.email as string, { ...ACK, deliveryId: "msg_ack" }),
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
