// The inbox list's filter, as it travels in the query string (?view=spam&status=new&q=…&page=2).
import { LEAD_STATUSES, type LeadStatus } from "./lead-status";

export const SEARCH_MAX_LENGTH = 100;

export type InboxView = "inbox" | "spam";

export interface LeadFilter {
  view: InboxView;
  status?: LeadStatus;
  /** Matched anywhere in name, phone, e-mail, suburb, postcode and message, any case. */
  q?: string;
  /** 1-based. */
  page?: number;
}

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);
}

/** Anything odd in the query string falls back to the default. */
export function filterFrom(url: URL): LeadFilter {
  const params = url.searchParams;
  const status = params.get("status");
  const page = Number(params.get("page") ?? "1");
  return {
    view: params.get("view") === "spam" ? "spam" : "inbox",
    status: isLeadStatus(status) ? status : undefined,
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH) || undefined,
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export function filterQuery(filter: LeadFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.view === "spam") params.set("view", "spam");
  if (filter.status) params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
