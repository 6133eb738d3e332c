import { defineConfig } from "vitest/config";

// Unit and integration tests live beside their source; browser tests are Playwright's.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
  },
});
