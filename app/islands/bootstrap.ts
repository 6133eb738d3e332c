// The one inline script on every page. It runs in the browser as written here: serialised
// with Function.prototype.toString, so it must not use anything from outside its own body.
import type { IslandEvent, IslandHub } from "./wake";

export interface BootstrapUrls {
  /** The islands runtime (app/entry.client.tsx) as built, and the chunks it imports. */
  entry: string;
  imports: readonly string[];
  /** Development only: React Refresh's preamble, which must run before any component module. */
  hmrRuntime?: string;
}

/** The spec scrolls to a URL's hash 100 ms after load, smoothly (instant under reduced motion). */
export const HASH_SCROLL_DELAY_MS = 100;

/** Events that show the visitor reaching for an island: the first one wakes it. */
export const WAKE_EVENTS = ["pointerdown", "touchstart", "focusin", "keydown"] as const;
/** Events whose effect needs the island awake: held back, and played again once it is. */
export const HELD_EVENTS = ["click", "submit"] as const;

function bootstrap(
  urls: BootstrapUrls,
  hashScrollDelayMs: number,
  wakeEvents: readonly string[],
  heldEvents: readonly string[],
) {
  window.__islands ??= { queue: [] };
  const hub: IslandHub = window.__islands;
  let started = false;
  // The runtime is small (page-wide listeners and the code that wakes islands); react-dom and
  // each island's code are its dynamic imports, fetched only when an island wakes.
  function loadRuntime() {
    if (started) return;
    started = true;
    for (const href of urls.imports) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    // Script elements rather than import(): Vite's dev server rewrites `import(` in this
    // function's source for the server, and the rewritten name doesn't exist in a browser.
    // The URLs come from the build manifest at render time.
    function addModule(src: string, then?: () => void) {
      const script = document.createElement("script");
      script.type = "module";
      script.src = src;
      if (then) script.addEventListener("load", then);
      document.head.appendChild(script);
    }
    if (urls.hmrRuntime) addModule(urls.hmrRuntime, () => addModule(urls.entry));
    else addModule(urls.entry);
  }

  // Catches the visitor reaching for an island that isn't awake, from the moment the page is
  // parsed. A tap on one of its buttons, or a submit, is held (its default prevented) and
  // played again once the island is awake, so it happens exactly once, with the island's
  // behaviour rather than half of it. Links and fields inside islands keep their native
  // behaviour: only buttons and submits wait.
  function onEvent(event: Event) {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const container = target.closest<HTMLElement>("[data-island]");
    if (!container) return;
    const state = container.dataset.islandState;
    if (state === "awake" || state === "failed") return;
    const held =
      event.type === "submit" ||
      (event.type === "click" && !target.closest("a[href]") && !!target.closest("button"));
    if (heldEvents.includes(event.type) && !held) return;
    if (held) {
      event.preventDefault();
      event.stopPropagation();
    } else if (state === "loading") {
      return;
    }
    const caught: IslandEvent = {
      container,
      target,
      type: held ? (event.type as "click" | "submit") : "wake",
    };
    if (hub.wake) hub.wake(caught);
    else {
      hub.queue.push(caught);
      loadRuntime();
    }
  }
  for (const type of wakeEvents) {
    addEventListener(type, onEvent, { capture: true, passive: true });
  }
  for (const type of heldEvents) addEventListener(type, onEvent, { capture: true });

  function scrollToHash() {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target) return;
    const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduce ? "auto" : "smooth" });
  }
  function whenIdle() {
    if ("requestIdleCallback" in window) requestIdleCallback(loadRuntime, { timeout: 1000 });
    else setTimeout(loadRuntime, 50);
  }
  function afterLoad() {
    setTimeout(scrollToHash, hashScrollDelayMs);
    // The runtime waits for the first contentful paint, so it never races the headline;
    // 3 s is the latest it waits.
    try {
      new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length > 0) whenIdle();
      }).observe({ type: "paint", buffered: true });
    } catch {
      whenIdle();
    }
    setTimeout(loadRuntime, 3000);
  }
  if (document.readyState === "complete") afterLoad();
  else addEventListener("load", afterLoad);
}

/** The inline script's source, with the build's URLs baked in. */
export function bootstrapScript(urls: BootstrapUrls): string {
  const args = [urls, HASH_SCROLL_DELAY_MS, WAKE_EVENTS, HELD_EVENTS]
    .map((arg) => JSON.stringify(arg).replace(/</g, "\\u003c"))
    .join(",");
  return `(${bootstrap.toString()})(${args});`;
}
