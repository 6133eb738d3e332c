import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { BUSINESS } from "./content/business";
import { releaseHashingSlotsOf } from "./server/accounts/passwords.server";
import { kickAlerts, sendTestAlerts, startAlerts, stopAlerts } from "./server/alerts/index.server";
import { closeDatabase, getDb, startDatabase } from "./server/db.server";
import { SERVER_ENV } from "./server/env.server";
import { scheduleLeadRetention } from "./server/inbox/retention.server";
import { photoServerHooks } from "./server/photos/server-hooks.server";
import { answerQuoteApi } from "./server/quote-api.server";
import { clientInfoContext } from "./server/request-context.server";

export const streamTimeout = 5_000;

/**
 * What the Node server (server/http-server.ts) needs from inside the bundle. Exported here
 * because the entry module is the one part of React Router's build a custom server can reach
 * (`build.entry.module`), so the server and the routes share one database and one context.
 */
/** The database, then the daily jobs that need it (LEAD_RETENTION_DAYS). */
async function startDatabaseAndJobs(): Promise<void> {
  await startDatabase();
  scheduleLeadRetention(SERVER_ENV.LEAD_RETENTION_DAYS, async () => getDb());
}

export const serverHooks = {
  startDatabase: startDatabaseAndJobs,
  closeDatabase,
  startAlerts,
  stopAlerts,
  kickAlerts,
  sendTestAlerts,
  clientInfoContext,
  photos: photoServerHooks,
  /** POST /api/quote-requests, answered by the server without React Router (issue 23). */
  answerQuoteApi,
  /** A render thread is gone: the password-hashing slots it held are free again. */
  releaseHashingSlotsOf,
  env: SERVER_ENV,
  business: { name: BUSINESS.name, phone: BUSINESS.phone, phoneHref: BUSINESS.phoneHref },
  trackingEnabled: Boolean(import.meta.env.VITE_GOOGLE_ADS_ID?.trim()),
};
export type ServerHooks = typeof serverHooks;

/** What went wrong, in words: route error responses (405, 404…) are objects, not Errors. */
export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    // React Router's implementation keeps the underlying Error here, though its type doesn't say so.
    const cause = (error as { error?: unknown }).error;
    const inner = cause instanceof Error ? `: ${cause.message}` : "";
    return `${error.status} ${error.statusText}${inner}`;
  }
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null) {
    try {
      return JSON.stringify(error);
    } catch {
      return Object.prototype.toString.call(error);
    }
  }
  return String(error);
}

/**
 * React Router's default prints whole stack traces; our logs are one JSON line per event, and
 * most of these are visitors' mistakes (a POST to a page without a form, a mangled URL).
 */
function logRequestError(error: unknown, request: Request): void {
  if (request.signal.aborted) return;
  const line = {
    time: new Date().toISOString(),
    level: "warn",
    event: "request_error",
    method: request.method,
    path: new URL(request.url).pathname,
    error: describeError(error).slice(0, 300),
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

export const handleError: HandleErrorFunction = (error, { request }) =>
  logRequestError(error, request);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    // Always wait for the whole page: the server hashes its inline scripts for the
    // Content-Security-Policy, and the pages are small.
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // A page answering a post shows what was posted: never a cache's copy, whatever a
          // route forgot to say (issue 19).
          if (request.method !== "GET" && request.method !== "HEAD") {
            responseHeaders.set("Cache-Control", "no-store");
          }
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          logRequestError(error, request);
        },
      },
    );
  });
}
