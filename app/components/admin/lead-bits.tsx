import { toTelHref } from "~/content/business";
import type { LeadStatus } from "~/lib/lead-status";

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

export function StatusBadge({ status }: { status: LeadStatus }) {
  return (
    <span
      className={`inline-block rounded-full border px-2.5 py-0.5 text-sm font-semibold ${STATUS_CLASSES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

export function OverdueBadge() {
  return (
    <span className="inline-block rounded-full bg-red-700 px-2.5 py-0.5 text-sm font-bold text-white">
      Overdue: call now
    </span>
  );
}

/** A phone number a thumb can hit, dialled in international form. */
export function CallButton({ phone, name }: { phone: string; name: string }) {
  return (
    <a
      href={toTelHref(phone)}
      aria-label={`Call ${phone} (${name})`}
      className="inline-flex min-h-12 items-center justify-center rounded-lg bg-action-dark px-4 text-lg font-bold text-white hover:bg-action"
    >
      Call {phone}
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
          {state.channel === "ack" ? "reply to customer" : state.channel}:{" "}
          {ALERT_STATUS[state.status] ?? state.status}
          {state.status === "failed" && state.lastError ? ` (${state.lastError})` : ""}
          {state.attempts > 1 ? `, ${state.attempts} tries` : ""}
        </li>
      ))}
    </ul>
  );
}
