// The API and /healthz while the database can't be used (here: a path that can't exist).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import { BUSINESS } from "~/content/business";
import { QUOTE_FORM_COPY } from "~/content/quote-form-copy";
import { clientInfoContext } from "~/server/request-context.server";

// Settings are read when the server modules first load, so set them before importing.
const dir = mkdtempSync(path.join(tmpdir(), "quotes-down-"));
const notAFolder = path.join(dir, "plain-file");
writeFileSync(notAFolder, "");
process.env.DATABASE_URL = `file:${path.join(notAFolder, "quotes.db")}`;
const { action } = await import("./api.quote-requests");
const { loader: healthz } = await import("./healthz");
const { closeDatabase } = await import("~/server/db.server");

afterAll(async () => {
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
});

describe("with the database down", () => {
  it("POST answers 503 with a friendly message and logs without customer details", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const context = new RouterContextProvider();
    context.set(clientInfoContext, { ip: "203.0.113.9", userAgent: "vitest" });
    const request = new Request("http://localhost/api/quote-requests", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Sam",
        phone: "0412 345 678",
        email: "private@example.com",
        postcode: "3000",
        message: "My secret roof",
      }),
    });
    const response = await action({ request, context, params: {} } as unknown as Parameters<
      typeof action
    >[0]);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: "unavailable",
      message: QUOTE_FORM_COPY.unavailable(BUSINESS.phone),
    });
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]?.[0]);
    expect(JSON.parse(line)).toMatchObject({ event: "quote_request.store_failed" });
    expect(line).not.toMatch(/private@example\.com|secret roof/);
    log.mockRestore();
  });

  it("/healthz answers 503 unavailable", async () => {
    const response = await healthz();
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "unavailable" });
  });
});
