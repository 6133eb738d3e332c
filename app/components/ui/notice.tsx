import { X } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";

export interface Notice {
  title: string;
  description: string;
  tone?: "default" | "destructive";
}

const NOTICE_VISIBLE_MS = 8000;

const NoticeContext = createContext<(notice: Notice) => void>(() => {});

export function useNotify() {
  return useContext(NoticeContext);
}

/** One notice at a time, bottom-right; a new one replaces the old (spec section 9). */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<(Notice & { key: number }) | null>(null);
  const notify = useCallback((next: Notice) => setNotice({ ...next, key: Date.now() }), []);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const destructive = notice?.tone === "destructive";
  return (
    <NoticeContext.Provider value={notify}>
      {children}
      {/* The live region is always in the page so screen readers announce what lands in it. */}
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
              onClick={() => setNotice(null)}
              className="-m-1 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md hover:bg-black/10"
            >
              <X aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">Dismiss</span>
            </button>
          </div>
        )}
      </div>
    </NoticeContext.Provider>
  );
}
