// The owner's inbox: leads newest first, their status, notes and history, the spam tab.
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
} from "kysely";
import { ATTRIBUTION_FIELDS, type Attribution } from "~/lib/attribution";
import {
  isLeadStatus,
  type LeadFilter,
  melbourneDay,
  melbourneDayStart,
  nextDay,
  SEARCH_MAX_LENGTH,
} from "~/lib/inbox-filter";
import { idFromReference } from "~/lib/lead-reference";
import { isOverdue, NOTE_MAX_LENGTH, OVERDUE_AFTER_MS, parseJobValue } from "~/lib/lead-status";
import { phoneSearchDigits } from "~/lib/phone";
import type { Database, LeadHistoryTable, LeadStatus, QuoteRequestsTable } from "../db.server";
import { alertsQueued, queueAlertsForRescuedLead } from "./alerts.server";

export const PAGE_SIZE = 50;

export type { InboxView, LeadFilter } from "~/lib/inbox-filter";

export interface Lead {
  id: number;
  name: string;
  phone: string;
  phoneNormalised: string;
  email: string | null;
  postcode: string;
  suburb: string;
  message: string | null;
  sourcePage: string | null;
  isSpam: boolean;
  spamReason: string | null;
  outsideServiceArea: boolean;
  status: LeadStatus;
  /** What the job was worth, in cents, when it was won and the owner said. */
  wonValueCents: number | null;
  createdAt: string;
  attribution: Attribution;
  /** Photos sent with the request (issue 22). */
  photoCount: number;
}

export interface HistoryEntry {
  id: number;
  kind: LeadHistoryTable["kind"];
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  note: string | null;
  /** The job value this entry set, in cents. */
  valueCents: number | null;
  author: string;
  createdAt: string;
}

export class LeadNotFound extends Error {}
export class InvalidLeadChange extends Error {
  /** The form field the problem is in, so the page can say it there. */
  field: "status" | "note" | "wonValue" | undefined;
  constructor(message: string, field?: "status" | "note" | "wonValue") {
    super(message);
    this.field = field;
  }
}

export { isLeadStatus, isOverdue, NOTE_MAX_LENGTH };

function toLead(row: Selectable<QuoteRequestsTable>): Lead {
  const attribution = Object.fromEntries(
    ATTRIBUTION_FIELDS.map((field) => [field, row[field] ?? null]),
  ) as Attribution;
  return {
    id: Number(row.id),
    name: row.name,
    phone: row.phone,
    phoneNormalised: row.phone_normalised,
    email: row.email,
    postcode: row.postcode,
    suburb: row.suburb,
    message: row.message,
    sourcePage: row.source_page,
    isSpam: Number(row.is_spam) === 1,
    spamReason: row.spam_reason,
    outsideServiceArea: Number(row.outside_service_area) === 1,
    status: row.status as LeadStatus,
    wonValueCents: row.won_value_cents == null ? null : Number(row.won_value_cents),
    createdAt: row.created_at,
    attribution,
    photoCount: Number(row.photo_count ?? 0),
  };
}

const SEARCHED = ["name", "phone", "email", "suburb", "postcode", "message"] as const;

/** LIKE's own characters typed in a search are meant literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function matches(q: string) {
  return (eb: ExpressionBuilder<Database, "quote_requests">): Expression<SqlBool> => {
    const pattern = likePattern(q);
    const conditions: Expression<SqlBool>[] = SEARCHED.map(
      (column) => sql<SqlBool>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`,
    );
    // "0412 345" finds 0412345678 however it was typed.
    const digits = q.replace(/[\s().+-]/g, "");
    if (/^\d{3,}$/.test(digits)) {
      conditions.push(
        sql<SqlBool>`${eb.ref("phone_normalised")} like ${likePattern(digits)} escape '\\'`,
      );
    }
    // A whole number in any form ("+61 412 345 678", "61 412 555 666") by the digits every
    // stored form of it contains: "0412345678", "61412345678" and "412345678" alike.
    const national = phoneSearchDigits(q);
    if (national) {
      conditions.push(
        sql<SqlBool>`${eb.ref("phone_normalised")} like ${likePattern(national)} escape '\\'`,
      );
    }
    // The reference the customer reads out from their acknowledgement ("RQ-5JX2-4QF3").
    const id = idFromReference(q);
    if (id !== undefined) conditions.push(eb("id", "=", id));
    return eb.or(conditions);
  };
}

/** The list's query, before ordering and paging: also what the CSV export runs. */
export function filteredLeads(db: Kysely<Database>, filter: LeadFilter) {
  const q = filter.q?.trim().slice(0, SEARCH_MAX_LENGTH);
  return db
    .selectFrom("quote_requests")
    .where("is_spam", "=", filter.view === "spam" ? 1 : 0)
    .$if(filter.status !== undefined, (qb) => qb.where("status", "=", filter.status as LeadStatus))
    .$if(Boolean(q), (qb) => qb.where(matches(q as string)))
    .$if(Boolean(filter.from), (qb) =>
      qb.where("created_at", ">=", melbourneDayStart(filter.from as string)),
    )
    .$if(Boolean(filter.to), (qb) =>
      qb.where("created_at", "<", melbourneDayStart(nextDay(filter.to as string))),
    );
}

export function listQuery(db: Kysely<Database>, filter: LeadFilter) {
  const page = Math.max(1, Math.floor(filter.page ?? 1));
  const direction = filter.sort === "oldest" ? "asc" : "desc";
  return filteredLeads(db, filter)
    .selectAll()
    .orderBy("created_at", direction)
    .orderBy("id", direction)
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
}

export interface LeadPage {
  leads: Lead[];
  total: number;
  page: number;
  pageCount: number;
}

export async function listLeads(db: Kysely<Database>, filter: LeadFilter): Promise<LeadPage> {
  const page = Math.max(1, Math.floor(filter.page ?? 1));
  const [rows, counted] = await Promise.all([
    listQuery(db, { ...filter, page }).execute(),
    filteredLeads(db, filter)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.count);
  return {
    leads: rows.map(toLead),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}

/** How many leads (not spam) have each status, and how many sit in the spam tab. */
export async function countsByStatus(
  db: Kysely<Database>,
): Promise<Record<LeadStatus | "spam", number>> {
  const rows = await db
    .selectFrom("quote_requests")
    .select(["is_spam", "status", (eb) => eb.fn.countAll().as("count")])
    .groupBy(["is_spam", "status"])
    .execute();
  const counts = { new: 0, contacted: 0, quoted: 0, won: 0, lost: 0, spam: 0 };
  for (const row of rows) {
    if (Number(row.is_spam) === 1) counts.spam += Number(row.count);
    else if (isLeadStatus(row.status)) counts[row.status] += Number(row.count);
  }
  return counts;
}

/**
 * Leads that came in today (Melbourne) and are still "new" past the promised call-back time.
 * Older ones are listed with their age instead: a banner that never goes away stops being read.
 */
export async function countOverdue(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const { count } = await db
    .selectFrom("quote_requests")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("is_spam", "=", 0)
    .where("status", "=", "new")
    .where("created_at", "<", new Date(now - OVERDUE_AFTER_MS).toISOString())
    .where("created_at", ">=", melbourneDayStart(melbourneDay(now)))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** What the list's ticked-leads buttons do. */
export const BULK_ACTIONS = ["contacted", "lost", "spam"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** Two pages' worth: more in one post is no click of the owner's. */
export const BULK_MAX_IDS = 2 * PAGE_SIZE;

export function isBulkAction(value: unknown): value is BulkAction {
  return typeof value === "string" && (BULK_ACTIONS as readonly string[]).includes(value);
}

export interface BulkResult {
  changed: number;
  /** Already had that status (or were already spam): nothing recorded, as for one lead. */
  unchanged: number;
  /** Ids with no lead behind them (deleted meanwhile, or never ours). */
  missing: number;
}

/**
 * Marks several leads contacted, lost or spam at once, each change in its lead's history as
 * if made on its own page. Spam has no history kind of its own, so it is recorded as a note.
 */
export async function bulkChange(
  db: Kysely<Database>,
  ids: readonly number[],
  action: BulkAction,
  author: string,
  now = Date.now(),
): Promise<BulkResult> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (wanted.length === 0) return { changed: 0, unchanged: 0, missing: ids.length };
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (trx) => {
    const leads = await trx
      .selectFrom("quote_requests")
      .select(["id", "status", "is_spam"])
      .where("id", "in", wanted)
      .execute();
    const missing = new Set(ids).size - leads.length;
    const changing =
      action === "spam"
        ? leads.filter((lead) => Number(lead.is_spam) === 0)
        : leads.filter((lead) => lead.status !== action);
    const changingIds = changing.map((lead) => Number(lead.id));
    if (changingIds.length > 0) {
      if (action === "spam") {
        await trx
          .updateTable("quote_requests")
          .set({ is_spam: 1, spam_reason: "marked as spam in the inbox" })
          .where("id", "in", changingIds)
          .execute();
      } else {
        await trx
          .updateTable("quote_requests")
          .set({ status: action })
          .where("id", "in", changingIds)
          .execute();
      }
      await trx
        .insertInto("lead_history")
        .values(
          changing.map((lead) =>
            action === "spam"
              ? {
                  quote_request_id: Number(lead.id),
                  kind: "note" as const,
                  from_status: null,
                  to_status: null,
                  note: "Marked as spam.",
                  author,
                  created_at: at,
                }
              : {
                  quote_request_id: Number(lead.id),
                  kind: "status" as const,
                  from_status: lead.status as LeadStatus,
                  to_status: action,
                  note: null,
                  author,
                  created_at: at,
                },
          ),
        )
        .execute();
    }
    return {
      changed: changingIds.length,
      unchanged: leads.length - changingIds.length,
      missing,
    };
  });
}

export async function getLead(db: Kysely<Database>, id: number): Promise<Lead | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await db
    .selectFrom("quote_requests")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toLead(row) : undefined;
}

export async function leadHistory(db: Kysely<Database>, id: number): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom("lead_history")
    .selectAll()
    .where("quote_request_id", "=", id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    note: row.note,
    valueCents: row.value_cents == null ? null : Number(row.value_cents),
    author: row.author,
    createdAt: row.created_at,
  }));
}

/**
 * What the lead page's one form sends: each part is left as it is when absent (a status and a
 * value from other forms, or an empty note).
 */
export interface LeadWork {
  status?: unknown;
  note?: unknown;
  /** As typed, in dollars; used only when the lead is (or becomes) won. */
  wonValue?: unknown;
}

export interface LeadWorkSaved {
  status: boolean;
  note: boolean;
  value: boolean;
}

/**
 * Saves a status change, the job's value and a note together, in one transaction, each with
 * who did it and when: a note typed before a status change is never lost, and nothing is
 * saved when any part is wrong. The same status again records nothing; a lead that stops
 * being won loses its value (the exports would otherwise count a lost job's money).
 */
export async function saveLeadWork(
  db: Kysely<Database>,
  id: number,
  work: LeadWork,
  author: string,
  now = Date.now(),
): Promise<LeadWorkSaved> {
  const status = work.status === undefined || work.status === "" ? undefined : work.status;
  if (status !== undefined && !isLeadStatus(status)) {
    throw new InvalidLeadChange("Pick one of the statuses in the list.", "status");
  }
  const hasNote = typeof work.note === "string" && work.note.trim() !== "";
  if (hasNote) {
    const problem = noteProblem(work.note);
    if (problem) throw new InvalidLeadChange(problem, "note");
  }
  const text = hasNote ? (work.note as string).trim().replace(/\r\n?/g, "\n") : undefined;
  return db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom("quote_requests")
      .select(["status", "won_value_cents"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!lead) throw new LeadNotFound();
    const from = lead.status as LeadStatus;
    const to = status ?? from;
    const before = lead.won_value_cents == null ? null : Number(lead.won_value_cents);
    let value: number | null = null;
    if (to === "won") {
      if (work.wonValue === undefined) value = from === "won" ? before : null;
      else {
        const parsed = parseJobValue(work.wonValue);
        if ("problem" in parsed) throw new InvalidLeadChange(parsed.problem, "wonValue");
        value = parsed.cents;
      }
    }
    const saved = { status: to !== from, note: text !== undefined, value: value !== before };
    const at = new Date(now).toISOString();
    if (saved.status || saved.value) {
      await trx
        .updateTable("quote_requests")
        .set({ status: to, won_value_cents: value })
        .where("id", "=", id)
        .execute();
    }
    // A value changed on a lead already won is a status entry from won to won: the history
    // says who put the money in, and the Google Ads export still dates the win by the first.
    if (saved.status || (saved.value && to === "won")) {
      await trx
        .insertInto("lead_history")
        .values({
          quote_request_id: id,
          kind: "status",
          from_status: from,
          to_status: to,
          note: null,
          value_cents: to === "won" ? value : null,
          author,
          created_at: at,
        })
        .execute();
    }
    if (text !== undefined) {
      await trx
        .insertInto("lead_history")
        .values({
          quote_request_id: id,
          kind: "note",
          from_status: null,
          to_status: null,
          note: text,
          author,
          created_at: at,
        })
        .execute();
    }
    return saved;
  });
}

/** Changes the status and records who did it; the same status again records nothing. */
export async function changeStatus(
  db: Kysely<Database>,
  id: number,
  status: unknown,
  author: string,
  now = Date.now(),
): Promise<void> {
  if (!isLeadStatus(status)) throw new InvalidLeadChange("Pick one of the statuses in the list.");
  await saveLeadWork(db, id, { status }, author, now);
}

export function noteProblem(note: unknown): string | undefined {
  if (typeof note !== "string" || note.trim() === "") return "Write something in the note first.";
  if (note.trim().length > NOTE_MAX_LENGTH) {
    return `Notes can be ${NOTE_MAX_LENGTH.toLocaleString("en-AU")} characters at most.`;
  }
  if (/(?![\t\n\r])[\p{Cc}\p{Cs}]/u.test(note))
    return "The note has a hidden character; please retype it.";
  return undefined;
}

export async function addNote(
  db: Kysely<Database>,
  id: number,
  note: unknown,
  author: string,
  now = Date.now(),
): Promise<void> {
  const problem = noteProblem(note);
  if (problem) throw new InvalidLeadChange(problem);
  await saveLeadWork(db, id, { note }, author, now);
}

/** Moves a flagged request into the inbox, keeps why it was flagged, and queues its alert. */
export async function markNotSpam(
  db: Kysely<Database>,
  id: number,
  author: string,
  now = Date.now(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom("quote_requests")
      .select(["id", "is_spam", "spam_reason"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!lead) throw new LeadNotFound();
    if (Number(lead.is_spam) === 0) return;
    await trx.updateTable("quote_requests").set({ is_spam: 0 }).where("id", "=", id).execute();
    await trx
      .insertInto("lead_history")
      .values({
        quote_request_id: id,
        kind: "not_spam",
        from_status: null,
        to_status: null,
        note: lead.spam_reason ? `Flagged as: ${lead.spam_reason}` : null,
        author,
        created_at: new Date(now).toISOString(),
      })
      .execute();
    await queueAlertsForRescuedLead(trx, { id });
  });
  alertsQueued();
}

/**
 * Deletes a lead and everything we wrote about it, for a person who asks: its history, notes
 * and alert deliveries too (SQLite doesn't enforce the outbox's cascade unless told to).
 */
export async function deleteLead(db: Kysely<Database>, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("lead_history").where("quote_request_id", "=", id).execute();
    await trx.deleteFrom("alert_outbox").where("quote_request_id", "=", id).execute();
    const deleted = await trx.deleteFrom("quote_requests").where("id", "=", id).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  });
}

export interface SourceRow {
  label: string;
  leads: number;
  won: number;
}

/** Leads and won leads per source page and per campaign, over the last `days` days. */
export async function sourceSummary(
  db: Kysely<Database>,
  now = Date.now(),
  days = 30,
): Promise<{ pages: SourceRow[]; campaigns: SourceRow[] }> {
  const since = new Date(now - days * 24 * 60 * 60 * 1000).toISOString();
  const base = db
    .selectFrom("quote_requests")
    .where("is_spam", "=", 0)
    .where("created_at", ">=", since);
  const counts = (eb: ExpressionBuilder<Database, "quote_requests">) =>
    [
      eb.fn.countAll().as("leads"),
      eb.fn.sum<number>(eb.case().when("status", "=", "won").then(1).else(0).end()).as("won"),
    ] as const;
  const [pages, campaigns] = await Promise.all([
    base
      .select((eb) => [eb.fn.coalesce("source_page", "landing_page").as("label"), ...counts(eb)])
      .groupBy(sql`coalesce(source_page, landing_page)`)
      .execute(),
    base
      .select((eb) => ["utm_source", "utm_medium", "utm_campaign", ...counts(eb)])
      .groupBy(["utm_source", "utm_medium", "utm_campaign"])
      .execute(),
  ]);
  const sorted = (rows: SourceRow[]) =>
    rows.sort((a, b) => b.leads - a.leads || a.label.localeCompare(b.label));
  return {
    pages: sorted(
      pages.map((row) => ({
        label: row.label ?? "(unknown page)",
        leads: Number(row.leads),
        won: Number(row.won ?? 0),
      })),
    ),
    campaigns: sorted(
      campaigns.map((row) => ({
        label:
          row.utm_source || row.utm_campaign
            ? [row.utm_source ?? "?", row.utm_medium, row.utm_campaign].filter(Boolean).join(" / ")
            : "(no campaign)",
        leads: Number(row.leads),
        won: Number(row.won ?? 0),
      })),
    ),
  };
}
