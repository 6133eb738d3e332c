// Nothing on screen moves while a page arrives a piece at a time, as it does on one bar of
// signal. The browser paints what it has whenever the parser waits for more bytes, so a
// decoration pinned to the bottom of a half-built hero, or a button that later siblings push
// aside, shows up as layout shift on slow phones although a fast load shows none.
// A small proxy in front of the test server sends each page's <head> at once, then the top of
// the body in 1 KB pieces with a pause after each, then the rest; other requests pass through.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { E2E_BASE_URL } from "../support/config";
import { expect, test } from "../support/fixtures";
import {
  FIRST_SUBURB_PAGE,
  HOME_PAGE,
  PRIVACY_PATH,
  THANK_YOU_PATH,
  waitForHydration,
} from "../support/pages";

/** Everything above the fold and well past it, at either width. */
const SLOW_BYTES = 40 * 1024;
const PIECE_BYTES = 1024;
/** Long enough for the browser to paint between pieces. */
const PAUSE_MS = 30;
const ATTEMPTS = 3;

const HOP_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
]);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function startTricklingProxy(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    try {
      // Node's fetch asks for and decodes compressed bodies: what we send on is plain bytes.
      const upstream = await fetch(`${E2E_BASE_URL}${req.url}`, { redirect: "manual" });
      const headers: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name)) headers[name] = value;
      });
      res.writeHead(upstream.status, headers);
      const body = Buffer.from(await upstream.arrayBuffer());
      if (!headers["content-type"]?.startsWith("text/html")) return void res.end(body);

      const bodyStart = body.indexOf("<body");
      res.write(body.subarray(0, bodyStart));
      const slowEnd = Math.min(body.length, bodyStart + SLOW_BYTES);
      for (let at = bodyStart; at < slowEnd; at += PIECE_BYTES) {
        await sleep(PAUSE_MS);
        res.write(body.subarray(at, Math.min(at + PIECE_BYTES, slowEnd)));
      }
      res.end(body.subarray(slowEnd));
    } catch (error) {
      res.destroy(error as Error);
    }
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

interface Shift {
  value: number;
  at: number;
  moved: string[];
}

const PATHS = [HOME_PAGE.path, FIRST_SUBURB_PAGE.path, PRIVACY_PATH, THANK_YOU_PATH];

let proxy: Awaited<ReturnType<typeof startTricklingProxy>>;
test.beforeAll(async () => {
  proxy = await startTricklingProxy();
});
test.afterAll(async () => {
  await proxy.close();
});

for (const path of PATHS) {
  test(`nothing moves while ${path} arrives 1 KB at a time`, async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: Shift[] = [];
      (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: {
            node?: Node | null;
            previousRect: DOMRectReadOnly;
            currentRect: DOMRectReadOnly;
          }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            value: entry.value,
            at: Math.round(entry.startTime),
            moved: entry.sources.map((source) => {
              const node = source.node;
              if (!(node instanceof Element)) return node?.nodeName ?? "(gone)";
              const box = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
              const name = `${node.localName}.${node.getAttribute("class") ?? ""}`.slice(0, 80);
              return `${name}: ${box(source.previousRect)} -> ${box(source.currentRect)}`;
            }),
          });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });

    // The test proves something only if the browser painted while the page was half there.
    // A busy machine can hold the first paint back until the end: then it loads the page again.
    let paintedEarly = false;
    for (let attempt = 1; attempt <= ATTEMPTS && !paintedEarly; attempt++) {
      const response = await page.goto(`${proxy.origin}${path}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      paintedEarly = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        const [navigation] = performance.getEntriesByType(
          "navigation",
        ) as PerformanceNavigationTiming[];
        return Boolean(paint && navigation && paint.startTime < navigation.responseEnd);
      });
    }
    expect(
      paintedEarly,
      `a first paint before the HTML finished arriving, in ${ATTEMPTS} loads`,
    ).toBe(true);

    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    expect(shifts, "layout shifts while the page streamed in").toEqual([]);
  });
}
