// `npm run bench:first-window`: how much of the LCP gap on the landing pages is the HTML's
// size. Lighthouse's simulated slow 4G starts each connection with a ~14.6 KB congestion
// window, so a document that doesn't fit costs one more round trip (150 ms) before anything
// paints. This probe serves the prerendered home page, cut at a tag boundary at several
// compressed sizes (and whole), from one tiny server next to the floor page, and prints each
// one's Lighthouse LCP as a ratio of the floor's. The islands' scripts are left out of every
// variant, the whole page too, so only the HTML's size differs between rows.
// BENCH_LIGHTHOUSE_RUNS (3) runs each, median.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { launchAuditChrome } from "../tests/support/audit-lighthouse.ts";
import { kb, log, measureMedian, round, table } from "./lighthouse-metrics.ts";
import { brotli, FLOOR_HTML, startPageServer } from "./page-server.ts";

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const CUTS_KB = [12, 13.5, 14.2, 15, 16.5];
const HOME = resolve("build/client/index.html");

/** The page without its executable scripts (structured data stays: it is part of the HTML). */
function withoutScripts(html: string): string {
  return html.replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "");
}

/** The longest prefix, ending before a tag, that compresses to under `bytes`; tags closed. */
function cutAt(html: string, bytes: number): string {
  let low = 0;
  let high = html.length;
  while (high - low > 64) {
    const middle = (low + high) >> 1;
    if (brotli(html.slice(0, middle)).length < bytes) low = middle;
    else high = middle;
  }
  return `${html.slice(0, html.lastIndexOf("<", low))}</main></body></html>`;
}

async function main() {
  if (!existsSync(HOME)) throw new Error("No build: run `npm run build` first.");
  const whole = withoutScripts(readFileSync(HOME, "utf8"));
  const pages: Record<string, string> = { floor: FLOOR_HTML };
  for (const size of CUTS_KB) pages[`cut-${size}`] = cutAt(whole, size * 1000);
  pages.whole = whole;

  const server = await startPageServer(pages, { compressed: true });
  const chrome = await launchAuditChrome();
  try {
    const rows: (string | number)[][] = [];
    let floorLcp = Number.NaN;
    for (const [name, html] of Object.entries(pages)) {
      const metrics = await measureMedian(server.urls[name] as string, chrome.port, RUNS);
      if (name === "floor") floorLcp = metrics.lcpMs;
      rows.push([
        name,
        kb(brotli(html).length),
        metrics.fcpMs,
        metrics.lcpMs,
        round(metrics.lcpMs / floorLcp, 2),
      ]);
    }
    log("");
    console.log(
      `The home page cut to sizes around the first TCP window (${RUNS} run(s) each, median):`,
    );
    console.log(table(["page", "KiB br", "FCP", "LCP", "LCP/floor"], rows));
  } finally {
    chrome.kill();
    await server.stop();
  }
}

await main();
