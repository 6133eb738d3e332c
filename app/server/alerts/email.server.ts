// The two e-mails: the alert to the business, and the acknowledgement to the customer.
// Composing is pure (tested on its own); sending goes through one pooled Nodemailer transport.
import nodemailer from "nodemailer";
import { BUSINESS } from "~/content/business";
import { escapeHtml } from "~/lib/escape-html";
import { mailtoHref } from "~/lib/mailto";
import { type AlertLead, melbourneTime, phoneE164 } from "./lead.server";

/**
 * An address as Nodemailer takes it without parsing: an object is one mailbox whatever its
 * text holds, where a string would be read as an address list ("a@x, b@y" is two recipients,
 * "Bob <a@x>" a display name). The customer's address only ever goes in this way.
 */
export interface MailAddress {
  name: string;
  address: string;
}

export interface ComposedMail {
  /** The owner's own settings (LEAD_ALERT_FROM, LEAD_ALERT_TO): text, parsed as written. */
  from: string;
  to: (string | MailAddress)[];
  replyTo?: string | MailAddress;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** One line for a header: control characters (CR/LF among them) become spaces. */
function headerSafe(value: string, max = 120): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const flat = value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function domainOf(address: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(address);
  return match?.[1] ?? "localhost";
}

export function messageIdFor(deliveryId: string, from: string): string {
  return `<${deliveryId}@${domainOf(from)}>`;
}

function pageUrl(sourcePage: string | null): string | null {
  return sourcePage ? `${BUSINESS.siteUrl}${sourcePage}` : null;
}

export function leadAlertMail(
  lead: AlertLead,
  options: { from: string; to: string[]; deliveryId: string },
): ComposedMail {
  const outside = lead.outside_service_area === 1;
  const e164 = phoneE164(lead.phone_normalised);
  const telHref = `tel:${e164 ?? lead.phone_normalised.replace(/[^\d+]/g, "")}`;
  const page = pageUrl(lead.source_page);
  const received = melbourneTime(lead.created_at);
  // Photos stay on our server, for the signed-in owner: the mail says how many and where.
  const leadPage = `${BUSINESS.siteUrl}/admin/leads/${lead.id}`;
  const photos =
    lead.photo_count > 0
      ? `${lead.photo_count} ${lead.photo_count === 1 ? "photo" : "photos"}, on the lead's page: ${leadPage}`
      : "none";
  const subject = headerSafe(
    `New lead: ${lead.name}, ${lead.suburb}${outside ? " (outside service area)" : ""}`,
    160,
  );

  const rows: [string, string][] = [
    ["Name", lead.name],
    ["Phone", lead.phone],
    ["E-mail", lead.email ?? "not given"],
    ["Postcode", lead.postcode],
    ["Suburb", lead.suburb],
    ["Service area", outside ? "OUTSIDE our service area" : "inside"],
    ["Page", page ?? "not recorded"],
    ["Received", `${received} (Melbourne time)`],
    ["Photos", photos],
  ];
  const text = [
    "New quote request. We promised a call back within 15 minutes.",
    "",
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(14)}${value}`),
    "",
    "Message:",
    lead.message ?? "(no message)",
    "",
  ].join("\n");

  const cell = (label: string, valueHtml: string) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${label}</th><td style="padding:4px 0">${valueHtml}</td></tr>`;
  const e = escapeHtml;
  const htmlRows = [
    cell("Name", e(lead.name)),
    cell("Phone", `<a href="${e(telHref)}">${e(lead.phone)}</a>`),
    cell(
      "E-mail",
      lead.email ? `<a href="${e(mailtoHref(lead.email))}">${e(lead.email)}</a>` : "not given",
    ),
    cell("Postcode", e(lead.postcode)),
    cell("Suburb", e(lead.suburb)),
    cell("Service area", outside ? "<strong>OUTSIDE our service area</strong>" : "inside"),
    cell("Page", page ? `<a href="${e(page)}">${e(page)}</a>` : "not recorded"),
    cell("Received", `${e(received)} (Melbourne time)`),
    cell(
      "Photos",
      lead.photo_count > 0
        ? `<a href="${e(leadPage)}">${lead.photo_count} ${lead.photo_count === 1 ? "photo" : "photos"} on the lead's page</a>`
        : "none",
    ),
  ];
  const messageHtml = lead.message
    ? e(lead.message).replace(/\r?\n/g, "<br>\n")
    : "<em>(no message)</em>";
  const html = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:sans-serif;font-size:16px;line-height:1.4">
<p>New quote request. We promised a call back within 15 minutes.</p>
<p style="font-size:20px"><a href="${e(telHref)}">Call ${e(lead.name)} on ${e(lead.phone)}</a></p>
<table>${htmlRows.join("\n")}</table>
<h2 style="font-size:16px">Message</h2>
<p>${messageHtml}</p>
</body></html>
`;
  return {
    from: options.from,
    to: options.to,
    replyTo: lead.email ? { name: "", address: lead.email } : undefined,
    subject,
    text,
    html,
    messageId: messageIdFor(options.deliveryId, options.from),
  };
}

/**
 * The customer's acknowledgement. It repeats nothing the visitor typed, not even the name:
 * anyone can type someone else's address into the form, and this must not become a way to
 * send that person words of a spammer's choosing.
 */
export function acknowledgementMail(
  to: string,
  options: { from: string; deliveryId: string },
): ComposedMail {
  const subject = `Thanks, ${BUSINESS.name} got your quote request`;
  const text = [
    "Thanks for getting in touch.",
    "",
    "We've got your quote request and we'll give you a call within 15 minutes.",
    `If it can't wait, ring us on ${BUSINESS.phone}.`,
    "",
    `${BUSINESS.name}`,
    `${BUSINESS.siteUrl}`,
    "",
    "Didn't ask for a quote? Someone may have typed your address by mistake; you can ignore this e-mail.",
    "",
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:sans-serif;font-size:16px;line-height:1.4">
<p>Thanks for getting in touch.</p>
<p>We've got your quote request and we'll give you a call within 15 minutes.
If it can't wait, ring us on <a href="${e(BUSINESS.phoneHref)}">${e(BUSINESS.phone)}</a>.</p>
<p>${e(BUSINESS.name)}<br><a href="${e(BUSINESS.siteUrl)}">${e(BUSINESS.siteUrl)}</a></p>
<p style="color:#555;font-size:14px">Didn't ask for a quote? Someone may have typed your address by mistake; you can ignore this e-mail.</p>
</body></html>
`;
  return {
    from: options.from,
    to: [{ name: "", address: to }],
    replyTo: BUSINESS.email,
    subject,
    text,
    html,
    messageId: messageIdFor(options.deliveryId, options.from),
  };
}

// --- Sending ----------------------------------------------------------------------------

export type SendResult =
  | { ok: true; note?: string }
  | { ok: false; permanent: boolean; error: string };

export interface Mailer {
  send(mail: ComposedMail): Promise<SendResult>;
  /** Connects and logs in without sending: for `npm run alerts:test`. */
  verify(): Promise<SendResult>;
  close(): void;
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  command?: string;
  response?: string;
  message?: string;
}

/**
 * In words an owner can act on. Permanent means retrying the same message can't help: the
 * server refused a recipient, the sender or the message itself with a 5xx. A 5xx at login
 * or at the greeting is worth retrying, since fixing the settings or the server fixes it.
 */
export function describeSmtpError(error: unknown, shownUrl: string): SendResult & { ok: false } {
  const err = (error ?? {}) as SmtpError;
  const reply = err.response ? `: ${headerSafe(err.response, 200)}` : "";
  const code = err.responseCode;
  const command = (err.command ?? "").toUpperCase();
  if (err.code === "EAUTH" || command.startsWith("AUTH")) {
    return {
      ok: false,
      permanent: false,
      error: `the mail server refused the user name or password (${code ?? err.code})${reply}`,
    };
  }
  if (code !== undefined && code >= 500 && /^(MAIL FROM|RCPT TO|DATA)/.test(command)) {
    const what = command.startsWith("MAIL FROM")
      ? "the sender address (LEAD_ALERT_FROM)"
      : command.startsWith("RCPT TO")
        ? "the recipient address"
        : "the message";
    return {
      ok: false,
      permanent: true,
      error: `the mail server refused ${what} (${code})${reply}`,
    };
  }
  if (code !== undefined) {
    return {
      ok: false,
      permanent: false,
      error: `the mail server answered ${code}${command ? ` to ${command}` : ""}${reply}`,
    };
  }
  const network = ["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ETLS"];
  if (err.code && network.includes(err.code)) {
    return {
      ok: false,
      permanent: false,
      error: `could not reach the mail server at ${shownUrl} (${err.code}: ${headerSafe(err.message ?? "", 200)})`,
    };
  }
  return {
    ok: false,
    permanent: false,
    error: `sending failed (${err.code ?? "error"}: ${headerSafe(err.message ?? String(error), 200)})`,
  };
}

/**
 * Which transport: the owner's alerts and the customers' acknowledgements never share one.
 * A customer's address can lead to a mail server that stalls (on RCPT TO, say); on a shared
 * pool a few of those would hold every connection while the owner's alert waited. The
 * customers' transport also gives up sooner: an acknowledgement is a courtesy, and a
 * stalled one is retried later like any other failure.
 */
export type MailLane = "owner" | "customer";

/** Timeouts well inside the outbox lease, so a hung server can't hold a job past it. */
const LANE_TRANSPORT = {
  owner: {
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  },
  customer: {
    maxConnections: 2,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  },
} as const satisfies Record<MailLane, object>;

export function createMailer(smtpUrl: string, shownUrl: string, lane: MailLane = "owner"): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    ...LANE_TRANSPORT[lane],
  });
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail(mail);
        const rejected = (info.rejected ?? []).map(String);
        // Some of several recipients refused: the others have it, so it is not retried.
        return rejected.length > 0
          ? { ok: true, note: `not accepted for ${rejected.join(", ")}` }
          : { ok: true };
      } catch (error) {
        return describeSmtpError(error, shownUrl);
      }
    },
    async verify() {
      try {
        await transport.verify();
        return { ok: true };
      } catch (error) {
        return describeSmtpError(error, shownUrl);
      }
    },
    close: () => transport.close(),
  };
}
