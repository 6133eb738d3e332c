// Lighthouse, run programmatically against the project's Chromium. Shared by
// tests/e2e/lighthouse.spec.ts (accessibility, best practices, SEO) and bench/run.ts (the lot).
// Relative imports carry `.ts` so the benchmark can load this file with Node's own type stripping.
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./config.ts";

export type LighthouseResult = Result;

export const LIGHTHOUSE_CHROME_FLAGS = [...CHROMIUM_ARGS, "--headless=new"];

/** One Chromium for a series of runs; Lighthouse opens a fresh tab for each. */
export function launchAuditChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: LIGHTHOUSE_CHROME_FLAGS,
    logLevel: "silent",
  });
}

export interface RunOptions {
  /** Narrows the run, e.g. to skip the performance trace in the tests. */
  onlyCategories?: string[];
  /** Audit a page answered with an error status (the 404 page) instead of refusing it. */
  ignoreStatusCode?: boolean;
}

/**
 * A Lighthouse run with the default settings (mobile form factor, simulated throttling).
 * Only the full-page screenshot, which no category scores, and the about:blank step are left
 * out, to save time.
 */
export async function runLighthouse(
  url: string,
  port: number,
  { onlyCategories, ignoreStatusCode }: RunOptions = {},
): Promise<Result> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories,
    ignoreStatusCode,
    disableFullPageScreenshot: true,
    // Each run gets a fresh tab, so the jump to about:blank first only costs time.
    skipAboutBlank: true,
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) {
    throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
  }
  return result.lhr;
}

export interface FailedAudit {
  id: string;
  title: string;
  score: number | null;
  /** What Lighthouse found, shortened: the explanation or the first failing items. */
  detail: string;
}

function summarise(audit: Result["audits"][string]): string {
  if (audit.explanation) return audit.explanation;
  const details = audit.details as { items?: unknown[] } | undefined;
  const items = details?.items?.slice(0, 3) ?? [];
  return items.length > 0 ? JSON.stringify(items).slice(0, 600) : (audit.displayValue ?? "");
}

/**
 * The audits that cost a category points: weighted, scored, and below 1. Audits named in
 * `allowed` are left out (for failures that are by design, e.g. "is-crawlable" on noindex pages).
 */
export function failedAudits(
  lhr: Result,
  categoryId: string,
  allowed: readonly string[] = [],
): FailedAudit[] {
  const category = lhr.categories[categoryId];
  if (!category) throw new Error(`Lighthouse has no "${categoryId}" category in this run`);
  return category.auditRefs
    .filter((ref) => ref.weight > 0 && !allowed.includes(ref.id))
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is Result["audits"][string] => Boolean(audit))
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      detail: summarise(audit),
    }));
}
