import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH, E2E_BASE_URL, E2E_DB_FILE, E2E_PORT } from "./tests/support/config";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 60_000,
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: CHROMIUM_LAUNCH,
    trace: "off",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 375, height: 812 } },
      // Server-level suites (API, durability, outages, Lighthouse, validator) don't depend on screen size.
      testIgnore:
        /(admin-api|alerts|api|api-fuzz|backup|dev-server|prerendered-html|tracking|durability|postgres|security|lighthouse|validator|seo|proxy|http-robustness|scale|shutdown|render-limits|private-responses|first-run)\.spec\.ts/,
    },
  ],
  webServer: {
    command: "node --single-threaded-gc server.ts",
    url: `${E2E_BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      DATABASE_URL: `file:${E2E_DB_FILE}`,
      // Many tests submit from the same address; the limit itself is tested on its own server.
      RATE_LIMIT_MAX: "100000",
      QUOTE_MIN_FILL_MS: "0",
    },
  },
});
