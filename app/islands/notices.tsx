import { X } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";

export interface Notice {
  title: string;
  description: string;
  tone?: "default" | "destructive";
}

type ShownNotice = Notice & { key: number };

const NOTICE_VISIBLE_MS = 8000;

// A module-level store rather than a context: each island is its own React root, and the form
// island must reach the notice region, which is another root.
let current: ShownNotice | null = null;
const listeners = new Set<() => void>();

function show(next: ShownNotice | null) {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a notice; a new one replaces the old (spec section 9: one at a time). */
export function notify(notice: Notice): void {
  show({ ...notice, key: Date.now() });
}

/** The bottom-right notice region, always in the page so screen readers announce what lands. */
export function NoticeRegion() {
  const notice = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => show(null), NOTICE_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const destructive = notice?.tone === "destructive";
  return (
    <div
      aria-live="assertive"
      aria-atomic="true"
      className="fixed right-4 bottom-4 left-4 z-[60] flex justify-end sm:left-auto"
    >
      {notice && (
        <div
          key={notice.key}
          data-testid="notice"
          data-tone={notice.tone ?? "default"}
          className={`flex w-full max-w-sm items-start gap-3 rounded-lg p-4 shadow-2xl ${destructive ? "bg-red-800 text-white" : "border border-slate-200 bg-white text-ink"}`}
        >
          <div className="flex-1">
            <p className="font-bold">{notice.title}</p>
            <p className="mt-1 text-sm">{notice.description}</p>
          </div>
          <button
            type="button"
            onClick={() => show(null)}
            className="-m-1 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md hover:bg-black/10"
          >
            <X aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">Dismiss</span>
          </button>
        </div>
      )}
    </div>
  );
}
