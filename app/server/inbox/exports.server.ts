// The inbox's downloads: the current list as CSV, and won leads from Google Ads clicks in the
// layout Google Ads imports as offline conversions. Both are read a page at a time (keyset
// paging, so each page is an index range however deep it is) and streamed, with a turn for
// other work between pages: a 100,000-lead export held /healthz for 0.88 s when it was one
// query and one string (issue 19).
import type { Kysely, Selectable } from "kysely";
import { jobValueDecimal } from "~/lib/lead-status";
import { MELBOURNE, melbourneTimestamp } from "~/lib/melbourne-time";
import { phoneForSpreadsheet } from "~/lib/phone";
import type { Database, QuoteRequestsTable } from "../db.server";
import { type CsvValue, csvLines, UTF8_BOM } from "./csv.server";
import { filteredLeads, type LeadFilter } from "./leads.server";

const LEAD_COLUMNS = [
  "ID",
  "Received (UTC)",
  "Received (Melbourne)",
  "Status",
  "Job value (AUD)",
  "Name",
  "Phone",
  "Email",
  "Suburb",
  "Postcode",
  "Outside service area",
  "Message",
  "Notes",
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
  "Photos",
];

/** Rows read per query. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * The CSV's bytes: `first` (the byte-order mark, the header) and then each page's lines,
 * reading the next page only when the reader wants more.
 */
function csvStream(first: string, pages: AsyncGenerator<CsvValue[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(first));
          return;
        }
        for (;;) {
          // A turn for whatever else this thread has waiting (another render, /healthz).
          await new Promise((resolve) => setImmediate(resolve));
          const page = await pages.next();
          if (page.done) return controller.close();
          if (page.value.length > 0)
            return controller.enqueue(encoder.encode(csvLines(page.value)));
        }
      },
      async cancel() {
        await pages.return(undefined);
      },
    },
    // Nothing is read ahead of the reader.
    { highWaterMark: 0 },
  );
}

/** The whole of a CSV stream as text, byte-order mark included. */
export async function csvText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let text = "";
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** Every lead the filter matches (all pages), newest first. */
export function leadsCsvStream(
  db: Kysely<Database>,
  filter: LeadFilter,
  pageSize = EXPORT_PAGE_SIZE,
): ReadableStream<Uint8Array> {
  return csvStream(UTF8_BOM + csvLines([LEAD_COLUMNS]), leadPages(db, filter, pageSize));
}

export async function leadsCsv(db: Kysely<Database>, filter: LeadFilter): Promise<string> {
  return csvText(leadsCsvStream(db, filter));
}

async function* leadPages(
  db: Kysely<Database>,
  filter: LeadFilter,
  pageSize: number,
): AsyncGenerator<CsvValue[][]> {
  let after: { createdAt: string; id: number } | undefined;
  for (;;) {
    const from = after;
    const rows = await filteredLeads(db, filter)
      .selectAll()
      .$if(from !== undefined, (qb) =>
        qb.where((eb) =>
          eb(eb.refTuple("created_at", "id"), "<", eb.tuple(from?.createdAt ?? "", from?.id ?? 0)),
        ),
      )
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .execute();
    const notes = await notesOf(
      db,
      rows.map((row) => Number(row.id)),
    );
    yield rows.map((row) => leadLine(row, notes.get(Number(row.id)) ?? []));
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { createdAt: last.created_at, id: Number(last.id) };
  }
}

/** Each lead's notes, oldest first, as "2026-03-04 16:07 the note" (Melbourne time). */
async function notesOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, string[]>> {
  const notes = new Map<number, string[]>();
  if (ids.length === 0) return notes;
  const rows = await db
    .selectFrom("lead_history")
    .select(["quote_request_id", "note", "created_at"])
    .where("kind", "=", "note")
    .where("quote_request_id", "in", ids)
    .orderBy("quote_request_id")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    if (!row.note) continue;
    const id = Number(row.quote_request_id);
    const list = notes.get(id) ?? [];
    list.push(`${melbourneTimestamp(row.created_at).slice(0, 16)} ${row.note}`);
    notes.set(id, list);
  }
  return notes;
}

function leadLine(row: Selectable<QuoteRequestsTable>, notes: string[]): CsvValue[] {
  return [
    Number(row.id),
    row.created_at,
    melbourneTimestamp(row.created_at),
    row.status,
    jobValueDecimal(row.won_value_cents),
    row.name,
    // "0412 345 678": with its spaces no spreadsheet reads it as a number and drops the 0, and
    // it needs no apostrophe; overseas numbers as dialled from here ("+" would be a formula).
    phoneForSpreadsheet(row.phone),
    row.email,
    row.suburb,
    row.postcode,
    Number(row.outside_service_area) === 1 ? "yes" : "no",
    row.message,
    notes.join("\n"),
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
    Number(row.photo_count ?? 0),
  ];
}

// Google's click ids are URL-safe base64; anything else would be refused by the import.
const GCLID = /^[A-Za-z0-9_-]{10,200}$/;

/**
 * Google Ads "offline conversions" upload: a time-zone line, then Google Click ID, Conversion
 * Name, Conversion Time, Conversion Value, Conversion Currency. The time is when the lead was
 * marked won; the value is the job's, in dollars (AUD), as the owner gave it. No byte-order mark: Google reads plain UTF-8 and expects the first line as is.
 */
export function googleAdsConversionsStream(
  db: Kysely<Database>,
  conversionName: string,
  pageSize = EXPORT_PAGE_SIZE,
): ReadableStream<Uint8Array> {
  const header: CsvValue[] = [
    "Google Click ID",
    "Conversion Name",
    "Conversion Time",
    "Conversion Value",
    "Conversion Currency",
  ];
  return csvStream(
    `Parameters:TimeZone=${MELBOURNE}\r\n${csvLines([header])}`,
    conversionPages(db, conversionName, pageSize),
  );
}

export async function googleAdsConversionsCsv(
  db: Kysely<Database>,
  conversionName: string,
): Promise<string> {
  return csvText(googleAdsConversionsStream(db, conversionName));
}

async function* conversionPages(
  db: Kysely<Database>,
  conversionName: string,
  pageSize: number,
): AsyncGenerator<CsvValue[][]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom("quote_requests")
      .leftJoin("lead_history", (join) =>
        join
          .onRef("lead_history.quote_request_id", "=", "quote_requests.id")
          .on("lead_history.kind", "=", "status")
          .on("lead_history.to_status", "=", "won")
          // A value corrected later (won to won) doesn't move the conversion's time.
          .on("lead_history.from_status", "<>", "won"),
      )
      .select((eb) => [
        "quote_requests.id as id",
        "quote_requests.gclid as gclid",
        "quote_requests.created_at as createdAt",
        "quote_requests.won_value_cents as valueCents",
        eb.fn.max("lead_history.created_at").as("wonAt"),
      ])
      .where("quote_requests.status", "=", "won")
      .where("quote_requests.is_spam", "=", 0)
      .where("quote_requests.gclid", "is not", null)
      .where("quote_requests.id", ">", after)
      .groupBy([
        "quote_requests.id",
        "quote_requests.gclid",
        "quote_requests.created_at",
        "quote_requests.won_value_cents",
      ])
      .orderBy("quote_requests.id")
      .limit(pageSize)
      .execute();
    const lines: CsvValue[][] = [];
    for (const row of rows) {
      if (!row.gclid || !GCLID.test(row.gclid) || row.gclid.startsWith("-")) continue;
      lines.push([
        row.gclid,
        conversionName,
        melbourneTimestamp(row.wonAt ?? row.createdAt),
        // Empty when the owner didn't say: Google then uses the conversion action's default.
        jobValueDecimal(row.valueCents),
        "AUD",
      ]);
    }
    yield lines;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = Number(last.id);
  }
}
