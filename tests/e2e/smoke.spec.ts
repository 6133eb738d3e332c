// Smoke test, after the React Router templates': start the built server on its own with a
// fresh database, walk every page like a visitor, and fail on any browser console error,
// uncaught exception or anything the server writes to stderr.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { LANDING_PAGES } from "../../app/content/landing-pages";
import { expect, NOT_FOUND_RESOURCE, test } from "../support/fixtures";
import { PRIVACY_PATH, THANK_YOU_PATH, waitForHydration } from "../support/pages";
import { COPY } from "../support/site-content";
import { type RunningServer, spawnServer } from "../support/spawn-server";

const DIALOG_TRIGGERS = [
  COPY.WHY_FIX_NOW_CHOICE.decline.trigger,
  COPY.WHY_US_CHOICE.decline.trigger,
  COPY.CLOSING.decline.trigger,
];

const ROUTES: { path: string; status: number }[] = [
  ...LANDING_PAGES.map((page) => ({ path: page.path, status: 200 })),
  { path: PRIVACY_PATH, status: 200 },
  { path: THANK_YOU_PATH, status: 200 },
  { path: "/no-such-page", status: 404 },
];

let server: RunningServer;
let dataDir: string;

test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  if (test.info().project.name !== "desktop") return;
  dataDir = mkdtempSync(join(tmpdir(), "roof-smoke-"));
  server = await spawnServer({ DATABASE_URL: `file:${join(dataDir, "smoke.db")}` });
});

test.afterAll(async () => {
  if (!server) return;
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  expect(server.stderr(), "server stderr").toBe("");
});

test.beforeEach(() => {
  test.skip(test.info().project.name !== "desktop", "one screen size is enough for a smoke test");
});

/** Scrolls down a screen at a time so every lazy image loads, then checks none is broken. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 30)));
    }
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
  });
  await expect(page.getByRole("contentinfo")).toBeInViewport();
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((image) => !image.complete || image.naturalWidth === 0)
          .map((image) => image.currentSrc || image.src),
      ),
    )
    .toEqual([]);
}

async function openEveryDialog(page: Page): Promise<number> {
  let opened = 0;
  for (const name of DIALOG_TRIGGERS) {
    const trigger = page.getByRole("button", { name, exact: true });
    if ((await trigger.count()) === 0) continue;
    await trigger.click();
    const dialog = page.locator("dialog[open]");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    opened++;
  }
  return opened;
}

for (const route of ROUTES) {
  test(`${route.path} renders cleanly`, async ({ page, browserLog }) => {
    const response = await page.goto(`${server.url}${route.path}`);
    expect(response?.status()).toBe(route.status);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await scrollThrough(page);

    const isLanding = LANDING_PAGES.some((landing) => landing.path === route.path);
    const dialogs = await openEveryDialog(page);
    expect(dialogs).toBe(isLanding ? DIALOG_TRIGGERS.length : 0);

    browserLog.checkpoint(`on ${route.path}`, route.status === 404 ? [NOT_FOUND_RESOURCE] : []);
    expect(server.stderr(), "server stderr so far").toBe("");
  });
}
