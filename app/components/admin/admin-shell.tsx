import type { ReactNode } from "react";
import { useMatches } from "react-router";
import { BUSINESS } from "~/content/business";
import { melbourneDisplay } from "~/lib/melbourne-time";
import { AdminAppHead } from "./app-head";

export type AdminSection = "inbox" | "spam" | "sources" | "devices";

const NAV: { id: AdminSection; href: string; label: string }[] = [
  { id: "inbox", href: "/admin", label: "Inbox" },
  { id: "spam", href: "/admin?view=spam", label: "Spam" },
  { id: "sources", href: "/admin/sources", label: "Sources" },
  { id: "devices", href: "/admin/devices", label: "Alerts" },
];

/** An alert channel that isn't getting through (app/server/inbox/alerts.server.ts). */
export interface AlertTroubleView {
  channel: "email" | "webhook";
  since: string;
  lastError: string | null;
  retrying: number;
  failed: number;
}

/** The owner's pages: plain, big targets, no scripts. */
export function AdminShell({
  email,
  current,
  children,
}: {
  email: string;
  current?: AdminSection;
  children: ReactNode;
}) {
  const alertTrouble = useAlertTrouble();
  return (
    <>
      <AdminAppHead />
      <header className="bg-ink text-white">
        <div className="mx-auto flex max-w-5xl items-center gap-x-2 px-2 sm:px-4">
          <p className="mr-4 hidden text-lg font-bold sm:block">
            {BUSINESS.name} <span className="font-normal text-slate-300">leads</span>
          </p>
          <nav aria-label="Inbox sections" className="mr-auto">
            <ul className="flex">
              {NAV.map((item) => (
                <li key={item.id}>
                  <a
                    href={item.href}
                    aria-current={item.id === current ? "page" : undefined}
                    className="flex min-h-12 items-center px-3 font-semibold text-slate-200 hover:bg-white/10 aria-[current=page]:bg-white aria-[current=page]:text-ink"
                  >
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <form method="post" action="/admin/logout" className="py-1">
            <button
              type="submit"
              className="min-h-11 rounded-lg border-2 border-white px-3 font-semibold hover:bg-white hover:text-ink"
            >
              Sign out
            </button>
          </form>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-5xl px-2 py-3 focus:outline-none sm:px-4 sm:py-6"
      >
        {alertTrouble.length > 0 && <AlertTroubleNotice troubles={alertTrouble} />}
        {children}
      </main>
      <footer className="mx-auto max-w-5xl px-4 pb-8 text-sm text-ink-soft">
        Signed in as {email}
      </footer>
    </>
  );
}

/**
 * Every inbox page's loader returns `alertTrouble` (alertTrouble() in
 * app/server/inbox/alerts.server.ts); the shell finds it there, so a page only has to load it.
 */
function useAlertTrouble(): readonly AlertTroubleView[] {
  const matches = useMatches();
  for (const match of matches) {
    const loaded = match.loaderData as { alertTrouble?: unknown } | undefined;
    if (loaded && Array.isArray(loaded.alertTrouble)) {
      return loaded.alertTrouble as AlertTroubleView[];
    }
  }
  return [];
}

const CHANNEL_NAMES: Record<AlertTroubleView["channel"], string> = {
  email: "Lead alert e-mails",
  webhook: "Lead alerts to your webhook (SMS, chat)",
};

function AlertTroubleNotice({ troubles }: { troubles: readonly AlertTroubleView[] }) {
  return (
    <section
      aria-labelledby="alert-trouble"
      className="mb-3 rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-950"
    >
      <h2 id="alert-trouble" className="font-bold">
        Lead alerts aren't getting through
      </h2>
      <ul className="mt-1 space-y-1">
        {troubles.map((trouble) => (
          <li key={trouble.channel} className="wrap-anywhere">
            {CHANNEL_NAMES[trouble.channel]} are failing since{" "}
            <time dateTime={trouble.since}>{melbourneDisplay(trouble.since)}</time> (
            {[
              trouble.retrying > 0 ? `${trouble.retrying} still being retried` : "",
              trouble.failed > 0 ? `${trouble.failed} given up on` : "",
            ]
              .filter(Boolean)
              .join(", ")}
            ). Last error: {trouble.lastError ?? "none recorded"}.
          </li>
        ))}
      </ul>
      <p className="mt-1">
        New leads still land here, so check this page until it's fixed. Once the settings are right,{" "}
        <code className="font-mono font-semibold">npm run alerts:test</code> on the server checks
        them.
      </p>
    </section>
  );
}

export function Notice({ children, tone = "ok" }: { children: ReactNode; tone?: "ok" | "error" }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`mb-4 rounded-lg border-2 p-3 font-medium ${tone === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-green-700 bg-green-50 text-green-900"}`}
    >
      {children}
    </p>
  );
}
