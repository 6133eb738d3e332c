// /admin: every lead at once, newest first; ?view=spam is the spam tab.
import { data } from "react-router";
import { AdminShell, Notice } from "~/components/admin/admin-shell";
import {
  AlertStates,
  CallButton,
  OverdueBadge,
  STATUS_LABELS,
  StatusBadge,
} from "~/components/admin/lead-bits";
import { adminMeta, adminRouteHeaders } from "~/lib/admin-headers";
import { filterFrom, filterQuery, SEARCH_MAX_LENGTH } from "~/lib/inbox-filter";
import { isOverdue, LEAD_STATUSES } from "~/lib/lead-status";
import { melbourneDisplay, relativeTime } from "~/lib/melbourne-time";
import { adminDb, requireUser } from "~/server/accounts/auth.server";
import { alertStatesForLeads } from "~/server/inbox/alerts.server";
import { countOverdue, countsByStatus, listLeads } from "~/server/inbox/leads.server";
import type { Route } from "./+types/admin.inbox";

export const headers: Route.HeadersFunction = adminRouteHeaders;
export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.filter.view === "spam" ? "Spam" : "Inbox");

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request);
  const url = new URL(request.url);
  const filter = filterFrom(url);
  const db = await adminDb();
  const now = Date.now();
  const [page, counts, overdue] = await Promise.all([
    listLeads(db, filter),
    countsByStatus(db),
    countOverdue(db, now),
  ]);
  const alerts = await alertStatesForLeads(
    db,
    page.leads.map((lead) => lead.id),
  );
  return data(
    {
      email: session.user.email,
      filter,
      page,
      counts,
      alerts: Object.fromEntries(alerts),
      deleted: url.searchParams.has("deleted"),
      overdue,
      now,
    },
    { headers: session.setCookie ? { "Set-Cookie": session.setCookie } : {} },
  );
}

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { email, filter, page, counts, alerts, now, deleted, overdue } = loaderData;
  const spam = filter.view === "spam";
  const leadCount = LEAD_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return (
    <AdminShell email={email} current={spam ? "spam" : "inbox"}>
      {deleted && <Notice>The lead is deleted, with its notes and history.</Notice>}
      {overdue > 0 && (
        <p className="mb-4 flex flex-wrap items-center gap-3 rounded-xl bg-red-800 p-4 text-lg font-bold text-white">
          <span className="mr-auto">
            {overdue === 1
              ? "1 new lead has waited over 15 minutes."
              : `${overdue} new leads have waited over 15 minutes.`}
          </span>
          <a
            href="/admin?status=new"
            className="flex min-h-12 items-center rounded-lg bg-white px-4 text-base text-red-900"
          >
            Show new leads
          </a>
        </p>
      )}
      <h1 className="text-2xl font-extrabold">
        {spam ? `Spam (${counts.spam})` : `Leads (${leadCount})`}
      </h1>
      {spam && (
        <p className="mt-1 text-ink-soft">
          Requests our spam checks caught. If one is a real customer, move it to the inbox.
        </p>
      )}

      <search>
        <form method="get" className="mt-4 flex flex-wrap items-end gap-3">
          {spam && <input type="hidden" name="view" value="spam" />}
          {!spam && (
            <div>
              <label htmlFor="filter-status" className="block text-sm font-semibold">
                Status
              </label>
              <select
                id="filter-status"
                name="status"
                defaultValue={filter.status ?? ""}
                className="mt-1 min-h-12 rounded-lg border-2 border-slate-400 bg-white px-3"
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
          <div className="min-w-0 flex-1 basis-48">
            <label htmlFor="filter-q" className="block text-sm font-semibold">
              Search
            </label>
            <input
              id="filter-q"
              name="q"
              type="search"
              defaultValue={filter.q ?? ""}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Name, phone, e-mail, suburb…"
              className="mt-1 block min-h-12 w-full rounded-lg border-2 border-slate-400 px-3"
            />
          </div>
          <button
            type="submit"
            className="min-h-12 rounded-lg bg-ink px-5 font-semibold text-white hover:bg-slate-700"
          >
            Show
          </button>
          <a
            href={`/admin/export.csv${filterQuery({ ...filter, page: 1 })}`}
            className="flex min-h-12 items-center rounded-lg border-2 border-ink px-4 font-semibold hover:bg-slate-100"
          >
            Download CSV
          </a>
        </form>
      </search>

      <p className="mt-4 text-sm text-ink-soft" aria-live="polite">
        {page.total === 0
          ? "Nothing matches."
          : `${page.total} ${page.total === 1 ? "request" : "requests"}${page.pageCount > 1 ? `, page ${page.page} of ${page.pageCount}` : ""}`}
      </p>

      <ol className="mt-2 space-y-3">
        {page.leads.map((lead) => {
          const late = isOverdue(lead, now);
          return (
            <li
              key={lead.id}
              className={`rounded-xl border-2 p-4 ${late ? "border-l-8 border-red-700 bg-red-50" : "border-slate-200 bg-white"}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="mr-auto min-w-0 text-xl font-bold wrap-anywhere">
                  <a
                    href={`/admin/leads/${lead.id}`}
                    className="inline-flex min-h-12 items-center underline decoration-2 underline-offset-4"
                  >
                    {lead.name}
                  </a>
                </h2>
                {late && <OverdueBadge />}
                {!spam && <StatusBadge status={lead.status} />}
              </div>
              <p className="text-ink-soft">
                <time dateTime={lead.createdAt}>
                  {relativeTime(lead.createdAt, now)} · {melbourneDisplay(lead.createdAt)}
                </time>
              </p>
              <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
                <CallButton phone={lead.phone} name={lead.name} />
                <span className="font-semibold">
                  {lead.suburb} {lead.postcode}
                  {lead.outsideServiceArea && (
                    <span className="font-normal text-ink-soft"> (outside our area)</span>
                  )}
                </span>
              </div>
              <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold">From page</dt>
                <dd>{lead.sourcePage ?? lead.attribution.landing_page ?? "unknown"}</dd>
                {lead.photoCount > 0 && (
                  <>
                    <dt className="font-semibold">Photos</dt>
                    <dd>{lead.photoCount}</dd>
                  </>
                )}
                {lead.attribution.utm_campaign && (
                  <>
                    <dt className="font-semibold">Campaign</dt>
                    <dd>{lead.attribution.utm_campaign}</dd>
                  </>
                )}
                {spam ? (
                  <>
                    <dt className="font-semibold">Flagged because</dt>
                    <dd>{lead.spamReason ?? "unknown"}</dd>
                  </>
                ) : (
                  <>
                    <dt className="font-semibold">Alert</dt>
                    <dd>
                      <AlertStates states={alerts[lead.id]} />
                    </dd>
                  </>
                )}
              </dl>
              {spam && (
                <form method="post" action={`/admin/leads/${lead.id}`} className="mt-3">
                  <input type="hidden" name="intent" value="not-spam" />
                  <input type="hidden" name="back" value="/admin?view=spam" />
                  <button
                    type="submit"
                    className="min-h-12 rounded-lg border-2 border-ink px-4 font-semibold hover:bg-slate-100"
                  >
                    Not spam: move {lead.name} to the inbox
                  </button>
                </form>
              )}
            </li>
          );
        })}
      </ol>

      {page.pageCount > 1 && (
        <nav aria-label="Pages" className="mt-6 flex flex-wrap gap-3">
          {page.page > 1 && (
            <a
              href={`/admin${filterQuery(filter, page.page - 1)}`}
              className="flex min-h-12 items-center rounded-lg border-2 border-ink px-4 font-semibold"
            >
              Newer
            </a>
          )}
          {page.page < page.pageCount && (
            <a
              href={`/admin${filterQuery(filter, page.page + 1)}`}
              className="flex min-h-12 items-center rounded-lg border-2 border-ink px-4 font-semibold"
            >
              Older
            </a>
          )}
        </nav>
      )}
    </AdminShell>
  );
}
