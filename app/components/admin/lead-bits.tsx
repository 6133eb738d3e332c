import { findLandingPage } from "~/content/landing-pages";
import { melbourneDay } from "~/lib/inbox-filter";
import { isOverdue, type LeadStatus } from "~/lib/lead-status";
import { phoneDisplay, phoneTelHref } from "~/lib/phone";

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
};

const STATUS_CLASSES: Record<LeadStatus, string> = {
  new: "bg-sky text-ink border-sky-700",
  contacted: "bg-amber-50 text-amber-900 border-amber-700",
  quoted: "bg-violet-50 text-violet-900 border-violet-700",
  won: "bg-green-50 text-green-900 border-green-700",
  lost: "bg-slate-100 text-slate-700 border-slate-500",
};

/** Badges come `small` in the list, where a row has one line for them. */
const BADGE_SIZE = { normal: "px-2.5 py-0.5 text-sm", small: "px-1.5 text-xs leading-5" };

export function StatusBadge({ status, small = false }: { status: LeadStatus; small?: boolean }) {
  return (
    <span
      className={`inline-block shrink-0 rounded-full border font-semibold ${BADGE_SIZE[small ? "small" : "normal"]} ${STATUS_CLASSES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

/** How each alert channel is named to the owner. */
const CHANNEL_LABELS: Record<string, string> = {
  ack: "reply to customer",
  email: "e-mail",
  webhook: "webhook",
  push: "phone alerts",
};

export function OverdueBadge({ small = false }: { small?: boolean }) {
  return (
    <span
      className={`inline-block shrink-0 rounded-full bg-red-700 font-bold text-white ${BADGE_SIZE[small ? "small" : "normal"]}`}
    >
      {small ? "Call now" : "Overdue: call now"}
    </span>
  );
}

/**
 * A phone number a thumb can hit, dialled in international form. `compact` is the list's:
 * a square beside the lead's text rather than a row of its own.
 */
export function CallButton({
  phone,
  name,
  compact = false,
}: {
  phone: string;
  name: string;
  compact?: boolean;
}) {
  const shown = phoneDisplay(phone);
  return (
    <a
      href={phoneTelHref(phone)}
      aria-label={`Call ${shown} (${name})`}
      className={`inline-flex min-h-12 items-center justify-center rounded-lg bg-action-dark font-bold text-white hover:bg-action ${compact ? "min-w-14 px-2 text-base sm:px-3" : "px-4 text-lg"}`}
    >
      Call
      {compact ? <span className="hidden sm:inline">&nbsp;{shown}</span> : ` ${shown}`}
    </a>
  );
}

/**
 * Still "new" past the promised 15 minutes on the day it came in: call now. Next day it is
 * shown with its age instead (NotCalledBadge), so the red means something.
 */
export function isCallNow(
  lead: { status: LeadStatus; isSpam: boolean; createdAt: string },
  now: number,
): boolean {
  return isOverdue(lead, now) && melbourneDay(lead.createdAt) === melbourneDay(now);
}

/** "Since yesterday, not called", "3 days, not called"; undefined for a lead that isn't waiting. */
export function notCalledLabel(
  lead: { status: LeadStatus; isSpam: boolean; createdAt: string },
  now: number,
): string | undefined {
  if (lead.isSpam || lead.status !== "new") return undefined;
  if (melbourneDay(lead.createdAt) === melbourneDay(now)) return undefined;
  const days = Math.floor((now - Date.parse(lead.createdAt)) / 86_400_000);
  if (days < 1) return "Since yesterday, not called";
  return `${days} ${days === 1 ? "day" : "days"}, not called`;
}

export function NotCalledBadge({ label }: { label: string }) {
  return (
    <span
      className={`inline-block shrink-0 rounded-full border border-amber-700 bg-amber-50 font-semibold text-amber-900 ${BADGE_SIZE.small}`}
    >
      {label}
    </span>
  );
}

// Words customers use when water is coming in now. A hint for the eye only: nothing is
// sorted or hidden by it, and a message without them can be just as urgent.
const URGENT =
  /\b(water (is )?(coming|pouring|dripping|getting|running) (in|through)|ceiling|storm|leaking|flood(ed|ing|s)?|urgent|asap|emergency|collaps\w*|caved? in|dripping|buckets?)\b/i;

export function looksUrgent(message: string | null): boolean {
  return Boolean(message && URGENT.test(message));
}

export function UrgentBadge() {
  return (
    <span
      className={`inline-block shrink-0 rounded-full border border-red-700 bg-white font-semibold text-red-800 ${BADGE_SIZE.small}`}
    >
      Urgent?
    </span>
  );
}

/** The page a lead came from by its name ("Roof repair in Frankston"), not its path. */
export function sourcePageName(path: string | null): string | undefined {
  if (!path) return undefined;
  let pathname = path;
  try {
    pathname = new URL(path, "http://x").pathname;
  } catch {
    return path;
  }
  const page = findLandingPage(pathname);
  if (!page) return path;
  if (page.path === "/") return "Home page";
  return `${page.path === "/roof-repairs" ? "Roof repairs" : "Roof repair"} in ${page.place}`;
}

/**
 * A map search for the suburb, not the street: the form asks for none, and one written in
 * the message is left for the owner to read.
 */
export function mapSearchHref(suburb: string, postcode: string): string {
  // A postcode's localities are stored together ("Frankston, Frankston South"); the first
  // and the postcode find the area.
  const query = `${suburbName(suburb, postcode)} ${postcode} VIC`.replace(/\s+/g, " ").trim();
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** The first of a postcode's localities ("Frankston" of "Frankston, Frankston South"). */
function suburbName(suburb: string, postcode: string): string {
  return suburb === postcode ? "" : (suburb.split(",")[0]?.trim() ?? "");
}

export function SuburbLink({ suburb, postcode }: { suburb: string; postcode: string }) {
  return (
    <a
      href={mapSearchHref(suburb, postcode)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-block min-h-6 leading-6 underline decoration-1 underline-offset-2"
    >
      {[suburbName(suburb, postcode), postcode].filter(Boolean).join(" ")}
      <span className="sr-only"> (map, opens in a new tab)</span>
    </a>
  );
}

export interface AlertStateView {
  channel: string;
  status: string;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

const ALERT_STATUS: Record<string, string> = {
  pending: "waiting to send",
  sent: "sent",
  failed: "failed",
  not_configured: "not set up",
};

export function AlertStates({ states }: { states: AlertStateView[] | undefined }) {
  if (!states || states.length === 0) {
    return <span className="text-ink-soft">No alert recorded</span>;
  }
  return (
    <ul className="flex flex-wrap gap-2">
      {states.map((state) => (
        <li
          key={state.channel}
          className={`rounded border px-2 py-0.5 text-sm ${state.status === "failed" ? "border-red-700 bg-red-50 text-red-900" : "border-slate-300"}`}
        >
          {CHANNEL_LABELS[state.channel] ?? state.channel}:{" "}
          {ALERT_STATUS[state.status] ?? state.status}
          {state.status === "failed" && state.lastError ? ` (${state.lastError})` : ""}
          {state.attempts > 1 ? `, ${state.attempts} tries` : ""}
        </li>
      ))}
    </ul>
  );
}
