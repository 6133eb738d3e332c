// /admin/leads/:id: one lead, its status, notes and history; deleting it for a person who asks.
// Laid out for a phone on a roof: who, what they wrote and the call button first, then one form
// that saves the status, the job's value and a note together.
import { data, redirect } from "react-router";
import { AdminShell, Notice } from "~/components/admin/admin-shell";
import {
  AlertStates,
  isCallNow,
  OverdueBadge,
  STATUS_LABELS,
  StatusBadge,
  sourcePageName,
} from "~/components/admin/lead-bits";
import { LeadPhotos } from "~/components/admin/lead-photos";
import { ADMIN_HEADERS, adminMeta, adminRouteHeaders } from "~/lib/admin-headers";
import { leadReference } from "~/lib/lead-reference";
import {
  formatJobValue,
  JOB_VALUE_MAX_DOLLARS,
  jobValueDecimal,
  LEAD_STATUSES,
  type LeadStatus,
  NOTE_MAX_LENGTH,
} from "~/lib/lead-status";
import { mailtoHref } from "~/lib/mailto";
import { melbourneDisplay, relativeTime } from "~/lib/melbourne-time";
import { phoneDisplay, phoneTelHref } from "~/lib/phone";
import { adminDb, assertSameOrigin, requireUser, safeNext } from "~/server/accounts/auth.server";
import { alertStatesForLeads, alertTrouble } from "~/server/inbox/alerts.server";
import {
  deleteLead,
  getLead,
  InvalidLeadChange,
  LeadNotFound,
  leadHistory,
  markNotSpam,
  saveLeadWork,
} from "~/server/inbox/leads.server";
import { leadPhotos } from "~/server/photos/photos.server";
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
        photos: [],
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
      photos: await leadPhotos(db, lead.id),
      alertTrouble: await alertTrouble(db),
    },
    { headers: cookie },
  );
}

type WorkField = "status" | "note" | "wonValue";

/** What the page shows again after a refused save: the error, and everything he typed. */
interface ActionData {
  error: string;
  field?: WorkField;
  note: string;
  status?: string;
  wonValue?: string;
}

const refused = (body: ActionData, status: number) => data(body, { status });

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = await requireUser(request);
  const id = leadId(params);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refused({ error: "That wasn't a form.", note: "" }, 400);
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  /** Absent is "leave it as it is"; the lead page always sends all three. */
  const optional = (name: string) => (form.has(name) ? field(name) : undefined);
  const db = await adminDb();
  const author = session.user.email;
  const back = (saved: string) =>
    redirect(`/admin/leads/${id}?saved=${saved}`, { status: 303, headers: ADMIN_HEADERS });
  try {
    switch (field("intent")) {
      // "status" and "note" are the separate forms this page had before issue 20: a page
      // still open from then keeps working.
      case "save":
      case "status":
      case "note": {
        const saved = await saveLeadWork(
          db,
          id,
          { status: optional("status"), note: optional("note"), wonValue: optional("won_value") },
          author,
        );
        const parts = (["status", "value", "note"] as const).filter((part) => saved[part]);
        return back(parts.length > 0 ? parts.join("-") : "nothing");
      }
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
        return refused({ error: "Unknown action.", note: "" }, 400);
    }
  } catch (error) {
    if (error instanceof InvalidLeadChange) {
      // What he typed comes back (cut to a sane length: it is only shown, never stored).
      const typed = (name: string, max: number) => optional(name)?.slice(0, max);
      return refused(
        {
          error: error.message,
          field: error.field,
          note: typed("note", NOTE_MAX_LENGTH * 2) ?? "",
          status: typed("status", 20),
          wonValue: typed("won_value", 40),
        },
        400,
      );
    }
    if (error instanceof LeadNotFound) {
      return refused({ error: "This lead doesn't exist any more.", note: "" }, 404);
    }
    throw error;
  }
}

const SAVED_PARTS: Record<string, string> = {
  status: "status",
  value: "job value",
  note: "note",
};

const SAVED_OTHER: Record<string, string> = {
  nothing: "Nothing to save: pick another status or write a note.",
  kept: "Nothing deleted.",
};

/** "Status and note saved.", from the redirect's `saved=status-note`. */
function savedMessage(saved: string | null): string | undefined {
  if (!saved) return undefined;
  if (SAVED_OTHER[saved]) return SAVED_OTHER[saved];
  const parts = saved.split("-").map((part) => SAVED_PARTS[part]);
  if (parts.length === 0 || parts.length > 3 || parts.some((part) => !part)) return undefined;
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `${list?.charAt(0).toUpperCase()}${list?.slice(1)} saved.`;
}

function statusLabel(status: string | null): string {
  return status && status in STATUS_LABELS ? STATUS_LABELS[status as LeadStatus] : "?";
}

function historyText(entry: {
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  note: string | null;
  valueCents: number | null;
}): string {
  if (entry.kind === "not_spam") return `Moved out of spam. ${entry.note ?? ""}`;
  if (entry.kind !== "status") return entry.note ?? "";
  const value = entry.valueCents == null ? null : formatJobValue(entry.valueCents);
  if (entry.fromStatus === entry.toStatus) {
    return value ? `Job value: ${value}` : "Job value cleared";
  }
  const change = `Status: ${statusLabel(entry.fromStatus)} → ${statusLabel(entry.toStatus)}`;
  return value ? `${change}, job value ${value}` : change;
}

/** What goes in the value box: "4200" or "4200.50", as a number input takes it. */
function valueForInput(cents: number | null): string {
  if (cents == null) return "";
  return cents % 100 === 0 ? String(cents / 100) : jobValueDecimal(cents);
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="mb-2 min-w-0 wrap-anywhere sm:mb-0">{children}</dd>
    </>
  );
}

const BUTTON = "inline-flex min-h-12 items-center justify-center rounded-lg px-5 text-lg font-bold";
const INPUT =
  "mt-1 block min-h-12 w-full rounded-lg border-2 border-slate-500 bg-white px-3 text-lg";

export default function AdminLead({ loaderData, actionData }: Route.ComponentProps) {
  const { email, lead, history, alerts, now, saved, confirmDelete, photos } = loaderData;
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
  // The same rule as the list: "call now" only on the day the lead came in.
  const overdue = isCallNow(lead, now);
  const a = lead.attribution;
  const refusedData = actionData as ActionData | undefined;
  const problem = (field: WorkField) =>
    refusedData?.field === field ? refusedData.error : undefined;
  const savedText = savedMessage(saved);
  const shownPhone = phoneDisplay(lead.phone);
  const statusShown =
    refusedData?.status && refusedData.status in STATUS_LABELS ? refusedData.status : lead.status;
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
      {savedText && <Notice>{savedText}</Notice>}
      {refusedData?.error && <Notice tone="error">{refusedData.error}</Notice>}

      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto min-w-0 text-3xl font-extrabold wrap-anywhere">{lead.name}</h1>
        {overdue && <OverdueBadge />}
        <StatusBadge status={lead.status} />
      </div>
      <p className="text-ink-soft">
        <time dateTime={lead.createdAt}>
          {relativeTime(lead.createdAt, now)} · {melbourneDisplay(lead.createdAt)}
        </time>{" "}
        ·{" "}
        <span className="whitespace-nowrap">
          Ref <span className="font-mono font-semibold text-ink">{leadReference(lead.id)}</span>
        </span>
      </p>
      <p className="mt-1 text-lg">
        {lead.suburb} {lead.postcode}
        {lead.outsideServiceArea ? " (outside our service area)" : ""}
      </p>
      {lead.status === "won" && lead.wonValueCents != null && (
        <p className="mt-1 text-lg">
          Job value: <strong>{formatJobValue(lead.wonValueCents)}</strong>
        </p>
      )}

      {!lead.isSpam && (
        <div className="mt-4 flex flex-wrap gap-3">
          <a
            href={phoneTelHref(lead.phone)}
            aria-label={`Call ${shownPhone} (${lead.name})`}
            className={`${BUTTON} grow bg-action-dark text-white hover:bg-action sm:grow-0`}
          >
            Call {shownPhone}
          </a>
          {lead.email && (
            <a
              href={mailtoHref(lead.email)}
              aria-label={`E-mail ${lead.email}`}
              className={`${BUTTON} border-2 border-ink bg-white text-ink`}
            >
              E-mail
            </a>
          )}
        </div>
      )}

      <section aria-labelledby="message-heading" className="mt-6">
        <h2 id="message-heading" className="text-xl font-bold">
          What they wrote
        </h2>
        <p className="mt-2 rounded-xl border-2 border-slate-200 bg-slate-50 p-4 text-lg whitespace-pre-wrap wrap-anywhere">
          {lead.message ?? "Nothing: just the form."}
        </p>
      </section>

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

      {!lead.isSpam && (
        <section
          aria-labelledby="work-heading"
          className="mt-6 rounded-xl border-2 border-slate-200 p-4"
        >
          <h2 id="work-heading" className="text-xl font-bold">
            Work this lead
          </h2>
          {/* One form, so a note typed before the status is changed goes with it. */}
          <form method="post" className="mt-3 grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="save" />
            <div>
              <label htmlFor="lead-status" className="block font-semibold">
                Status
              </label>
              <select
                id="lead-status"
                name="status"
                defaultValue={statusShown}
                aria-invalid={problem("status") ? true : undefined}
                className={INPUT}
              >
                {LEAD_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </div>
            {/* Asked for only once "Won" is picked, by CSS alone (the inbox runs no scripts); a
                browser without :has() shows it always, and the server ignores it unless won. */}
            <div className="[form:has(#lead-status_option[value=won]:not(:checked))_&]:hidden">
              <label htmlFor="lead-value" className="block font-semibold">
                Job value if won ($, optional)
              </label>
              <input
                id="lead-value"
                name="won_value"
                type="number"
                inputMode="decimal"
                min={0}
                max={JOB_VALUE_MAX_DOLLARS}
                step={0.01}
                defaultValue={refusedData?.wonValue ?? valueForInput(lead.wonValueCents)}
                aria-invalid={problem("wonValue") ? true : undefined}
                aria-describedby={problem("wonValue") ? "lead-value-problem" : undefined}
                className={INPUT}
              />
              {problem("wonValue") && (
                <p id="lead-value-problem" className="mt-1 font-semibold text-red-800">
                  {problem("wonValue")}
                </p>
              )}
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="lead-note" className="block font-semibold">
                Add a note
              </label>
              <textarea
                id="lead-note"
                name="note"
                rows={3}
                maxLength={NOTE_MAX_LENGTH}
                defaultValue={refusedData?.note}
                aria-invalid={problem("note") ? true : undefined}
                aria-describedby={problem("note") ? "lead-note-problem" : undefined}
                className="mt-1 block w-full rounded-lg border-2 border-slate-500 p-3 text-lg"
              />
              {problem("note") && (
                <p id="lead-note-problem" className="mt-1 font-semibold text-red-800">
                  {problem("note")}
                </p>
              )}
            </div>
            <div className="sm:col-span-2">
              <button type="submit" className={`${BUTTON} w-full bg-ink text-white sm:w-auto`}>
                Save
              </button>
            </div>
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
                <p className="mt-1 whitespace-pre-wrap wrap-anywhere">{historyText(entry)}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="details-heading" className="mt-6">
        <h2 id="details-heading" className="text-xl font-bold">
          Details
        </h2>
        <dl className="mt-2 grid gap-x-6 sm:grid-cols-[12rem_1fr]">
          <Field label="Phone">
            {shownPhone}
            {shownPhone !== lead.phone.trim() ? ` (typed as ${lead.phone})` : ""}
          </Field>
          <Field label="E-mail">
            {lead.email ? (
              <a href={mailtoHref(lead.email)} className="underline">
                {lead.email}
              </a>
            ) : (
              "none given"
            )}
          </Field>
          <Field label="Alert">
            <AlertStates states={alerts} />
          </Field>
        </dl>
      </section>

      <LeadPhotos photos={photos} spam={lead.isSpam} />

      <section aria-labelledby="source-heading" className="mt-6">
        <h2 id="source-heading" className="text-xl font-bold">
          Where it came from
        </h2>
        <dl className="mt-2 grid gap-x-6 sm:grid-cols-[12rem_1fr]">
          <Field label="Form on page">
            {sourcePageName(lead.sourcePage) ?? lead.sourcePage ?? "unknown"}
          </Field>
          <Field label="Landing page">
            {sourcePageName(a.landing_page) ?? a.landing_page ?? "unknown"}
          </Field>
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
