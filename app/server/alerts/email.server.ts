// The two e-mails: the alert to the business, and the acknowledgement to the customer.
// Composing is pure (tested on its own); sending goes through one pooled Nodemailer transport.
import nodemailer from "nodemailer";
import { BUSINESS, callbackPromise, EMERGENCY_LINE, FIGURES, HOURS } from "~/content/business";
import { escapeHtml } from "~/lib/escape-html";
import { leadReference } from "~/lib/lead-reference";
import { mailtoHref } from "~/lib/mailto";
import { phoneDisplay, phoneTelHref } from "~/lib/phone";
import { type AlertLead, melbourneTime } from "./lead.server";

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

export interface AlertMailOptions {
  from: string;
  to: string[];
  deliveryId: string;
  /** SITE_URL, when set: the origin of every link in the alert. */
  siteUrl?: string;
}

/**
 * Where the alert's links point: SITE_URL when configured; else the origin the lead was
 * posted to (the server as the owner reaches it, on a LAN or a test box); else, for leads
 * stored before that was recorded, the build's VITE_SITE_URL.
 */
export function leadLinkOrigin(lead: Pick<AlertLead, "request_origin">, siteUrl?: string): string {
  return (siteUrl ?? lead.request_origin ?? BUSINESS.siteUrl).replace(/\/+$/, "");
}

/** The lead's own page in the inbox, absolute: the alert is read far from the site. */
export function leadPageUrl(lead: Pick<AlertLead, "id" | "request_origin">, siteUrl?: string) {
  return `${leadLinkOrigin(lead, siteUrl)}/admin/leads/${lead.id}`;
}

/**
 * "Footscray 3011": the first of the postcode's localities (a postcode can cover several,
 * "Brunswick, Brunswick North") and the postcode; just the postcode when we know no suburb.
 */
export function leadPlace(lead: Pick<AlertLead, "suburb" | "postcode">): string {
  const first = lead.suburb.split(",")[0]?.trim() ?? "";
  return first && first !== lead.postcode ? `${first} ${lead.postcode}` : lead.postcode;
}

const PREVIEW_CHARS = 110;

/**
 * What a lock screen or a mail list shows under the subject: the start of the customer's own
 * words, which say how urgent it is; without a message, who to call.
 */
export function alertPreview(lead: Pick<AlertLead, "message" | "name" | "phone">): string {
  const flat = (lead.message ?? "").replace(/\s+/g, " ").trim();
  if (!flat) return `No message. Call ${lead.name} on ${phoneDisplay(lead.phone)}.`;
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1).trimEnd()}…` : flat;
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = "#0f2a3d";
const SOFT = "#475569";
const ACTION = "#c2410c";
const PAGE_BG = "#fff7ed";

/**
 * Mail clients' preview: a hidden block first in the body. The run of zero-width joiners
 * after it keeps the client from padding the preview with the call button's words.
 */
function preheader(text: string): string {
  return `<div style="display:none;max-height:0;max-width:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:${PAGE_BG};opacity:0">${escapeHtml(text)}${"&#8204;&nbsp;".repeat(60)}</div>`;
}

/** The single-column frame every alert shares: one table, inline styles, 560 px at most. */
function mailDocument(title: string, preview: string, rows: string[]): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light only">
<title>${e(title)}</title></head>
<body style="margin:0;padding:0;background:${PAGE_BG};-webkit-text-size-adjust:100%">
${preheader(preview)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${PAGE_BG}">
<tr><td align="center" style="padding:12px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:10px;font-family:${FONT};color:${INK}">
${rows.join("\n")}
</table>
</td></tr></table>
</body></html>
`;
}

function button(href: string, label: string, primary: boolean): string {
  const look = primary
    ? `background:${ACTION};color:#ffffff;border:2px solid ${ACTION};font-size:22px`
    : `background:#ffffff;color:${INK};border:2px solid ${INK};font-size:18px`;
  return `<a href="${escapeHtml(href)}" style="display:block;${look};font-family:${FONT};font-weight:700;line-height:1.2;text-align:center;text-decoration:none;padding:16px 12px;border-radius:10px">${label}</a>`;
}

export function leadAlertMail(lead: AlertLead, options: AlertMailOptions): ComposedMail {
  const outside = lead.outside_service_area === 1;
  const phone = phoneDisplay(lead.phone);
  const telHref = phoneTelHref(lead.phone);
  const origin = leadLinkOrigin(lead, options.siteUrl);
  const leadUrl = leadPageUrl(lead, options.siteUrl);
  const page = lead.source_page ? `${origin}${lead.source_page}` : null;
  const place = leadPlace(lead);
  const received = melbourneTime(lead.created_at);
  // Photos stay on our server, for the signed-in owner: the mail says how many and where.
  const leadPage = leadUrl;
  const photos =
    lead.photo_count > 0
      ? `${lead.photo_count} ${lead.photo_count === 1 ? "photo" : "photos"}, on the lead's page: ${leadPage}`
      : "none";
  const preview = alertPreview(lead);
  const subject = headerSafe(
    `New lead: ${lead.name}, ${place}, ${phone}${outside ? " (outside service area)" : ""}`,
    200,
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
    preview,
    "",
    `Call ${lead.name}: ${phone} (${telHref})`,
    `Open the lead: ${leadUrl}`,
    "",
    "Message:",
    lead.message ?? "(no message)",
    "",
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(14)}${value}`),
    "",
    `We promised a call back within ${FIGURES.callbackMinutes} minutes.`,
    "",
  ].join("\n");

  const e = escapeHtml;
  const cell = (label: string, valueHtml: string) =>
    `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;font-size:14px;font-weight:600;color:${SOFT};white-space:nowrap">${label}</th><td style="padding:6px 0;font-size:15px;word-break:break-word;overflow-wrap:anywhere">${valueHtml}</td></tr>`;
  const link = (href: string, label: string) =>
    `<a href="${e(href)}" style="color:${INK}">${e(label)}</a>`;
  const details = [
    cell("Phone", link(telHref, lead.phone)),
    cell("E-mail", lead.email ? link(mailtoHref(lead.email), lead.email) : "not given"),
    cell("Suburb", e(lead.suburb)),
    cell("Postcode", e(lead.postcode)),
    cell(
      "Service area",
      outside ? `<strong style="color:${ACTION}">OUTSIDE our service area</strong>` : "inside",
    ),
    cell("Page", page ? link(page, lead.source_page ?? page) : "not recorded"),
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
    : `<em style="color:${SOFT}">(no message)</em>`;
  const pad = "padding:0 16px";
  const html = mailDocument(subject, preview, [
    `<tr><td style="padding:18px 16px 0">
<p style="margin:0;font-size:14px;color:${SOFT}">New lead &middot; ${e(received)}</p>
<h1 style="margin:4px 0 0;font-size:26px;line-height:1.2;font-weight:800;word-break:break-word">${e(lead.name)}</h1>
<p style="margin:4px 0 0;font-size:17px">${e(place)}${outside ? ` &middot; <strong style="color:${ACTION}">outside our service area</strong>` : ""}</p>
</td></tr>`,
    `<tr><td style="padding:16px 16px 0">${button(telHref, `Call ${e(phone)}`, true)}</td></tr>`,
    `<tr><td style="padding:10px 16px 0">${button(leadUrl, "Open the lead", false)}
<p style="margin:6px 0 0;font-size:13px;color:${SOFT};text-align:center">${e(new URL(leadUrl).host)}/admin</p></td></tr>`,
    `<tr><td style="padding:20px 16px 0">
<h2 style="margin:0 0 6px;font-size:13px;font-weight:700;letter-spacing:0.06em;text-transform:uppercase;color:${SOFT}">Message</h2>
<p style="margin:0;padding:12px 14px;font-size:17px;line-height:1.5;background:${PAGE_BG};border-left:4px solid ${ACTION};word-break:break-word">${messageHtml}</p>
</td></tr>`,
    `<tr><td style="padding:16px 16px 0"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="font-family:${FONT};color:${INK}">
${details.join("\n")}
</table></td></tr>`,
    `<tr><td style="${pad};padding-top:12px;padding-bottom:18px;font-size:13px;line-height:1.4;color:${SOFT}">We promised a call back within ${FIGURES.callbackMinutes} minutes.${lead.email ? " Replying to this e-mail writes to the customer." : ""}</td></tr>`,
  ]);
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

export interface AcknowledgementOptions {
  from: string;
  deliveryId: string;
  /** The lead's id: its short reference goes in the e-mail. */
  leadId: number;
  /** When they asked (the lead's created_at): what decides the promise, not when this goes. */
  requestedAt: string;
}

/**
 * The customer's acknowledgement. It repeats nothing the visitor typed, not even the name:
 * anyone can type someone else's address into the form, and this must not become a way to
 * send that person words of a spammer's choosing. What it does hold is ours: the lead's
 * reference and when we will call, from the opening hours.
 */
export function acknowledgementMail(to: string, options: AcknowledgementOptions): ComposedMail {
  const reference = leadReference(options.leadId);
  const promise = callbackPromise(new Date(options.requestedAt));
  const hours = HOURS.filter((h) => h.opens)
    .map((h) => `${h.label} ${h.value}`)
    .join(", ");
  const subject = `Got it: your quote request ${reference}`;
  const headline = `Got it. We'll call you ${promise.text}.`;
  const offHours = promise.withinHours
    ? null
    : `We're off the tools right now (our hours: ${hours}), so that's the earliest we'll ring. Roofers start early.`;
  const urgent = promise.withinHours
    ? `If it can't wait, ring us on ${BUSINESS.phone}.`
    : `Water coming through the ceiling and it can't wait? Ring ${BUSINESS.phone}: ${EMERGENCY_LINE}.`;
  const preview = `Reference ${reference}. We'll call ${promise.text}.`;
  const text = [
    headline,
    "",
    "Thanks for getting in touch: your quote request landed safely.",
    `Your reference is ${reference}. Handy if you ring us, so we can skip the twenty questions.`,
    "",
    ...(offHours ? [offHours, ""] : []),
    urgent,
    "",
    `${BUSINESS.name}`,
    `${BUSINESS.siteUrl}`,
    "",
    "Didn't ask for a quote? Someone may have typed your address by mistake; you can ignore this e-mail.",
    "",
  ].join("\n");
  const e = escapeHtml;
  const p = (inner: string) =>
    `<p style="margin:0 0 14px;font-size:16px;line-height:1.5">${inner}</p>`;
  const html = mailDocument(subject, preview, [
    `<tr><td style="padding:18px 16px 0">
<p style="margin:0;font-size:14px;font-weight:700;color:${SOFT}">${e(BUSINESS.name)}</p>
<h1 style="margin:6px 0 14px;font-size:24px;line-height:1.25;font-weight:800">${e(headline).replace(/ (am|pm)\b/g, "&nbsp;$1")}</h1>
${p("Thanks for getting in touch: your quote request landed safely.")}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="padding:12px 14px;background:${PAGE_BG};border-left:4px solid ${ACTION};font-family:${FONT};color:${INK}">
<p style="margin:0;font-size:13px;font-weight:700;letter-spacing:0.06em;text-transform:uppercase;color:${SOFT}">Your reference</p>
<p style="margin:2px 0 4px;font-size:22px;font-weight:800;letter-spacing:0.04em;white-space:nowrap">${e(reference)}</p>
<p style="margin:0;font-size:14px;line-height:1.4;color:${SOFT}">Handy if you ring us, so we can skip the twenty questions.</p>
</td></tr></table>
</td></tr>`,
    `<tr><td style="padding:16px 16px 0">${offHours ? p(e(offHours)) : ""}</td></tr>`,
    `<tr><td style="padding:0 16px 14px">${button(BUSINESS.phoneHref, `Call ${e(BUSINESS.phone)}`, true)}
<p style="margin:8px 0 0;font-size:14px;line-height:1.4;color:${SOFT};text-align:center">${e(urgent)}</p></td></tr>`,
    `<tr><td style="padding:6px 16px 18px">
${p(`${e(BUSINESS.name)}<br><a href="${e(BUSINESS.siteUrl)}" style="color:${INK}">${e(BUSINESS.siteUrl)}</a>`)}
<p style="margin:0;font-size:13px;line-height:1.4;color:${SOFT}">Didn't ask for a quote? Someone may have typed your address by mistake; you can ignore this e-mail.</p>
</td></tr>`,
  ]);
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
