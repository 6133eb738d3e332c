// A stored lead as the alerts see it, and the facts derived for them.
import type { Kysely, Selectable } from "kysely";
import type { Database, QuoteRequestsTable } from "../db.server";

export type AlertLead = Pick<
  Selectable<QuoteRequestsTable>,
  | "id"
  | "name"
  | "phone"
  | "phone_normalised"
  | "email"
  | "postcode"
  | "suburb"
  | "message"
  | "source_page"
  | "outside_service_area"
  | "created_at"
  | "photo_count"
  | "request_origin"
>;

export async function loadLeads(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, AlertLead>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("quote_requests")
    .select([
      "id",
      "name",
      "phone",
      "phone_normalised",
      "email",
      "postcode",
      "suburb",
      "message",
      "source_page",
      "outside_service_area",
      "created_at",
      "photo_count",
      "request_origin",
    ])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        ...row,
        id: Number(row.id),
        outside_service_area: Number(row.outside_service_area),
        photo_count: Number(row.photo_count),
      },
    ]),
  );
}

/** "Wednesday 4 March 2026, 4:06 pm" in Melbourne, whatever the server's own time zone. */
export function melbourneTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = new Intl.DateTimeFormat("en-AU", {
    timeZone: "Australia/Melbourne",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(date);
  const time = new Intl.DateTimeFormat("en-AU", {
    timeZone: "Australia/Melbourne",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  })
    .format(date)
    .toLowerCase();
  return `${day.replace(",", "")}, ${time}`;
}
