import type { ReactNode } from "react";
import { BUSINESS } from "~/content/business";
import { AdminAppHead } from "./app-head";

export type AdminSection = "inbox" | "spam" | "sources" | "devices";

const NAV: { id: AdminSection; href: string; label: string }[] = [
  { id: "inbox", href: "/admin", label: "Inbox" },
  { id: "spam", href: "/admin?view=spam", label: "Spam" },
  { id: "sources", href: "/admin/sources", label: "Sources" },
  { id: "devices", href: "/admin/devices", label: "Alerts" },
];

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
  return (
    <>
      <AdminAppHead />
      <header className="border-b-2 border-slate-200 bg-ink text-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <p className="mr-auto text-lg font-bold">
            {BUSINESS.name} <span className="font-normal text-slate-300">leads</span>
          </p>
          <form method="post" action="/admin/logout">
            <button
              type="submit"
              className="min-h-12 rounded-lg border-2 border-white px-4 font-semibold hover:bg-white hover:text-ink"
            >
              Sign out
            </button>
          </form>
        </div>
        <nav aria-label="Inbox sections" className="mx-auto max-w-5xl px-4">
          <ul className="flex gap-1">
            {NAV.map((item) => (
              <li key={item.id}>
                <a
                  href={item.href}
                  aria-current={item.id === current ? "page" : undefined}
                  className="flex min-h-12 items-center rounded-t-lg px-4 font-semibold text-slate-200 hover:bg-white/10 aria-[current=page]:bg-white aria-[current=page]:text-ink"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 focus:outline-none">
        {children}
      </main>
      <footer className="mx-auto max-w-5xl px-4 pb-8 text-sm text-ink-soft">
        Signed in as {email}
      </footer>
    </>
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
