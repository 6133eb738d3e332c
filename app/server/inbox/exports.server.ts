// The inbox's downloads: the current list as CSV, and won leads from Google Ads clicks in the
// layout Google Ads imports as offline conversions.
import type { Kysely } from "kysely";
import { MELBOURNE, melbourneTimestamp } from "~/lib/melbourne-time";
import type { Database } from "../db.server";
import { type CsvValue, csvLines, UTF8_BOM } from "./csv.server";
import { filteredLeads, type LeadFilter } from "./leads.server";

const LEAD_COLUMNS = [
  "ID",
  "Received (UTC)",
  "Received (Melbourne)",
  "Status",
  "Name",
  "Phone",
  "Email",
  "Suburb",
  "Postcode",
  "Outside service area",
  "Message",
  "Source page",
  "Landing page",
  "Referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "gclid",
  "Spam reason",
];

/** Every lead the filter matches (all pages), newest first. */
export async function leadsCsv(db: Kysely<Database>, filter: LeadFilter): Promise<string> {
  const rows = await filteredLeads(db, filter)
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const lines: CsvValue[][] = [LEAD_COLUMNS];
  for (const row of rows) {
    lines.push([
      Number(row.id),
      row.created_at,
      melbourneTimestamp(row.created_at),
      row.status,
      row.name,
      // National form: "+61…" would look like a formula and get an apostrophe.
      row.phone_normalised,
      row.email,
      row.suburb,
      row.postcode,
      Number(row.outside_service_area) === 1 ? "yes" : "no",
      row.message,
      row.source_page,
      row.landing_page,
      row.referrer_host,
      row.utm_source,
      row.utm_medium,
      row.utm_campaign,
      row.utm_term,
      row.utm_content,
      row.gclid,
      row.spam_reason,
    ]);
  }
  return UTF8_BOM + csvLines(lines);
}

// Google's click ids are URL-safe base64; anything else would be refused by the import.
const GCLID = /^[A-Za-z0-9_-]{10,200}$/;

/**
 * Google Ads "offline conversions" upload: a time-zone line, then Google Click ID, Conversion
 * Name, Conversion Time, Conversion Value, Conversion Currency. The time is when the lead was
 * marked won. No byte-order mark: Google reads plain UTF-8 and expects the first line as is.
 */
export async function googleAdsConversionsCsv(
  db: Kysely<Database>,
  conversionName: string,
): Promise<string> {
  const rows = await db
    .selectFrom("quote_requests")
    .leftJoin("lead_history", (join) =>
      join
        .onRef("lead_history.quote_request_id", "=", "quote_requests.id")
        .on("lead_history.kind", "=", "status")
        .on("lead_history.to_status", "=", "won"),
    )
    .select((eb) => [
      "quote_requests.gclid as gclid",
      "quote_requests.created_at as createdAt",
      eb.fn.max("lead_history.created_at").as("wonAt"),
    ])
    .where("quote_requests.status", "=", "won")
    .where("quote_requests.is_spam", "=", 0)
    .where("quote_requests.gclid", "is not", null)
    .groupBy(["quote_requests.id", "quote_requests.gclid", "quote_requests.created_at"])
    .orderBy("quote_requests.id")
    .execute();
  const lines: CsvValue[][] = [
    [
      "Google Click ID",
      "Conversion Name",
      "Conversion Time",
      "Conversion Value",
      "Conversion Currency",
    ],
  ];
  for (const row of rows) {
    if (!row.gclid || !GCLID.test(row.gclid) || row.gclid.startsWith("-")) continue;
    lines.push([
      row.gclid,
      conversionName,
      melbourneTimestamp(row.wonAt ?? row.createdAt),
      "",
      "AUD",
    ]);
  }
  return `Parameters:TimeZone=${MELBOURNE}\r\n${csvLines(lines)}`;
}
