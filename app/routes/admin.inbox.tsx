// /admin: the leads, newest first, compact enough that a phone shows several at once;
// ?view=spam is the spam tab. Ticked leads are marked contacted, lost or spam in one post.
import { data, redirect } from "react-router";
import { AdminShell, Notice } from "~/components/admin/admin-shell";
import {
  CallButton,
  isCallNow,
  looksUrgent,
  NotCalledBadge,
  notCalledLabel,
  OverdueBadge,
  STATUS_LABELS,
  StatusBadge,
  SuburbLink,
  sourcePageName,
  UrgentBadge,
} from "~/components/admin/lead-bits";
import { ADMIN_HEADERS, adminMeta, adminRouteHeaders } from "~/lib/admin-headers";
import {
  filterFrom,
  filterQuery,
  isFiltered,
  type LeadFilter,
  SEARCH_MAX_LENGTH,
} from "~/lib/inbox-filter";
import { LEAD_STATUSES } from "~/lib/lead-status";
import { melbourneDisplay, relativeTime } from "~/lib/melbourne-time";
import { phoneDisplay } from "~/lib/phone";
import { adminDb, assertSameOrigin, requireUser, safeNext } from "~/server/accounts/auth.server";
import { alertTrouble } from "~/server/inbox/alerts.server";
import {
  BULK_MAX_IDS,
  type BulkAction,
  bulkChange,
  countOverdue,
  countsByStatus,
  isBulkAction,
  type Lead,
  listLeads,
} from "~/server/inbox/leads.server";
import type { Route } from "./+types/admin.inbox";

export const headers: Route.HeadersFunction = adminRouteHeaders;
export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.filter.view === "spam" ? "Spam" : "Inbox");

const BULK_DONE: Record<BulkAction, string> = {
  contacted: "marked contacted",
  lost: "marked lost",
  spam: "moved to spam",
};

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request);
  const url = new URL(request.url);
  const filter = filterFrom(url);
  const db = await adminDb();
  const now = Date.now();
  const [page, counts, overdue, trouble] = await Promise.all([
    listLeads(db, filter),
    countsByStatus(db),
    countOverdue(db, now),
    alertTrouble(db),
  ]);
  const done = url.searchParams.get("done");
  const count = (name: string) => {
    const n = Number(url.searchParams.get(name) ?? "0");
    return Number.isSafeInteger(n) && n >= 0 ? n : 0;
  };
  return data(
    {
      email: session.user.email,
      filter,
      page,
      counts,
      alertTrouble: trouble,
      deleted: url.searchParams.has("deleted"),
      bulkDone: isBulkAction(done)
        ? { action: done, changed: count("changed"), missing: count("missing") }
        : null,
      overdue,
      now,
    },
    { headers: session.setCookie ? { "Set-Cookie": session.setCookie } : {} },
  );
}

/** Ticked leads, one action: `bulk` names it, each `id` a lead, `back` the list to return to. */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = await requireUser(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ bulkError: "That wasn't a form." }, { status: 400 });
  }
  const bulk = form.get("bulk");
  if (!isBulkAction(bulk)) return data({ bulkError: "Unknown action." }, { status: 400 });
  const typed = form.getAll("id");
  if (typed.length === 0) {
    return data({ bulkError: "Tick at least one lead first." }, { status: 400 });
  }
  if (typed.length > BULK_MAX_IDS) {
    return data({ bulkError: `At most ${BULK_MAX_IDS} leads at a time, please.` }, { status: 400 });
  }
  const ids: number[] = [];
  for (const value of typed) {
    const id = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : 0;
    if (!Number.isSafeInteger(id) || id < 1) {
      return data({ bulkError: "That list of leads wasn't ours." }, { status: 400 });
    }
    ids.push(id);
  }
  const result = await bulkChange(await adminDb(), ids, bulk, session.user.email);
  const back = new URL(safeNext(form.get("back")), "http://inbox");
  back.searchParams.delete("page");
  back.searchParams.set("done", bulk);
  back.searchParams.set("changed", String(result.changed));
  back.searchParams.set("missing", String(result.missing));
  return redirect(`${back.pathname}${back.search}`, { status: 303, headers: ADMIN_HEADERS });
}

function bulkMessage(done: { action: BulkAction; changed: number; missing: number }): string {
  const leads = (n: number) => (n === 1 ? "1 lead" : `${n} leads`);
  const changed = `${leads(done.changed)} ${BULK_DONE[done.action]}.`;
  return done.missing > 0
    ? `${changed} ${leads(done.missing)} no longer here (deleted?).`
    : changed;
}

export default function AdminInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { email, filter, page, counts, now, deleted, overdue, bulkDone } = loaderData;
  const spam = filter.view === "spam";
  const leadCount = LEAD_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  const filtered = isFiltered(filter);
  const here = `/admin${filterQuery(filter, page.page)}`;
  return (
    <AdminShell email={email} current={spam ? "spam" : "inbox"}>
      {deleted && <Notice>The lead is deleted, with its notes and history.</Notice>}
      {bulkDone && <Notice>{bulkMessage(bulkDone)}</Notice>}
      {actionData?.bulkError && <Notice tone="error">{actionData.bulkError}</Notice>}
      {!spam && overdue > 0 && (
        <p className="mb-2">
          <a
            href="/admin?status=new"
            className="flex min-h-11 items-center justify-between gap-2 rounded-lg bg-red-800 px-3 font-bold text-white"
          >
            <span>
              {overdue === 1
                ? "1 new lead waiting over 15 min"
                : `${overdue} new leads waiting over 15 min`}
            </span>
            <span className="shrink-0 underline underline-offset-2">Show</span>
          </a>
        </p>
      )}

      <div className="flex flex-wrap items-center gap-x-2 gap-y-2">
        <h1 className="mr-auto text-xl font-extrabold sm:text-2xl">
          {spam ? `Spam (${counts.spam})` : `Leads (${leadCount})`}
        </h1>
        <FilterBar filter={filter} counts={counts} leadCount={leadCount} open={filtered} />
        {!spam && page.leads.length > 0 && (
          <details className="group open:basis-full">
            <summary className={SUMMARY}>Mark ticked</summary>
            <form
              id="bulk"
              method="post"
              action="/admin"
              className="mt-2 flex flex-wrap items-center gap-2"
            >
              <input type="hidden" name="back" value={here} />
              <span className="text-sm">Tick leads in the list, then mark them:</span>
              {(["contacted", "lost", "spam"] as const).map((bulk) => (
                <button
                  key={bulk}
                  type="submit"
                  name="bulk"
                  value={bulk}
                  className="min-h-11 rounded-lg bg-ink px-4 font-semibold text-white hover:bg-slate-700"
                >
                  {bulk === "spam" ? "Spam" : STATUS_LABELS[bulk]}
                </button>
              ))}
            </form>
          </details>
        )}
      </div>
      {spam && (
        <p className="mt-1 text-ink-soft">
          Requests our spam checks caught. If one is a real customer, move it to the inbox.
        </p>
      )}
      {(filtered || page.total === 0 || page.pageCount > 1) && (
        <p className="mt-1 text-sm text-ink-soft" aria-live="polite">
          {page.total === 0
            ? filtered
              ? "Nothing matches."
              : spam
                ? "Nothing in spam."
                : "No leads yet."
            : `${page.total} ${page.total === 1 ? "request" : "requests"}${page.pageCount > 1 ? `, page ${page.page} of ${page.pageCount}` : ""}`}
        </p>
      )}

      <ol className="mt-2 divide-y-2 empty:hidden divide-slate-200 border-y-2 border-slate-200">
        {page.leads.map((lead) =>
          spam ? (
            <SpamRow key={lead.id} lead={lead} now={now} />
          ) : (
            <LeadRow key={lead.id} lead={lead} now={now} />
          ),
        )}
      </ol>

      {page.pageCount > 1 && (
        <nav aria-label="Pages" className="mt-4 flex flex-wrap gap-3">
          {page.page > 1 && (
            <a
              href={`/admin${filterQuery(filter, page.page - 1)}`}
              className="flex min-h-12 items-center rounded-lg border-2 border-ink px-4 font-semibold"
            >
              Previous page
            </a>
          )}
          {page.page < page.pageCount && (
            <a
              href={`/admin${filterQuery(filter, page.page + 1)}`}
              className="flex min-h-12 items-center rounded-lg border-2 border-ink px-4 font-semibold"
            >
              Next page
            </a>
          )}
        </nav>
      )}
    </AdminShell>
  );
}

const SUMMARY =
  "flex min-h-11 cursor-pointer items-center rounded-lg border-2 border-ink px-3 font-semibold hover:bg-slate-100 group-open:inline-flex";

/** Search, status, sort and dates, folded away until wanted (open while any is in use). */
function FilterBar({
  filter,
  counts,
  leadCount,
  open,
}: {
  filter: LeadFilter;
  counts: Record<string, number>;
  leadCount: number;
  open: boolean;
}) {
  const spam = filter.view === "spam";
  return (
    <details open={open} className="group open:basis-full">
      <summary className={SUMMARY}>Search</summary>
      <search>
        <form method="get" action="/admin" className="mt-2 grid gap-2 sm:grid-cols-6 sm:items-end">
          {spam && <input type="hidden" name="view" value="spam" />}
          <div className="sm:col-span-3">
            <label htmlFor="filter-q" className="block text-sm font-semibold">
              Search
            </label>
            <input
              id="filter-q"
              name="q"
              type="search"
              defaultValue={filter.q ?? ""}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Name, phone, reference, suburb…"
              className="block min-h-11 w-full rounded-lg border-2 border-slate-400 px-3"
            />
          </div>
          {!spam && (
            <div className="sm:col-span-3">
              <label htmlFor="filter-status" className="block text-sm font-semibold">
                Status
              </label>
              <select
                id="filter-status"
                name="status"
                defaultValue={filter.status ?? ""}
                className="block min-h-11 w-full rounded-lg border-2 border-slate-400 bg-white px-3"
              >
                <option value="">All ({leadCount})</option>
                {LEAD_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]} ({counts[status]})
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="grid grid-cols-2 gap-2 sm:col-span-4">
            <div>
              <label htmlFor="filter-from" className="block text-sm font-semibold">
                From
              </label>
              <input
                id="filter-from"
                name="from"
                type="date"
                defaultValue={filter.from ?? ""}
                className="block min-h-11 w-full rounded-lg border-2 border-slate-400 px-2"
              />
            </div>
            <div>
              <label htmlFor="filter-to" className="block text-sm font-semibold">
                To
              </label>
              <input
                id="filter-to"
                name="to"
                type="date"
                defaultValue={filter.to ?? ""}
                className="block min-h-11 w-full rounded-lg border-2 border-slate-400 px-2"
              />
            </div>
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="filter-sort" className="block text-sm font-semibold">
              Order
            </label>
            <select
              id="filter-sort"
              name="sort"
              defaultValue={filter.sort ?? "newest"}
              className="block min-h-11 w-full rounded-lg border-2 border-slate-400 bg-white px-3"
            >
              <option value="newest">Newest first</option>
              <option value="oldest">Oldest first</option>
            </select>
          </div>
          <div className="flex flex-wrap gap-2 sm:col-span-6">
            <button
              type="submit"
              className="min-h-11 rounded-lg bg-ink px-5 font-semibold text-white hover:bg-slate-700"
            >
              Show
            </button>
            <a
              href={spam ? "/admin?view=spam" : "/admin"}
              className="flex min-h-11 items-center rounded-lg border-2 border-ink px-4 font-semibold hover:bg-slate-100"
            >
              Clear
            </a>
            <a
              href={`/admin/export.csv${filterQuery({ ...filter, page: 1 })}`}
              className="flex min-h-11 items-center rounded-lg border-2 border-ink px-4 font-semibold hover:bg-slate-100"
            >
              Download CSV
            </a>
          </div>
        </form>
      </search>
    </details>
  );
}

function LeadAge({ lead, now }: { lead: Lead; now: number }) {
  return (
    <time dateTime={lead.createdAt} title={melbourneDisplay(lead.createdAt)}>
      {relativeTime(lead.createdAt, now)}
    </time>
  );
}

/** One lead in four short lines, its call button beside them. */
function LeadRow({ lead, now }: { lead: Lead; now: number }) {
  const callNow = isCallNow(lead, now);
  const waiting = notCalledLabel(lead, now);
  const source = sourcePageName(lead.sourcePage ?? lead.attribution.landing_page);
  return (
    <li
      className={`grid grid-cols-[2.75rem_minmax(0,1fr)_auto] items-start gap-x-1 py-1 pr-1 ${callNow ? "bg-red-50 shadow-[inset_4px_0_0_var(--color-red-700)]" : ""}`}
    >
      <label className="flex h-11 w-11 cursor-pointer items-center justify-center">
        <input
          type="checkbox"
          name="id"
          value={lead.id}
          form="bulk"
          aria-label={`Tick ${lead.name}`}
          className="h-5 w-5 accent-ink"
        />
      </label>
      <div className="min-w-0 pt-0.5 leading-snug">
        <p className="flex items-baseline gap-x-2">
          <a
            href={`/admin/leads/${lead.id}`}
            className="max-w-[70%] shrink-0 truncate leading-6 font-bold underline decoration-2 underline-offset-2"
          >
            {lead.name}
          </a>
          <span className="min-w-0 truncate text-sm">
            <SuburbLink suburb={lead.suburb} postcode={lead.postcode} />
          </span>
        </p>
        <p className="line-clamp-2 text-sm wrap-anywhere">
          {lead.message ? lead.message : <span className="text-ink-soft">No message.</span>}
        </p>
        {/* One line: what matters first; the rest may be cut off at the edge (the lead's page has it all). */}
        <p className="flex items-center gap-x-1.5 overflow-hidden text-sm whitespace-nowrap text-ink-soft">
          <span className="shrink-0">
            <LeadAge lead={lead} now={now} />
          </span>
          {callNow && <OverdueBadge small />}
          {waiting && <NotCalledBadge label={waiting} />}
          {looksUrgent(lead.message) && <UrgentBadge />}
          {lead.photoCount > 0 && (
            <span className="shrink-0 font-semibold text-ink">
              {lead.photoCount} {lead.photoCount === 1 ? "photo" : "photos"}
            </span>
          )}
          {lead.status !== "new" && <StatusBadge status={lead.status} small />}
          {lead.outsideServiceArea && <span className="shrink-0">outside our area ·</span>}
          {source && <span className="min-w-0 truncate">· {source}</span>}
          {lead.attribution.utm_campaign && (
            <span className="hidden min-w-0 truncate sm:inline">
              · {lead.attribution.utm_campaign}
            </span>
          )}
        </p>
      </div>
      <CallButton phone={lead.phone} name={lead.name} compact />
    </li>
  );
}

/** What the spam checks caught: the whole message to judge by, and no call button. */
function SpamRow({ lead, now }: { lead: Lead; now: number }) {
  const source = sourcePageName(lead.sourcePage ?? lead.attribution.landing_page);
  return (
    <li className="py-2">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <a
          href={`/admin/leads/${lead.id}`}
          className="text-lg font-bold underline decoration-2 underline-offset-2 wrap-anywhere"
        >
          {lead.name}
        </a>
        <span className="text-sm">
          {phoneDisplay(lead.phone)} · {lead.suburb === lead.postcode ? "" : `${lead.suburb} `}
          {lead.postcode} · <LeadAge lead={lead} now={now} />
        </span>
      </p>
      <p className="mt-1 whitespace-pre-wrap wrap-anywhere">
        {lead.message ? lead.message : <span className="text-ink-soft">No message.</span>}
      </p>
      <p className="mt-1 text-sm text-ink-soft">
        Flagged because: {lead.spamReason ?? "unknown"}
        {source ? ` · ${source}` : ""}
        {lead.photoCount > 0 ? ` · ${lead.photoCount} photos (open the request to see them)` : ""}
      </p>
      <form method="post" action={`/admin/leads/${lead.id}`} className="mt-2">
        <input type="hidden" name="intent" value="not-spam" />
        <input type="hidden" name="back" value="/admin?view=spam" />
        <button
          type="submit"
          className="min-h-11 rounded-lg border-2 border-ink px-3 text-sm font-semibold hover:bg-slate-100"
        >
          Not spam: move {lead.name} to the inbox
        </button>
      </form>
    </li>
  );
}
