// The one inline script on every page. It runs in the browser as written here: serialised
// with Function.prototype.toString, so it must not use anything from outside its own body.

export interface BootstrapUrls {
  /** The islands entry (app/entry.client.tsx) as built, and the chunks it imports. */
  entry: string;
  imports: readonly string[];
  /** Development only: React Refresh's preamble, which must run before any component module. */
  hmrRuntime?: string;
}

/** The spec scrolls to a URL's hash 100 ms after load, smoothly (instant under reduced motion). */
export const HASH_SCROLL_DELAY_MS = 100;

function bootstrap(urls: BootstrapUrls, hashScrollDelayMs: number) {
  let started = false;
  function loadIslands() {
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
  function whenIdle() {
    if ("requestIdleCallback" in window) requestIdleCallback(loadIslands, { timeout: 1000 });
    else setTimeout(loadIslands, 50);
  }
  function scrollToHash() {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target) return;
    const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduce ? "auto" : "smooth" });
  }
  function afterLoad() {
    setTimeout(scrollToHash, hashScrollDelayMs);
    // The islands wait for the first contentful paint, so react-dom never races the headline,
    // the stylesheet or the font; 3 s is the latest they wait.
    try {
      new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length > 0) whenIdle();
      }).observe({ type: "paint", buffered: true });
    } catch {
      whenIdle();
    }
    setTimeout(loadIslands, 3000);
  }
  if (document.readyState === "complete") afterLoad();
  else addEventListener("load", afterLoad);
}

/** The inline script's source, with the build's URLs baked in. */
export function bootstrapScript(urls: BootstrapUrls): string {
  const json = JSON.stringify(urls).replace(/</g, "\\u003c");
  return `(${bootstrap.toString()})(${json},${HASH_SCROLL_DELAY_MS});`;
}
