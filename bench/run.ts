// `npm run bench`: how fast the built site is, measured, not asserted.
//  1. Lighthouse (mobile defaults: Moto G Power screen, slow 4G and 4x CPU, simulated) on
//     /, one suburb page, /roof-repair, /privacy-policy and /thank-you: scores, FCP, LCP, TBT,
//     CLS and bytes by type; plus the floor: a bare page holding only the headline, served by
//     a tiny local server, whose LCP is the best any page could do here. Our LCP / floor LCP.
//  2. The server: requests per second and p99 latency for the prerendered home page, and the
//     same file served by nginx in the same run (when installed), as ratios.
//  3. Durable quote inserts per second through the API, on a fresh SQLite file.
//  4. Lead alerts (bench/alerts.ts): e-mail latency from the 201 to a local SMTP server, and
//     inserts per second with alerts on against off.
// Writes bench/results/latest.json and prints tables. Settings: BENCH_DURATION_S (5),
// BENCH_CONCURRENCY (16), BENCH_ROUNDS (5 alternating turns for the page comparison),
// BENCH_LIGHTHOUSE_RUNS (1, median of n when more), BENCH_ONLY=lighthouse (part 1 alone, saved
// to bench/results/lighthouse.json).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { LANDING_PAGES } from "../app/content/landing-pages.ts";
import { launchAuditChrome } from "../tests/support/audit-lighthouse.ts";
import { spawnServer } from "../tests/support/spawn-server.ts";
import { benchAlerts, printAlertBench } from "./alerts.ts";
import { benchInserts, printInserts } from "./inserts.ts";
import { kb, log, measureMedian, type PageMetrics, round, table } from "./lighthouse-metrics.ts";
import { type LoadResult, runInterleaved, runLoad, summarise } from "./load-client.ts";
import { nginxAvailable, startNginx } from "./nginx.ts";
import { FLOOR_HTML, startPageServer } from "./page-server.ts";
import { BLOCKING_PER_SECOND, benchBlocking, benchScaleOut, printScaleBench } from "./scale.ts";

const DURATION_MS = Number(process.env.BENCH_DURATION_S ?? 5) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
const WARMUP_MS = 1000;
/** The page comparisons run in this many alternating turns (ours, ours br, nginx, …). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const RESULTS_DIR = resolve("bench/results");
/** "lighthouse": measure the pages and stop (the server and insert figures take minutes). */
const ONLY = process.env.BENCH_ONLY ?? "";
const PRERENDERED_HOME = resolve("build/client/index.html");

const SUBURB_PAGE = LANDING_PAGES.find((page) => page.suburb);
if (!SUBURB_PAGE) throw new Error("no suburb page in LANDING_PAGES");
const ROUTES = ["/", SUBURB_PAGE.path, "/roof-repair", "/privacy-policy", "/thank-you"];

async function lighthouseAll(siteUrl: string, floorUrl: string) {
  const chrome = await launchAuditChrome();
  try {
    const measure = (url: string) => measureMedian(url, chrome.port, LIGHTHOUSE_RUNS);
    const floor = await measure(floorUrl);
    const pages: (PageMetrics & { path: string; lcpVsFloor: number })[] = [];
    for (const path of ROUTES) {
      const metrics = await measure(`${siteUrl}${path}`);
      pages.push({ path, ...metrics, lcpVsFloor: round(metrics.lcpMs / floor.lcpMs, 2) });
    }
    return { floor, pages };
  } finally {
    chrome.kill();
  }
}

type LighthouseBench = Awaited<ReturnType<typeof lighthouseAll>>;

function printLighthouse(lighthouse: LighthouseBench) {
  const pageRows = [
    ...lighthouse.pages.map((p) => ({ label: p.path, ...p })),
    { label: "floor (headline only)", ...lighthouse.floor, lcpVsFloor: 1 },
  ].map((p) => [
    p.label,
    p.scores.performance,
    p.scores.accessibility,
    p.scores.bestPractices,
    p.scores.seo,
    p.fcpMs,
    p.lcpMs,
    p.lcpVsFloor.toFixed(2),
    p.tbtMs,
    p.cls.toFixed(3),
    kb(p.bytes.total),
    kb(p.bytes.document),
    kb(p.bytes.script),
    kb(p.bytes.stylesheet),
    kb(p.bytes.font),
    kb(p.bytes.image),
    kb(p.bytes.other),
    kb(p.bytes["third-party"]),
  ]);
  console.log(
    `\nLighthouse, mobile defaults (${LIGHTHOUSE_RUNS} run${LIGHTHOUSE_RUNS > 1 ? "s, median" : ""} per page); times in ms, sizes in KiB transferred\n`,
  );
  console.log(
    table(
      [
        "page",
        "perf",
        "a11y",
        "bp",
        "seo",
        "FCP",
        "LCP",
        "LCP/floor",
        "TBT",
        "CLS",
        "total",
        "html",
        "js",
        "css",
        "font",
        "img",
        "other",
        "3rd-party",
      ],
      pageRows,
    ),
  );
}

// ---------------------------------------------------------------------------
// Main

async function main() {
  if (!existsSync(resolve("build/server/index.js")) || !existsSync(PRERENDERED_HOME)) {
    log("No build found: running `npm run build` first.");
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const started = new Date();
  const load = loadavg();
  if ((load[0] ?? 0) > cpus().length * 0.75) {
    log(
      `Warning: the machine is busy (load ${load.map((l) => l.toFixed(1)).join(" ")}); figures will be low and noisy.`,
    );
  }

  const dataDir = mkdtempSync(join(tmpdir(), "bench-db-"));
  const dbFile = join(dataDir, "quotes.db");
  const server = await spawnServer({
    DATABASE_URL: `file:${dbFile}`,
    RATE_LIMIT_MAX: "1000000",
    QUOTE_MIN_FILL_MS: "0",
    NODE_ENV: "production",
  });
  // The same address family for both servers under load.
  const ourUrl = `http://127.0.0.1:${server.port}`;
  const floor = await startPageServer({ floor: FLOOR_HTML });

  try {
    log("Lighthouse (mobile defaults) …");
    const lighthouse = await lighthouseAll(server.url, floor.urls.floor as string);
    await floor.stop();
    if (ONLY === "lighthouse") {
      mkdirSync(RESULTS_DIR, { recursive: true });
      const saved = {
        date: started.toISOString(),
        machine: { cpus: cpus().length, model: cpus()[0]?.model ?? "", loadAverageAtStart: load },
        runsPerPage: LIGHTHOUSE_RUNS,
        floor: { html: FLOOR_HTML, ...lighthouse.floor },
        pages: lighthouse.pages,
      };
      writeFileSync(join(RESULTS_DIR, "lighthouse.json"), `${JSON.stringify(saved, null, 2)}\n`);
      printLighthouse(lighthouse);
      console.log(`\nSaved bench/results/lighthouse.json`);
      return;
    }

    // nginx first (if any), so the same-file comparison can interleave with it.
    const nginx = nginxAvailable() ? await startNginx(PRERENDERED_HOME) : null;
    if (!nginx) log("nginx not installed: no yardstick this run.");
    const loadOptions = { concurrency: CONCURRENCY, durationMs: DURATION_MS, warmupMs: WARMUP_MS };
    log(
      `Server: GET / for ${DURATION_MS / 1000} s each at concurrency ${CONCURRENCY}, in ${ROUNDS} interleaved turns …`,
    );
    const [ours, oursBrotli, nginxResult] = await runInterleaved(
      [
        { url: `${ourUrl}/`, ...loadOptions },
        { url: `${ourUrl}/`, headers: { "Accept-Encoding": "br" }, ...loadOptions },
        ...(nginx ? [{ url: `${nginx.url}/`, ...loadOptions }] : []),
      ],
      DURATION_MS,
      ROUNDS,
    ).finally(() => nginx?.stop());
    if (!ours || !oursBrotli) throw new Error("load test returned nothing");
    const nginxRun = nginx && nginxResult ? { version: nginx.version, ...nginxResult } : null;

    log(`Quote inserts: POST /api/quote-requests for ${DURATION_MS / 1000} s …`);
    let insertSequence = 0;
    const inserts = summarise([
      await runLoad({
        url: `${ourUrl}/api/quote-requests`,
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: () =>
          JSON.stringify({
            // A name of its own each: the same details again would be a replay, not a lead.
            name: `Bench Marker ${++insertSequence}`,
            phone: "0412 345 678",
            email: "bench@example.com",
            postcode: "3000",
            message: "Load test: a drip in the hallway.",
            company_website: "",
            form_started_at: Date.now() - 10_000,
            source_page: "/",
          }),
        okStatuses: [201],
        ...loadOptions,
      }),
    ]);
    await server.stop();
    // Durable means on disk: count the rows after the server has gone.
    const db = new Database(dbFile, { readonly: true });
    const stored = (db.prepare("select count(*) as n from quote_requests").get() as { n: number })
      .n;
    db.close();

    const alerts = await benchAlerts({
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS * 2,
      warmupMs: WARMUP_MS,
      rounds: 2,
      log,
    });

    // Issue 23: ours against the database alone, SQLite and PostgreSQL, in this same run.
    const insertsVsBare = await benchInserts();

    const blocking = await benchBlocking({
      perSecond: BLOCKING_PER_SECOND,
      durationMs: DURATION_MS * 6,
      rounds: 6,
      log,
    });
    const scaleOut = await benchScaleOut({
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS,
      rounds: ROUNDS,
      log,
    });

    const summary = {
      insertsVsBare,
      date: started.toISOString(),
      node: process.version,
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? "", loadAverageAtStart: load },
      settings: {
        lighthouse: {
          formFactor: "mobile",
          throttling: "simulated (Lighthouse defaults)",
          runsPerPage: LIGHTHOUSE_RUNS,
        },
        load: {
          durationMs: DURATION_MS,
          warmupMs: WARMUP_MS,
          concurrency: CONCURRENCY,
          client: "bench/load-client.ts, keep-alive, same machine",
        },
      },
      lighthouse: {
        floor: { html: FLOOR_HTML, ...lighthouse.floor },
        pages: lighthouse.pages,
      },
      server: {
        page: "/ (build/client/index.html)",
        ours,
        oursBrotli,
        nginx: nginxRun,
        ratios: nginxRun
          ? { rps: round(ours.rps / nginxRun.rps, 2), p99: round(ours.p99Ms / nginxRun.p99Ms, 2) }
          : null,
      },
      inserts: {
        ...inserts,
        insertsPerSecond: inserts.rps,
        rowsStored: stored,
        allStored: stored === inserts.okIncludingWarmup,
      },
      alerts,
      blocking,
      scaleOut,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, "latest.json"), `${JSON.stringify(summary, null, 2)}\n`);

    const loadRow = (label: string, r: LoadResult | null) =>
      r
        ? [label, r.rps, r.p50Ms, r.p90Ms, r.p99Ms, r.maxMs, r.requests, r.failed]
        : [label, "-", "-", "-", "-", "-", "-", "-"];

    printLighthouse(lighthouse);
    console.log(
      `\nServer: GET /, ${CONCURRENCY} connections, ${DURATION_MS / 1000} s per server in ${ROUNDS} alternating turns, after ${WARMUP_MS / 1000} s warm-up; latency in ms\n`,
    );
    console.log(
      table(
        ["server", "req/s", "p50", "p90", "p99", "max", "requests", "failed"],
        [
          loadRow("ours (identity)", ours),
          loadRow(`nginx ${nginxRun?.version ?? "(not installed)"} (identity)`, nginxRun),
          loadRow("ours (brotli, as browsers ask)", oursBrotli),
        ],
      ),
    );
    if (summary.server.ratios) {
      console.log(
        `\nours / nginx: req/s ${summary.server.ratios.rps.toFixed(2)}x, p99 latency ${summary.server.ratios.p99.toFixed(2)}x`,
      );
    }
    console.log(`\nQuote inserts (POST /api/quote-requests, fresh SQLite, synchronous=FULL)\n`);
    console.log(
      table(
        ["", "inserts/s", "p50", "p90", "p99", "max", "201s", "failed"],
        [
          [
            "ours",
            inserts.rps,
            inserts.p50Ms,
            inserts.p90Ms,
            inserts.p99Ms,
            inserts.maxMs,
            inserts.ok,
            inserts.failed,
          ],
        ],
      ),
    );
    console.log(
      `rows on disk after shutdown: ${stored} (${summary.inserts.allStored ? "every" : "NOT every"} 201 answer, warm-up included: ${inserts.okIncludingWarmup})`,
    );
    printInserts(insertsVsBare);
    printAlertBench(alerts);
    printScaleBench(blocking, scaleOut);
    console.log(`\nSaved bench/results/latest.json`);
  } finally {
    await floor.stop().catch(() => {});
    await server.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
