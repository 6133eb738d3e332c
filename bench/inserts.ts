// Durable quote inserts per second with every protection on (shared rate limit, idempotency,
// the outbox, spam checks), against the database alone in the same run (issue 23):
// 20 clients post valid, distinct quote requests for 10 s; every 201 is checked against the
// rows on disk afterwards. SQLite always; PostgreSQL beside it when BENCH_DATABASE_URL (or
// TEST_DATABASE_URL, or the tests' default) answers. Each server is measured with the render
// threads (the default) and with RENDER_THREADS=0, to see whether the hop pays for the API.
//   node bench/inserts.ts          (or as part of `npm run bench`)
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { spawnServer } from "../tests/support/spawn-server.ts";
import { log, table } from "./lighthouse-metrics.ts";
import { type LoadResult, runLoad, summarise } from "./load-client.ts";

const DURATION_MS = Number(process.env.BENCH_DURATION_S ?? 10) * 1000;
const CONCURRENCY = Number(process.env.BENCH_INSERT_CONCURRENCY ?? 20);
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://app:app@127.0.0.1:5432/app_test";

export interface InsertRun {
  database: "sqlite" | "postgres";
  renderThreads: "default" | "0";
  bareInsertsPerSecond: number;
  ours: LoadResult;
  ratio: number;
  stored: number;
  allStored: boolean;
}

function bare(args: string[]): number {
  const out = execFileSync(process.execPath, [resolve("bench/bare-inserts.ts"), ...args], {
    encoding: "utf8",
    timeout: DURATION_MS + 60_000,
  });
  const { inserts, durationMs } = JSON.parse(out) as { inserts: number; durationMs: number };
  return Math.round(inserts / (durationMs / 1000));
}

let sequence = 0;
const body = () =>
  JSON.stringify({
    name: `Bench Marker ${process.pid}-${++sequence}`,
    phone: "0412 345 678",
    email: "bench@example.com",
    postcode: "3000",
    message: "Load test: a drip in the hallway.",
    company_website: "",
    source_page: "/",
  });

async function ours(databaseUrl: string, renderThreads: "default" | "0"): Promise<LoadResult> {
  const server = await spawnServer({
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_MAX: "1000000000",
    QUOTE_MIN_FILL_MS: "0",
    ...(renderThreads === "0" ? { RENDER_THREADS: "0" } : {}),
  });
  try {
    return summarise([
      await runLoad({
        url: `${server.url}/api/quote-requests`,
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
        okStatuses: [201],
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: 2_000,
      }),
    ]);
  } finally {
    await server.stop();
  }
}

async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(text: string): Promise<number> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const result = await client.query(text);
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** A database of the bench's own on the same server, dropped afterwards. */
async function withPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_${randomBytes(4).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

export async function benchInserts(): Promise<InsertRun[]> {
  const runs: InsertRun[] = [];
  for (const renderThreads of ["default", "0"] as const) {
    const dir = mkdtempSync(join(tmpdir(), "bench-inserts-"));
    try {
      log(`Inserts on SQLite (render threads: ${renderThreads}): the bare loop …`);
      const bareRate = bare(["sqlite", join(dir, "bare.db"), String(DURATION_MS)]);
      log(`… and ours, ${CONCURRENCY} clients for ${DURATION_MS / 1000} s`);
      const file = join(dir, "quotes.db");
      const result = await ours(`file:${file}`, renderThreads);
      const db = new BetterSqlite3(file, { readonly: true });
      const stored = (db.prepare("select count(*) as n from quote_requests").get() as { n: number })
        .n;
      db.close();
      runs.push({
        database: "sqlite",
        renderThreads,
        bareInsertsPerSecond: bareRate,
        ours: result,
        ratio: Math.round((result.rps / bareRate) * 100) / 100,
        stored,
        allStored: stored === result.okIncludingWarmup,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    if (!(await postgresAvailable())) {
      log(`PostgreSQL not reachable at ${new URL(PG_URL).host}: SQLite only.`);
      continue;
    }
    await withPostgresDatabase(async (url) => {
      log(`Inserts on PostgreSQL (render threads: ${renderThreads}): the bare loop …`);
      const bareRate = bare(["postgres", url, String(DURATION_MS), String(CONCURRENCY)]);
      log("… and ours");
      const result = await ours(url, renderThreads);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const stored = Number(
        (await client.query("select count(*) as n from quote_requests")).rows[0]?.n,
      );
      await client.end();
      runs.push({
        database: "postgres",
        renderThreads,
        bareInsertsPerSecond: bareRate,
        ours: result,
        ratio: Math.round((result.rps / bareRate) * 100) / 100,
        stored,
        allStored: stored === result.okIncludingWarmup,
      });
    });
  }
  return runs;
}

export function printInserts(runs: InsertRun[]): void {
  console.log(
    `\nDurable quote inserts, ${CONCURRENCY} clients, every protection on, against the database alone (aim: 0.5x or better, p99 50 ms or less)\n`,
  );
  console.log(
    table(
      [
        "database",
        "render threads",
        "bare/s",
        "ours/s",
        "ratio",
        "p50",
        "p99",
        "max",
        "failed",
        "every 201 on disk",
      ],
      runs.map((r) => [
        r.database,
        r.renderThreads,
        r.bareInsertsPerSecond,
        r.ours.rps,
        `${r.ratio}x`,
        r.ours.p50Ms,
        r.ours.p99Ms,
        r.ours.maxMs,
        r.ours.failed > 0 ? `${r.ours.failed} ${JSON.stringify(r.ours.statuses)}` : 0,
        r.allStored
          ? `yes (${r.stored})`
          : `NO: ${r.stored} rows, ${r.ours.okIncludingWarmup} 201s`,
      ]),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printInserts(await benchInserts());
}
