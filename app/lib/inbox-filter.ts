// The inbox list's filter, as it travels in the query string
// (?view=spam&status=new&q=…&sort=oldest&from=2026-03-01&to=2026-03-04&page=2).
import { LEAD_STATUSES, type LeadStatus } from "./lead-status";
import { melbourneTimestamp } from "./melbourne-time";

export const SEARCH_MAX_LENGTH = 100;

export type InboxView = "inbox" | "spam";
export type InboxSort = "newest" | "oldest";

export interface LeadFilter {
  view: InboxView;
  status?: LeadStatus;
  /** Matched anywhere in name, phone, e-mail, suburb, postcode and message, any case. */
  q?: string;
  /** Newest first unless asked otherwise. */
  sort?: InboxSort;
  /** Melbourne days, "YYYY-MM-DD", both ends included. */
  from?: string;
  to?: string;
  /** 1-based. */
  page?: number;
}

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);
}

/** "2026-03-04" when it names a real day (not 2026-02-30), else undefined. */
export function dayFrom(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 &&
    year <= 9999 &&
    date.getUTCDate() === day &&
    date.getUTCMonth() === month - 1
    ? value
    : undefined;
}

/** The Melbourne day an instant falls on, "2026-03-04". */
export function melbourneDay(instant: string | number): string {
  return melbourneTimestamp(new Date(instant).toISOString()).slice(0, 10);
}

/** Melbourne's offset from UTC at an instant, in ms (+11 h in summer, +10 h in winter). */
function melbourneOffsetMs(instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const local = melbourneTimestamp(new Date(whole).toISOString()).replace(" ", "T");
  return Date.parse(`${local}Z`) - whole;
}

/**
 * The instant a Melbourne day starts, as ISO 8601 UTC. Daylight saving changes at 2 or 3 am,
 * so midnight always exists; the second look covers a day whose offset differs from UTC
 * midnight's.
 */
export function melbourneDayStart(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  let start = utcMidnight - melbourneOffsetMs(utcMidnight);
  start = utcMidnight - melbourneOffsetMs(start);
  return new Date(start).toISOString();
}

/** The day after, "2026-03-05" for "2026-03-04". */
export function nextDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** Anything odd in the query string falls back to the default. */
export function filterFrom(url: URL): LeadFilter {
  const params = url.searchParams;
  const status = params.get("status");
  const page = Number(params.get("page") ?? "1");
  let from = dayFrom(params.get("from"));
  let to = dayFrom(params.get("to"));
  // A range typed back to front still means the days between.
  if (from && to && from > to) [from, to] = [to, from];
  return {
    view: params.get("view") === "spam" ? "spam" : "inbox",
    status: isLeadStatus(status) ? status : undefined,
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH) || undefined,
    sort: params.get("sort") === "oldest" ? "oldest" : undefined,
    from,
    to,
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** Whether the list is narrowed by anything the owner chose (the view aside). */
export function isFiltered(filter: LeadFilter): boolean {
  return Boolean(filter.status || filter.q || filter.from || filter.to);
}

export function filterQuery(filter: LeadFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.view === "spam") params.set("view", "spam");
  if (filter.status) params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  if (filter.sort === "oldest") params.set("sort", "oldest");
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
