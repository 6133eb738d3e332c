// The `test` every browser spec uses: an unexpected console error or uncaught exception in
// any page of the test fails it, as in the Epic Stack's Playwright setup.
import { test as base, expect } from "@playwright/test";

export { expect };

/** Chromium's own line for a document or resource answered with 404 (expected on 404 pages). */
export const NOT_FOUND_RESOURCE =
  /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/;

export interface LoggedMessage {
  /** Playwright's console type: "log", "warning", "error", … */
  type: string;
  text: string;
  /** The page URL the message came from. */
  url: string;
}

export interface BrowserLog {
  /** Every console message of every page in the test, oldest first. */
  readonly messages: LoggedMessage[];
  /** Every uncaught exception (`pageerror`), as "name: message". */
  readonly pageErrors: string[];
  /** Lets console errors or page errors matching `pattern` pass, for the rest of the test. */
  allow(pattern: RegExp): void;
  /** Errors so far that no allowance covers. */
  unexpected(extra?: readonly RegExp[]): string[];
  /**
   * Fails now if anything unexpected was logged since the last checkpoint (tolerating `extra`
   * as well), then starts afresh: for tests that visit many pages and want to know which one.
   */
  checkpoint(label: string, extra?: readonly RegExp[]): void;
}

interface Fixtures {
  /** Per-file or per-describe allowances: `test.use({ allowConsoleErrors: [/re/] })`. */
  allowConsoleErrors: RegExp[];
  browserLog: BrowserLog;
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  browserLog: [
    async ({ context, allowConsoleErrors }, use) => {
      const messages: LoggedMessage[] = [];
      const pageErrors: string[] = [];
      // `text` is what allowances match; `report` says where it came from.
      const errors: { text: string; report: string }[] = [];
      const allowed = [...allowConsoleErrors];

      context.on("console", (message) => {
        const url = message.page()?.url() || message.location().url;
        const entry = { type: message.type(), text: message.text(), url };
        messages.push(entry);
        if (entry.type === "error") {
          errors.push({ text: entry.text, report: `console error on ${entry.url}: ${entry.text}` });
        }
      });
      context.on("weberror", (webError) => {
        const error = webError.error();
        const text = `${error.name}: ${error.message}`;
        pageErrors.push(text);
        errors.push({ text, report: `uncaught ${text}` });
      });

      const unexpected = (extra: readonly RegExp[] = []) =>
        errors
          .filter(({ text }) => ![...allowed, ...extra].some((pattern) => pattern.test(text)))
          .map(({ report }) => report);

      await use({
        messages,
        pageErrors,
        allow: (pattern) => {
          allowed.push(pattern);
        },
        unexpected,
        checkpoint(label, extra = []) {
          expect(unexpected(extra), `browser errors ${label}`).toEqual([]);
          errors.length = 0;
        },
      });

      expect(unexpected(), "console errors or uncaught exceptions during the test").toEqual([]);
    },
    { auto: true },
  ],
});
