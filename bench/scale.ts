// Scale-out figures (issue 11), runnable alone with `node bench/scale.ts`:
// 1. Blocking work: the home page's p99 for visitors arriving at 200/s, alone and with 50
//    no-JavaScript invalid form posts and 50 requests for missing pages always in flight (aim:
//    at most 2x), in alternating turns after a warm-up, each load from a process of its own.
//    A third turn, the floor, sends the same background to a stand-in process that answers
//    like the server but does nothing else, while a plain loop fills the render threads'
//    cores: the part of the ratio this machine costs anyway (the clients share its cores).
// 2. Through nginx (deploy/nginx.conf, TLS): requests per second and p99 with two servers
//    behind it against one, in the same run, for the home page and for quote inserts.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, setPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createScratchPostgres, postgresReachable } from "../tests/support/db-helpers.ts";
import { nginxAvailable, startProxy } from "../tests/support/nginx-proxy.ts";
import { freePort, type RunningServer, spawnServer } from "../tests/support/spawn-server.ts";
import {
  type LoadOptions,
  type LoadResult,
  type LoadSample,
  runInterleaved,
  summarise,
} from "./load-client.ts";
import type { LoadSpec } from "./load-process.ts";

export interface BlockingBenchResult {
  alone: LoadResult;
  /**
   * The same visitors while the same background goes to a stand-in process that answers each
   * request, as big as ours, after the render thread's median time, and plain loops keep as many
   * cores busy as the server has render threads, at their priority. What this machine costs the
   * home page if the server's dynamic work cost its main thread nothing: the floor under
   * `underLoad`.
   */
  floor: LoadResult;
  underLoad: LoadResult;
  background: { invalidPosts: LoadResult; notFound: LoadResult };
  p99Ratio: number;
  /** floor's p99 against alone's: how much of p99Ratio the machine takes by itself. */
  floorRatio: number;
  /** The same ratio turn by turn: how much of the pooled figure one bad moment makes. */
  turnRatios: number[];
}

export interface ScaleOutBenchResult {
  database: "postgres" | "sqlite";
  page: { one: LoadResult; two: LoadResult };
  inserts: { one: LoadResult; two: LoadResult };
}

const BROWSER = { "Accept-Encoding": "gzip, deflate, br" };
/** The home page's visitors per second in the blocking bench: busy, far from saturating. */
export const BLOCKING_PER_SECOND = 200;
const WARM_UP_MS = 5_000;
const round = (n: number) => Math.round(n * 100) / 100;

/** No name, phone or postcode: the page comes back whole with a message by each field (400). */
const INVALID_FORM = "name=&phone=&postcode=&email=&message=";

/** Runs loads at once in a child process (bench/load-process.ts) and returns their samples. */
async function loadInChild(specs: LoadSpec[]): Promise<LoadSample[]> {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL("./load-process.ts", import.meta.url)), JSON.stringify(specs)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`load process exited with ${code}`);
  return JSON.parse(output) as LoadSample[];
}

/** Keeps a core busy for `ms` at the render threads' priority (nice 10), doing nothing else. */
async function busyCore(ms: number): Promise<void> {
  const child = spawn(
    process.execPath,
    ["-e", `const end = Date.now() + ${ms}; while (Date.now() < end) {}`],
    { stdio: "ignore" },
  );
  try {
    if (child.pid) setPriority(child.pid, 10);
  } catch {}
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`busy loop exited with ${code}`);
}

/**
 * Answers every request after `delayMs` with a body of the given size (posts with 400, the rest
 * with 404), as the server does the background's: the same traffic, without our server.
 */
async function startStandIn(
  sizes: { post: number; other: number },
  delayMs: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const script = `
    const http = require("node:http");
    const post = Buffer.alloc(${sizes.post}, 97);
    const other = Buffer.alloc(${sizes.other}, 97);
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => setTimeout(() => {
        const body = req.method === "POST" ? post : other;
        res.writeHead(req.method === "POST" ? 400 : 404, { "Content-Length": body.length });
        res.end(body);
      }, ${delayMs}));
    });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const [port] = (await once(child.stdout as NodeJS.ReadableStream, "data")) as [Buffer];
  return {
    url: `http://127.0.0.1:${String(port).trim()}`,
    async stop() {
      child.kill();
      await once(child, "exit");
    },
  };
}

export async function benchBlocking(options: {
  /** The home page's visitors per second, alone and under the background. */
  perSecond: number;
  durationMs: number;
  rounds: number;
  log: (message: string) => void;
}): Promise<BlockingBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), "bench-blocking-"));
  const server = await spawnServer({
    DATABASE_URL: `file:${join(dir, "quotes.db")}`,
    QUOTE_MIN_FILL_MS: "0",
    NODE_ENV: "production",
  });
  const base = `http://127.0.0.1:${server.port}`;
  const turnMs = options.durationMs / options.rounds;
  const home = { url: `${base}/`, headers: BROWSER, perSecond: options.perSecond };
  const alone: LoadSample[] = [];
  const floors: LoadSample[] = [];
  let stopStandIn: (() => Promise<void>) | undefined;
  const underLoad: LoadSample[] = [];
  // As many as the server's render threads (its default, RENDER_THREADS unset).
  const renderThreads = Math.max(1, availableParallelism() - 1);
  const posts: LoadSample[] = [];
  const missing: LoadSample[] = [];
  try {
    options.log(
      `Blocking work: GET / at ${options.perSecond}/s, alone, with 50 invalid no-JS posts and 50 404s in flight, and with the same load served by a stand-in while ${renderThreads} core(s) are kept busy, ${options.rounds} turns of each …`,
    );
    const background = (ms: number, origin = base): LoadSpec[] => [
      {
        // Where the home page's form posts.
        url: `${origin}/?index`,
        method: "POST",
        headers: { ...BROWSER, "Content-Type": "application/x-www-form-urlencoded" },
        body: INVALID_FORM,
        concurrency: 50,
        durationMs: ms,
        okStatuses: [400],
      },
      {
        url: `${origin}/no-such-page`,
        headers: BROWSER,
        concurrency: 50,
        durationMs: ms,
        okStatuses: [404],
      },
    ];
    // A server that has run a while: its renders JIT-compiled (the compiler's threads don't
    // run at the render threads' low priority), as in production, before anything is recorded.
    const [, ...warm] = await loadInChild([
      { ...home, durationMs: 500 },
      ...background(WARM_UP_MS),
    ]);
    // The stand-in answers as our server did in the warm-up's second half, with bodies as big.
    const settled = warm
      .flatMap((sample) => sample.latencies.slice(sample.latencies.length / 2))
      .sort((x, y) => x - y);
    const delayMs = Math.round(settled[Math.floor(settled.length / 2)] ?? 0);
    // Content-Length is the compressed size; fetch decodes the body itself.
    const sizeOf = async (init: RequestInit & { path: string }) => {
      const response = await fetch(`${base}${init.path}`, init);
      await response.arrayBuffer();
      return Number(response.headers.get("content-length"));
    };
    const [postSize, otherSize] = await Promise.all([
      sizeOf({
        path: "/?index",
        method: "POST",
        headers: { "Accept-Encoding": "br", "Content-Type": "application/x-www-form-urlencoded" },
        body: INVALID_FORM,
      }),
      sizeOf({ path: "/no-such-page", headers: { "Accept-Encoding": "br" } }),
    ]);
    const standIn = await startStandIn({ post: postSize, other: otherSize }, delayMs);
    stopStandIn = standIn.stop;
    options.log(
      `  stand-in: answers after ${delayMs} ms, with ${postSize} and ${otherSize} bytes as ours do`,
    );
    // Turns in alternation, so whatever else the machine does weighs on both alike.
    for (let round = 0; round < options.rounds; round++) {
      // Each turn is a fresh process: a second unrecorded to open connections and warm up, in
      // which the background also reaches full flight.
      const [quiet] = await loadInChild([{ ...home, durationMs: turnMs, warmupMs: 1000 }]);
      const [[floor]] = await Promise.all([
        loadInChild([{ ...home, durationMs: turnMs, warmupMs: 1000 }]),
        loadInChild(background(turnMs + 1_500, standIn.url)),
        ...Array.from({ length: renderThreads }, () => busyCore(turnMs + 1_500)),
      ]);
      // Two processes: the probe's event loop must not be the one busy with 100 streams.
      const [[probe], [invalidPosts, notFound]] = await Promise.all([
        loadInChild([{ ...home, durationMs: turnMs, warmupMs: 1000 }]),
        loadInChild(background(turnMs + 1_500)),
      ]);
      if (!quiet || !floor || !probe || !invalidPosts || !notFound)
        throw new Error("a load returned nothing");
      alone.push(quiet);
      floors.push(floor);
      underLoad.push(probe);
      posts.push(invalidPosts);
      missing.push(notFound);
    }
    const result = {
      alone: summarise(alone),
      floor: summarise(floors),
      underLoad: summarise(underLoad),
    };
    return {
      ...result,
      background: { invalidPosts: summarise(posts), notFound: summarise(missing) },
      p99Ratio: round(result.underLoad.p99Ms / result.alone.p99Ms),
      floorRatio: round(result.floor.p99Ms / result.alone.p99Ms),
      turnRatios: alone.map((quiet, i) => {
        const loaded = underLoad[i];
        return loaded ? round(summarise([loaded]).p99Ms / summarise([quiet]).p99Ms) : Number.NaN;
      }),
    };
  } finally {
    await stopStandIn?.();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchScaleOut(options: {
  concurrency: number;
  durationMs: number;
  rounds: number;
  log: (message: string) => void;
}): Promise<ScaleOutBenchResult | null> {
  if (!nginxAvailable()) {
    options.log("nginx not installed: no scale-out figures this run.");
    return null;
  }
  const pg = (await postgresReachable()) ? await createScratchPostgres() : null;
  const dir = mkdtempSync(join(tmpdir(), "bench-scale-"));
  const databaseUrl = pg?.url ?? `file:${join(dir, "quotes.db")}`;
  const servers: RunningServer[] = [];
  const proxies: Awaited<ReturnType<typeof startProxy>>[] = [];
  try {
    const [portA, portB, httpsOne, httpsTwo] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const env = {
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: "1",
      RATE_LIMIT_MAX: "100000000",
      QUOTE_MIN_FILL_MS: "0",
      NODE_ENV: "production",
    };
    // One after the other: the first runs the migrations.
    servers.push(await spawnServer(env, { port: portA }));
    servers.push(await spawnServer(env, { port: portB }));
    const one = await startProxy({ upstreams: [portA], httpsPort: httpsOne });
    proxies.push(one);
    const two = await startProxy({ upstreams: [portA, portB], httpsPort: httpsTwo });
    proxies.push(two);

    const load = {
      concurrency: options.concurrency,
      durationMs: options.durationMs,
      warmupMs: 1000,
    };
    options.log(
      `Through nginx: GET / and quote inserts, one server against two (${pg ? "PostgreSQL" : "SQLite"}), ${options.rounds} interleaved turns …`,
    );
    const [pageOne, pageTwo] = await runInterleaved(
      [
        { url: `${one.httpsUrl}/`, headers: BROWSER, ...load },
        { url: `${two.httpsUrl}/`, headers: BROWSER, ...load },
      ],
      options.durationMs,
      options.rounds,
    );
    let counter = 0;
    const quote = (origin: string): LoadOptions => ({
      url: `${origin}/api/quote-requests`,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      // A new lead each time: the same words twice from one client are one lead.
      body: () =>
        JSON.stringify({
          name: `Bench Marker ${++counter}`,
          phone: "0412 345 678",
          postcode: "3000",
          message: "Load test: a drip in the hallway.",
        }),
      okStatuses: [201],
      ...load,
    });
    const [insertsOne, insertsTwo] = await runInterleaved(
      [quote(one.httpsUrl), quote(two.httpsUrl)],
      options.durationMs,
      options.rounds,
    );
    if (!pageOne || !pageTwo || !insertsOne || !insertsTwo) throw new Error("no figures");
    return {
      database: pg ? "postgres" : "sqlite",
      page: { one: pageOne, two: pageTwo },
      inserts: { one: insertsOne, two: insertsTwo },
    };
  } finally {
    await Promise.all(proxies.map((p) => p.stop()));
    await Promise.all(servers.map((s) => s.stop()));
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const figures = (r: LoadResult) => `${r.rps} req/s, p99 ${r.p99Ms} ms`;

export function printScaleBench(
  blocking: BlockingBenchResult | null,
  scale: ScaleOutBenchResult | null,
): void {
  if (blocking) {
    const { alone, floor, underLoad, background } = blocking;
    console.log(
      `\nBlocking work: GET / at ${BLOCKING_PER_SECOND}/s: p99 alone ${alone.p99Ms} ms (${alone.rps} req/s); with 50 invalid no-JS posts and 50 404s in flight ${underLoad.p99Ms} ms (${underLoad.rps} req/s) = ${blocking.p99Ratio.toFixed(2)}x (aim: <= 2x)`,
    );
    console.log(
      `  floor: the same load served by a stand-in process while a plain loop fills the render threads' cores, ${floor.p99Ms} ms = ${blocking.floorRatio.toFixed(2)}x; the load over that floor ${(underLoad.p99Ms / floor.p99Ms).toFixed(2)}x`,
    );
    console.log(`  p99 ratio turn by turn: ${blocking.turnRatios.map((r) => `${r}x`).join(", ")}`);
    console.log(
      `  meanwhile: invalid posts ${figures(background.invalidPosts)}; 404s ${figures(background.notFound)}`,
    );
  }
  if (scale) {
    const ratio = (two: LoadResult, one: LoadResult) => (two.rps / one.rps).toFixed(2);
    console.log(`\nThrough nginx (TLS), ${scale.database}: one server against two`);
    console.log(
      `  GET /           one: ${figures(scale.page.one)} | two: ${figures(scale.page.two)} | two/one ${ratio(scale.page.two, scale.page.one)}x`,
    );
    console.log(
      `  quote inserts   one: ${figures(scale.inserts.one)} | two: ${figures(scale.inserts.two)} | two/one ${ratio(scale.inserts.two, scale.inserts.one)}x`,
    );
  }
}

if (import.meta.main) {
  const log = (message: string) => console.log(message);
  const durationMs = Number(process.env.BENCH_DURATION_S ?? 5) * 1000;
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
  const blocking = await benchBlocking({
    perSecond: BLOCKING_PER_SECOND,
    durationMs: durationMs * 6,
    rounds: 6,
    log,
  });
  const scale = await benchScaleOut({
    concurrency,
    durationMs,
    rounds: Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2)),
    log,
  });
  printScaleBench(blocking, scale);
}
