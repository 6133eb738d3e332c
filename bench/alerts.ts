// Lead alerts in `npm run bench`:
//  1. Alert latency: from the API's 201 to the alert e-mail arriving at a local SMTP server,
//     one lead at a time (p50, p99; the aim is p99 under 2 s).
//  2. Quote inserts per second with alerts on (SMTP to that local server) against alerts off,
//     each on a fresh server and SQLite file, in alternating turns (the aim: on >= 0.9 of off).
// The SMTP server here only counts and timestamps: it doesn't parse, so its own work weighs
// as little as possible on the server under test (both share this machine's cores).
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { spawnServer } from "../tests/support/spawn-server.ts";
import { type LoadResult, type LoadSample, runLoad, summarise } from "./load-client.ts";

interface Arrival {
  subject: string;
  at: number;
}

async function startCountingSmtp() {
  const arrivals: Arrival[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 50,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        arrivals.push({ subject: /^Subject: (.*)$/im.exec(head)?.[1] ?? "", at: Date.now() });
        callback(null);
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

let sequence = 0;
const quoteBody = (name: string) =>
  JSON.stringify({
    name,
    phone: "0412 345 678",
    email: "bench@example.com",
    postcode: "3000",
    message: "Load test: a drip in the hallway.",
    company_website: "",
    form_started_at: Date.now() - 10_000,
    source_page: "/",
  });

export interface AlertBenchResult {
  latency: { leads: number; delivered: number; p50Ms: number; p99Ms: number; maxMs: number };
  inserts: {
    off: LoadResult;
    on: LoadResult;
    ratio: number;
    /** Alert e-mails that had arrived when each "on" turn ended, against the leads stored. */
    deliveredDuringLoad: number;
    storedDuringLoad: number;
  };
}

export async function benchAlerts(options: {
  concurrency: number;
  durationMs: number;
  warmupMs: number;
  rounds: number;
  latencyLeads?: number;
  log: (message: string) => void;
}): Promise<AlertBenchResult> {
  const smtp = await startCountingSmtp();
  const dirs: string[] = [];
  const freshDb = () => {
    const dir = mkdtempSync(join(tmpdir(), "bench-alerts-"));
    dirs.push(dir);
    return `file:${join(dir, "quotes.db")}`;
  };
  const baseEnv = { RATE_LIMIT_MAX: "1000000", QUOTE_MIN_FILL_MS: "0", NODE_ENV: "production" };
  const alertEnv = {
    SMTP_URL: smtp.url,
    LEAD_ALERT_TO: "owner@bench.example",
    LEAD_ALERT_FROM: "leads@bench.example",
    LEAD_ACK_EMAIL: "off",
  };
  try {
    // 1. Latency, one lead at a time, so it measures the path rather than a queue.
    const leads = options.latencyLeads ?? 100;
    options.log(`Alert latency: ${leads} leads one at a time, 201 -> e-mail at the SMTP server …`);
    const server = await spawnServer({ DATABASE_URL: freshDb(), ...baseEnv, ...alertEnv });
    const answeredAt = new Map<string, number>();
    try {
      for (let i = 0; i < leads; i++) {
        const name = `Latency ${i}`;
        const response = await fetch(`http://127.0.0.1:${server.port}/api/quote-requests`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: quoteBody(name),
        });
        await response.arrayBuffer();
        if (response.status === 201) answeredAt.set(name, Date.now());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const deadline = Date.now() + 10_000;
      while (smtp.arrivals.length < answeredAt.size && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await server.stop();
    }
    const latencies = smtp.arrivals
      .map((arrival) => {
        const name = /Latency \d+/.exec(arrival.subject)?.[0];
        const answered = name ? answeredAt.get(name) : undefined;
        return answered === undefined ? undefined : arrival.at - answered;
      })
      .filter((ms): ms is number => ms !== undefined)
      .sort((a, b) => a - b);

    // 2. Inserts with alerts off and on, alternating turns, each on a fresh server and file.
    options.log(
      `Quote inserts, alerts off vs on: ${options.rounds} alternating turns of ${options.durationMs / options.rounds / 1000} s each …`,
    );
    const samples: Record<"off" | "on", LoadSample[]> = { off: [], on: [] };
    let deliveredDuringLoad = 0;
    let storedDuringLoad = 0;
    for (let round = 0; round < options.rounds; round++) {
      for (const mode of ["off", "on"] as const) {
        const turn = await spawnServer({
          DATABASE_URL: freshDb(),
          ...baseEnv,
          ...(mode === "on" ? alertEnv : {}),
        });
        const before = smtp.arrivals.length;
        try {
          const sample = await runLoad({
            url: `http://127.0.0.1:${turn.port}/api/quote-requests`,
            method: "POST",
            headers: { "Content-Type": "application/json" },
            // A name of its own each: the same details again would be a replay, not a lead.
            body: () => quoteBody(`Bench Marker ${++sequence}`),
            okStatuses: [201],
            concurrency: options.concurrency,
            durationMs: options.durationMs / options.rounds,
            warmupMs: options.warmupMs,
          });
          samples[mode].push(sample);
          if (mode === "on") {
            deliveredDuringLoad += smtp.arrivals.length - before;
            storedDuringLoad += sample.okIncludingWarmup;
          }
        } finally {
          await turn.stop();
        }
      }
    }
    const off = summarise(samples.off);
    const on = summarise(samples.on);
    return {
      latency: {
        leads,
        delivered: latencies.length,
        p50Ms: percentile(latencies, 0.5),
        p99Ms: percentile(latencies, 0.99),
        maxMs: latencies.at(-1) ?? Number.NaN,
      },
      inserts: {
        off,
        on,
        ratio: Math.round((on.rps / off.rps) * 100) / 100,
        deliveredDuringLoad,
        storedDuringLoad,
      },
    };
  } finally {
    await smtp.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

export function printAlertBench(result: AlertBenchResult): void {
  const { latency, inserts } = result;
  console.log(
    `\nLead alerts: e-mail latency from the 201 to the local SMTP server (${latency.delivered} of ${latency.leads} leads): p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms, max ${latency.maxMs} ms (aim: p99 < 2000)`,
  );
  console.log(
    `Quote inserts with alerts on: ${inserts.on.rps}/s (p99 ${inserts.on.p99Ms} ms) against off: ${inserts.off.rps}/s (p99 ${inserts.off.p99Ms} ms) = ${inserts.ratio.toFixed(2)}x (aim: >= 0.90); alerts delivered while under load: ${inserts.deliveredDuringLoad} of ${inserts.storedDuringLoad}`,
  );
}

// `node bench/alerts.ts` runs this part alone.
if (import.meta.main) {
  const result = await benchAlerts({
    concurrency: Number(process.env.BENCH_CONCURRENCY ?? 16),
    durationMs: Number(process.env.BENCH_DURATION_S ?? 5) * 1000 * 2,
    warmupMs: 1000,
    rounds: Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2)),
    log: (message) => console.log(message),
  });
  printAlertBench(result);
}
