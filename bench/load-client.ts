// A small, bounded load generator: fixed concurrency, fixed duration, keep-alive, localhost
// only. Each of `concurrency` loops sends one request, waits for the whole answer, records
// the latency, and goes again until the time is up.
import http from "node:http";
import https from "node:https";

export interface LoadOptions {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** A fresh body per request (POST). */
  body?: () => string;
  concurrency: number;
  durationMs: number;
  /** Run this long first, unrecorded, so connections and JIT are warm. */
  warmupMs?: number;
  /** Statuses that count as success (default 200). */
  okStatuses?: readonly number[];
}

export interface LoadResult {
  concurrency: number;
  durationMs: number;
  requests: number;
  ok: number;
  failed: number;
  /** Successful requests per second. */
  rps: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Every answer during warm-up and measurement that had an OK status. */
  okIncludingWarmup: number;
  statuses: Record<string, number>;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** One stretch of load against one target; `summarise` turns one or more into figures. */
export interface LoadSample {
  concurrency: number;
  okStatuses: readonly number[];
  durationMs: number;
  latencies: number[];
  statuses: Record<string, number>;
  okIncludingWarmup: number;
}

/** Keep-alive connections to one localhost target, and a way to send it one request. */
function connect(options: LoadOptions, maxSockets: number) {
  const target = new URL(options.url);
  if (!LOCAL_HOSTS.has(target.hostname)) {
    throw new Error(`the load client only targets localhost, not ${target.hostname}`);
  }
  // HTTPS for nginx in front (bench/scale.ts), with its throwaway certificate.
  const secure = target.protocol === "https:";
  const agent = secure
    ? new https.Agent({ keepAlive: true, maxSockets, rejectUnauthorized: false })
    : new http.Agent({ keepAlive: true, maxSockets });

  /** Resolves with the status once the whole answer is in (-1 on a network error). */
  const send = () =>
    new Promise<number>((resolve) => {
      const body = options.body?.();
      const headers = { ...options.headers };
      if (body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(body));
      const request = (secure ? https : http).request(
        {
          agent,
          host: target.hostname.replace(/^\[|\]$/g, ""),
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: options.method ?? "GET",
          headers,
        },
        (response) => {
          response.on("data", () => {});
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", () => resolve(-1));
        },
      );
      request.on("error", () => resolve(-1));
      request.end(body);
    });
  return { send, close: () => agent.destroy() };
}

export async function runLoad(options: LoadOptions): Promise<LoadSample> {
  const okStatuses = options.okStatuses ?? [200];
  const { send, close } = connect(options, options.concurrency);
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let okIncludingWarmup = 0;

  async function loop(until: number, record: boolean) {
    while (performance.now() < until) {
      const started = performance.now();
      const status = await send();
      const elapsed = performance.now() - started;
      if (okStatuses.includes(status)) okIncludingWarmup++;
      if (!record) continue;
      statuses[status] = (statuses[status] ?? 0) + 1;
      latencies.push(elapsed);
    }
  }

  const workers = (until: number, record: boolean) =>
    Promise.all(Array.from({ length: options.concurrency }, () => loop(until, record)));

  if (options.warmupMs) await workers(performance.now() + options.warmupMs, false);
  const started = performance.now();
  await workers(started + options.durationMs, true);
  const durationMs = performance.now() - started;
  close();
  return {
    concurrency: options.concurrency,
    okStatuses,
    durationMs,
    latencies,
    statuses,
    okIncludingWarmup,
  };
}

/**
 * Visitors arriving on a timetable: one request every 1/perSecond s whether or not earlier ones
 * are answered (an open loop). Unlike `runLoad`, whose loops wait for the server and so go as
 * fast as the machine allows, this measures what a visitor waits without the probe itself
 * filling the CPU, and a server stall counts against every request sent during it rather than
 * one. Each is timed from when it was sent, not when it was due: a timer of this process
 * firing late is the probe's delay, not the server's.
 */
export async function runPaced(
  options: Omit<LoadOptions, "concurrency"> & { perSecond: number },
): Promise<LoadSample> {
  const okStatuses = options.okStatuses ?? [200];
  const { send, close } = connect({ ...options, concurrency: 0 }, 256);
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let okIncludingWarmup = 0;
  const interval = 1000 / options.perSecond;
  const begin = performance.now();
  const measureFrom = begin + (options.warmupMs ?? 0);
  const end = measureFrom + options.durationMs;
  const answers: Promise<void>[] = [];
  for (let i = 0; ; i++) {
    const due = begin + i * interval;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    answers.push(
      send().then((status) => {
        const elapsed = performance.now() - sent;
        if (okStatuses.includes(status)) okIncludingWarmup++;
        if (due < measureFrom) return;
        statuses[status] = (statuses[status] ?? 0) + 1;
        latencies.push(elapsed);
      }),
    );
  }
  await Promise.all(answers);
  close();
  return {
    concurrency: 0,
    okStatuses,
    durationMs: end - measureFrom,
    latencies,
    statuses,
    okIncludingWarmup,
  };
}

/** Figures over one or more samples of the same target (rates over their summed time). */
export function summarise(samples: readonly LoadSample[]): LoadResult {
  const first = samples[0];
  if (!first) throw new Error("no samples");
  const durationMs = samples.reduce((sum, s) => sum + s.durationMs, 0);
  const statuses: Record<string, number> = {};
  for (const sample of samples) {
    for (const [status, count] of Object.entries(sample.statuses)) {
      statuses[status] = (statuses[status] ?? 0) + count;
    }
  }
  const sorted = Float64Array.from(samples.flatMap((s) => s.latencies)).sort();
  const ok = Object.entries(statuses)
    .filter(([status]) => first.okStatuses.includes(Number(status)))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    concurrency: first.concurrency,
    durationMs: Math.round(durationMs),
    requests: sorted.length,
    ok,
    failed: sorted.length - ok,
    rps: round(ok / (durationMs / 1000)),
    p50Ms: round(percentile(sorted, 0.5)),
    p90Ms: round(percentile(sorted, 0.9)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
    okIncludingWarmup: samples.reduce((sum, s) => sum + s.okIncludingWarmup, 0),
    statuses,
  };
}

/**
 * Loads several targets in turns (A, B, C, A, B, C, …) for `totalMs` each, so that whatever
 * else the machine is doing meanwhile weighs on all of them alike. Warm-up only before the
 * first turn of each.
 */
export async function runInterleaved(
  targets: readonly LoadOptions[],
  totalMs: number,
  rounds: number,
): Promise<LoadResult[]> {
  const samples: LoadSample[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, options] of targets.entries()) {
      samples[index]?.push(
        await runLoad({
          ...options,
          durationMs: totalMs / rounds,
          warmupMs: round === 0 ? options.warmupMs : 0,
        }),
      );
    }
  }
  return samples.map(summarise);
}
