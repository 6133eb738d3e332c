// What both benchmarks share: small helpers, and Lighthouse runs reduced to the figures we
// print (median of n runs, one retry when Chromium fails to record the trace).
import { type LighthouseResult, runLighthouse } from "../tests/support/audit-lighthouse.ts";

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
export const round = (value: number, places = 0) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};
export const kb = (bytes: number | undefined) =>
  bytes === undefined ? "-" : (bytes / 1024).toFixed(1);
export const log = (line: string) => process.stderr.write(`${line}\n`);

export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ");
  return [
    line(cells[0] ?? []),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...cells.slice(1).map(line),
  ].join("\n");
}

// ---------------------------------------------------------------------------
// Lighthouse

export interface PageMetrics {
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Transfer bytes by resource type (Lighthouse's resource summary). */
  bytes: Record<string, number>;
  requests: number;
}

export function metricsOf(lhr: LighthouseResult): PageMetrics {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id: string) => round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const items =
    (
      lhr.audits["resource-summary"]?.details as
        | { items?: { resourceType: string; transferSize: number; requestCount: number }[] }
        | undefined
    )?.items ?? [];
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
    },
    fcpMs: round(audit("first-contentful-paint")),
    lcpMs: round(audit("largest-contentful-paint")),
    tbtMs: round(audit("total-blocking-time")),
    cls: round(audit("cumulative-layout-shift"), 4),
    speedIndexMs: round(audit("speed-index")),
    bytes: Object.fromEntries(items.map((item) => [item.resourceType, item.transferSize])),
    requests: items.find((item) => item.resourceType === "total")?.requestCount ?? 0,
  };
}

/** Median of each figure over the runs (one run: that run). */
export function medianMetrics(runs: PageMetrics[]): PageMetrics {
  const first = runs[0] as PageMetrics;
  const of = (pick: (m: PageMetrics) => number) => median(runs.map(pick));
  return {
    scores: {
      performance: of((m) => m.scores.performance),
      accessibility: of((m) => m.scores.accessibility),
      bestPractices: of((m) => m.scores.bestPractices),
      seo: of((m) => m.scores.seo),
    },
    fcpMs: of((m) => m.fcpMs),
    lcpMs: of((m) => m.lcpMs),
    tbtMs: of((m) => m.tbtMs),
    cls: of((m) => m.cls),
    speedIndexMs: of((m) => m.speedIndexMs),
    bytes: Object.fromEntries(
      Object.keys(first.bytes).map((key) => [key, of((m) => m.bytes[key] ?? 0)]),
    ),
    requests: of((m) => m.requests),
  };
}

/**
 * Lighthouse now and then fails to record the trace on a busy machine (NO_NAVSTART,
 * NO_FCP): one more try, so a long benchmark is not thrown away for a flake.
 */
export async function lighthouseWithRetry(url: string, port: number) {
  try {
    return await runLighthouse(url, port);
  } catch (error) {
    if (!/NO_NAVSTART|NO_FCP|NO_LCP|trace/i.test(String(error))) throw error;
    log(`  (retrying once: ${String(error).slice(0, 120)})`);
    return await runLighthouse(url, port);
  }
}

/** The median of `runs` Lighthouse runs of one page. */
export async function measureMedian(url: string, port: number, runs: number) {
  const results: PageMetrics[] = [];
  for (let i = 0; i < runs; i++) {
    log(`  lighthouse ${url}${runs > 1 ? ` (run ${i + 1}/${runs})` : ""}`);
    results.push(metricsOf(await lighthouseWithRetry(url, port)));
  }
  return medianMetrics(results);
}
