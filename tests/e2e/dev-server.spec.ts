// `npm run dev` is where everyone changes the site: its pages must hydrate their islands, take
// a quote, and show an edited string in place, without a reload.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { scratchSqlite, sqliteRowsNamed } from "../support/db-helpers";
import { expect, test } from "../support/fixtures";
import { fillForm, quoteForm, uniqueName } from "../support/quote-helpers";
import { freePort } from "../support/spawn-server";

// One dev server for the file; its tests share it, one after the other.
test.describe.configure({ mode: "serial", timeout: 120_000 });

let dev: ChildProcess | undefined;
let url = "";
let output = "";
const db = scratchSqlite("dev-server");

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  url = `http://localhost:${port}`;
  dev = spawn(
    process.execPath,
    [
      resolve("node_modules/@react-router/dev/bin.cjs"),
      "dev",
      "--port",
      String(port),
      "--strictPort",
    ],
    {
      env: { ...process.env, DATABASE_URL: db.url, QUOTE_MIN_FILL_MS: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  dev.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  dev.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (dev.exitCode !== null) throw new Error(`dev server exited: ${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).status < 500) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`dev server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (dev && dev.exitCode === null) {
    dev.kill("SIGTERM");
    await once(dev, "exit");
  }
  db.remove();
});

test("the dev server's page hydrates its islands and takes a quote", async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto(`${url}/roof-repair-brunswick`);
  // The form's island sets noValidate once React has hydrated it.
  // The form wakes when the visitor reaches for it: move into its first field. On a cold dev
  // server Vite finds the island's dependencies only then, bundles them and reloads the page
  // under the test, so reach for it again until it is awake.
  await expect(async () => {
    await quoteForm(page).field("name").focus();
    await expect(quoteForm(page).form).toHaveAttribute("novalidate", "", { timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  const name = uniqueName("Dev");
  await fillForm(page, { name, phone: "0412 345 678", postcode: "3056" });
  await quoteForm(page).submit.click();
  await expect(page).toHaveURL(/\/thank-you$/, { timeout: 30_000 });
  expect(sqliteRowsNamed(db.file, name)).toHaveLength(1);
});

test("an edited copy string shows up in place, without a reload", async ({ page }) => {
  const file = resolve("app/content/quote-form-copy.ts");
  const original = readFileSync(file, "utf8");
  const before = "Book your free roof inspection";
  const after = `Book your free roof inspection ${Date.now()}`;
  expect(original).toContain(`"${before}"`);
  await page.goto(`${url}/`);
  // The form wakes when the visitor reaches for it: move into its first field. On a cold dev
  // server Vite finds the island's dependencies only then, bundles them and reloads the page
  // under the test, so reach for it again until it is awake.
  await expect(async () => {
    await quoteForm(page).field("name").focus();
    await expect(quoteForm(page).form).toHaveAttribute("novalidate", "", { timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  // A reload would wipe this.
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  try {
    writeFileSync(file, original.replace(`"${before}"`, `"${after}"`));
    await expect(page.getByRole("heading", { name: after })).toBeVisible({ timeout: 30_000 });
    expect(
      await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
    ).toBe(true);
  } finally {
    writeFileSync(file, original);
  }
});
