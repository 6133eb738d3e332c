// /admin/leads/:id: one lead, its status, notes and history; deleting it for a person who asks.
import { data, redirect } from "react-router";
import { AdminShell, Notice } from "~/components/admin/admin-shell";
import {
  AlertStates,
  CallButton,
  OverdueBadge,
  STATUS_LABELS,
  StatusBadge,
} from "~/components/admin/lead-bits";
import { ADMIN_HEADERS, adminMeta, adminRouteHeaders } from "~/lib/admin-headers";
import { isOverdue, LEAD_STATUSES, NOTE_MAX_LENGTH } from "~/lib/lead-status";
import { mailtoHref } from "~/lib/mailto";
import { melbourneDisplay, relativeTime } from "~/lib/melbourne-time";
import { adminDb, assertSameOrigin, requireUser, safeNext } from "~/server/accounts/auth.server";
import { alertStatesForLeads, alertTrouble } from "~/server/inbox/alerts.server";
import {
  addNote,
  changeStatus,
  deleteLead,
  getLead,
  InvalidLeadChange,
  LeadNotFound,
  leadHistory,
  markNotSpam,
} from "~/server/inbox/leads.server";
import type { Route } from "./+types/admin.lead";

export const headers: Route.HeadersFunction = adminRouteHeaders;
export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.lead ? loaderData.lead.name : "No such lead");

function leadId(params: { id?: string }): number {
  const id = Number(params.id);
  return /^\d{1,15}$/.test(params.id ?? "") && Number.isSafeInteger(id) ? id : 0;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireUser(request);
  const url = new URL(request.url);
  const db = await adminDb();
  const id = leadId(params);
  const lead = id ? await getLead(db, id) : undefined;
  const cookie: Record<string, string> = session.setCookie
    ? { "Set-Cookie": session.setCookie }
    : {};
  if (!lead) {
    return data(
      {
        email: session.user.email,
        lead: null,
        history: [],
        alerts: [],
        now: Date.now(),
        saved: null,
        confirmDelete: false,
        alertTrouble: await alertTrouble(db),
      },
      { status: 404, headers: cookie },
    );
  }
  const [history, alerts] = await Promise.all([
    leadHistory(db, lead.id),
    alertStatesForLeads(db, [lead.id]),
  ]);
  return data(
    {
      email: session.user.email,
      lead,
      history,
      alerts: alerts.get(lead.id) ?? [],
      now: Date.now(),
      saved: url.searchParams.get("saved"),
      confirmDelete: url.searchParams.get("confirm") === "delete",
      alertTrouble: await alertTrouble(db),
    },
    { headers: cookie },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = await requireUser(request);
  const id = leadId(params);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ noteError: "That wasn't a form.", note: "" }, { status: 400 });
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const db = await adminDb();
  const author = session.user.email;
  const back = (saved: string) =>
    redirect(`/admin/leads/${id}?saved=${saved}`, { status: 303, headers: ADMIN_HEADERS });
  try {
    switch (field("intent")) {
      case "status":
        await changeStatus(db, id, field("status"), author);
        return back("status");
      case "note":
        await addNote(db, id, field("note"), author);
        return back("note");
      case "not-spam":
        await markNotSpam(db, id, author);
        return redirect(safeNext(field("back") || `/admin/leads/${id}`), {
          status: 303,
          headers: ADMIN_HEADERS,
        });
      case "delete":
        if (field("confirm") !== "yes") return back("kept");
        if (!(await deleteLead(db, id))) throw new LeadNotFound();
        // The fragment replaces the confirmation link's, which a browser would otherwise carry over.
        return redirect("/admin?deleted=1#main", { status: 303, headers: ADMIN_HEADERS });
      default:
        return data({ noteError: "Unknown action.", note: "" }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof InvalidLeadChange) {
      return data(
        { noteError: error.message, note: field("note").slice(0, NOTE_MAX_LENGTH * 2) },
        { status: 400 },
      );
    }
    if (error instanceof LeadNotFound) {
      return data({ noteError: "This lead doesn't exist any more.", note: "" }, { status: 404 });
    }
    throw error;
  }
}

const SAVED: Record<string, string> = {
  status: "Status saved.",
  note: "Note added.",
  kept: "Nothing deleted.",
};

const HISTORY_TEXT = {
  status: (from: string | null, to: string | null) =>
    `Status: ${from ? STATUS_LABELS[from as keyof typeof STATUS_LABELS] : "?"} → ${to ? STATUS_LABELS[to as keyof typeof STATUS_LABELS] : "?"}`,
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="mb-2 min-w-0 wrap-anywhere sm:mb-0">{children}</dd>
    </>
  );
}

export default function AdminLead({ loaderData, actionData }: Route.ComponentProps) {
  const { email, lead, history, alerts, now, saved, confirmDelete } = loaderData;
  if (!lead) {
    return (
      <AdminShell email={email}>
        <h1 className="text-2xl font-extrabold">No such lead</h1>
        <p className="mt-2">It may have been deleted.</p>
        <p className="mt-4">
          <a href="/admin" className="font-semibold underline">
            Back to the inbox
          </a>
        </p>
      </AdminShell>
    );
  }
  const overdue = isOverdue(lead, now);
  const a = lead.attribution;
  return (
    <AdminShell email={email} current={lead.isSpam ? "spam" : "inbox"}>
      <p>
        <a
          href={lead.isSpam ? "/admin?view=spam" : "/admin"}
          className="inline-flex min-h-12 items-center font-semibold underline"
        >
          ← All {lead.isSpam ? "spam" : "leads"}
        </a>
      </p>
      {saved && SAVED[saved] && <Notice>{SAVED[saved]}</Notice>}
      {actionData?.noteError && <Notice tone="error">{actionData.noteError}</Notice>}

      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto min-w-0 text-3xl font-extrabold wrap-anywhere">{lead.name}</h1>
        {overdue && <OverdueBadge />}
        <StatusBadge status={lead.status} />
      </div>
      <p className="text-ink-soft">
        <time dateTime={lead.createdAt}>
          {relativeTime(lead.createdAt, now)} · {melbourneDisplay(lead.createdAt)}
        </time>
      </p>
      <p className="mt-4">
        <CallButton phone={lead.phone} name={lead.name} />
      </p>

      {lead.isSpam && (
        <section className="mt-6 rounded-xl border-2 border-amber-700 bg-amber-50 p-4">
          <h2 className="text-lg font-bold">
            Caught as spam: {lead.spamReason ?? "unknown reason"}
          </h2>
          <form method="post" className="mt-3">
            <input type="hidden" name="intent" value="not-spam" />
            <button
              type="submit"
              className="min-h-12 rounded-lg bg-ink px-4 font-semibold text-white"
            >
              Not spam: move to the inbox
            </button>
          </form>
        </section>
      )}

      <section aria-labelledby="details-heading" className="mt-6">
        <h2 id="details-heading" className="text-xl font-bold">
          Details
        </h2>
        <dl className="mt-2 grid gap-x-6 sm:grid-cols-[12rem_1fr]">
          <Field label="Phone">{lead.phone}</Field>
          <Field label="E-mail">
            {lead.email ? (
              <a href={mailtoHref(lead.email)} className="underline">
                {lead.email}
              </a>
            ) : (
              "none given"
            )}
          </Field>
          <Field label="Suburb">
            {lead.suburb} {lead.postcode}
            {lead.outsideServiceArea ? " (outside our service area)" : ""}
          </Field>
          <Field label="Message">
            <span className="whitespace-pre-wrap">{lead.message ?? "none"}</span>
          </Field>
          <Field label="Alert">
            <AlertStates states={alerts} />
          </Field>
        </dl>
      </section>

      <section aria-labelledby="source-heading" className="mt-6">
        <h2 id="source-heading" className="text-xl font-bold">
          Where it came from
        </h2>
        <dl className="mt-2 grid gap-x-6 sm:grid-cols-[12rem_1fr]">
          <Field label="Form on page">{lead.sourcePage ?? "unknown"}</Field>
          <Field label="Landing page">{a.landing_page ?? "unknown"}</Field>
          <Field label="Referred by">{a.referrer_host ?? "no other site"}</Field>
          <Field label="Campaign">
            {a.utm_source || a.utm_campaign
              ? [a.utm_source, a.utm_medium, a.utm_campaign].filter(Boolean).join(" / ")
              : "none"}
          </Field>
          {a.utm_term && <Field label="Search term">{a.utm_term}</Field>}
          {a.utm_content && <Field label="Ad content">{a.utm_content}</Field>}
          <Field label="Google Ads click">{a.gclid ? "yes (gclid recorded)" : "no"}</Field>
        </dl>
      </section>

      {!lead.isSpam && (
        <section
          aria-labelledby="work-heading"
          className="mt-6 rounded-xl border-2 border-slate-200 p-4"
        >
          <h2 id="work-heading" className="text-xl font-bold">
            Work this lead
          </h2>
          <form method="post" className="mt-3 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="status" />
            <div>
              <label htmlFor="lead-status" className="block font-semibold">
                Status
              </label>
              <select
                id="lead-status"
                name="status"
                defaultValue={lead.status}
                className="mt-1 min-h-12 rounded-lg border-2 border-slate-400 bg-white px-3 text-lg"
              >
                {LEAD_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              className="min-h-12 rounded-lg bg-ink px-5 font-semibold text-white"
            >
              Save status
            </button>
          </form>
          <form method="post" className="mt-6">
            <input type="hidden" name="intent" value="note" />
            <label htmlFor="lead-note" className="block font-semibold">
              Add a note
            </label>
            <textarea
              id="lead-note"
              name="note"
              rows={3}
              required
              maxLength={NOTE_MAX_LENGTH}
              defaultValue={actionData?.note}
              className="mt-1 block w-full rounded-lg border-2 border-slate-400 p-3 text-lg"
            />
            <button
              type="submit"
              className="mt-2 min-h-12 rounded-lg bg-ink px-5 font-semibold text-white"
            >
              Add note
            </button>
          </form>
        </section>
      )}

      <section aria-labelledby="history-heading" className="mt-6">
        <h2 id="history-heading" className="text-xl font-bold">
          History
        </h2>
        {history.length === 0 ? (
          <p className="mt-2 text-ink-soft">Nothing yet.</p>
        ) : (
          <ol className="mt-2 space-y-3">
            {history.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-slate-200 p-3">
                <p className="text-sm text-ink-soft">
                  {entry.author} ·{" "}
                  <time dateTime={entry.createdAt}>{melbourneDisplay(entry.createdAt)}</time>
                </p>
                <p className="mt-1 whitespace-pre-wrap wrap-anywhere">
                  {entry.kind === "status"
                    ? HISTORY_TEXT.status(entry.fromStatus, entry.toStatus)
                    : entry.kind === "not_spam"
                      ? `Moved out of spam. ${entry.note ?? ""}`
                      : entry.note}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="delete-heading" className="mt-10 border-t-2 border-slate-200 pt-6">
        <h2 id="delete-heading" className="text-xl font-bold">
          Delete
        </h2>
        {confirmDelete ? (
          <div className="mt-2 rounded-xl border-2 border-red-700 bg-red-50 p-4">
            <p className="font-semibold">
              Delete {lead.name}'s request, notes and history for good? This can't be undone.
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="confirm" value="yes" />
                <button
                  type="submit"
                  className="min-h-12 rounded-lg bg-red-800 px-5 font-semibold text-white"
                >
                  Yes, delete for good
                </button>
              </form>
              <a
                href={`/admin/leads/${lead.id}`}
                className="flex min-h-12 items-center rounded-lg border-2 border-ink px-5 font-semibold"
              >
                Keep it
              </a>
            </div>
          </div>
        ) : (
          <p className="mt-2">
            For a person who asks us to forget them.{" "}
            <a
              href={`/admin/leads/${lead.id}?confirm=delete#delete-heading`}
              className="inline-flex min-h-12 items-center font-semibold text-red-800 underline"
            >
              Delete this lead…
            </a>
          </p>
        )}
      </section>
    </AdminShell>
  );
}
