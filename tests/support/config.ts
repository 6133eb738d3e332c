import { mkdirSync } from "node:fs";
import { resolve } from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
// Same host name for server and browser: React Router refuses a POST whose Origin differs.
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const TEST_DATA_DIR = resolve(".test-data");
mkdirSync(TEST_DATA_DIR, { recursive: true });
export const E2E_DB_FILE = resolve(TEST_DATA_DIR, `e2e-${E2E_PORT}.db`);

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
