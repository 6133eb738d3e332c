import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ServerHooks } from "../app/entry.server.tsx";
import {
  BodyTooLarge,
  PAYLOAD_TOO_LARGE,
  readLimitedBody,
} from "../app/server/body-limit.server.ts";
import { contentSecurityPolicy, securityHeaders } from "./security.ts";
import {
  compress,
  type InlineHashes,
  inlineHashes,
  loadStaticFiles,
  NO_INLINE_HASHES,
  type StaticFile,
} from "./static-files.ts";

const DB_RETRY_MS = 5000;

function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "unknown";
}

function isSecure(req: IncomingMessage, trustProxy: boolean): boolean {
  if ("encrypted" in req.socket && req.socket.encrypted) return true;
  return trustProxy && req.headers["x-forwarded-proto"] === "https";
}

function pickEncoding(req: IncomingMessage): "br" | "gzip" | undefined {
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return undefined;
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
  variants?: { brotli?: Buffer; gzip?: Buffer },
) {
  const encoding = variants ? pickEncoding(req) : undefined;
  const encoded =
    encoding === "br" ? variants?.brotli : encoding === "gzip" ? variants?.gzip : undefined;
  const out = encoded ?? body;
  res.writeHead(status, {
    ...headers,
    ...(variants ? { Vary: "Accept-Encoding" } : {}),
    ...(encoded ? { "Content-Encoding": encoding as string } : {}),
    "Content-Length": String(out.length),
  });
  res.end(req.method === "HEAD" ? undefined : out);
}

function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  file: StaticFile,
  secure: boolean,
  csp: (hashes: InlineHashes) => string,
) {
  const headers: Record<string, string> = {
    ...securityHeaders(secure),
    "Content-Security-Policy": csp(file.inlineHashes ?? NO_INLINE_HASHES),
    "Content-Type": file.type,
    "Cache-Control": file.cacheControl,
    ETag: file.etag,
  };
  if (req.headers["if-none-match"] === file.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  send(req, res, 200, headers, file.body, file);
}

function logLine(fields: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`);
}

async function startDatabaseWithRetry(hooks: ServerHooks): Promise<void> {
  try {
    await hooks.startDatabase();
  } catch (error) {
    // Pages must keep serving while the database is away; /healthz reports it.
    logLine({ level: "error", event: "database-start-failed", error: String(error) });
    setTimeout(() => void startDatabaseWithRetry(hooks), DB_RETRY_MS).unref();
  }
}

export interface StartOptions {
  build: ServerBuild;
  /** The folder of prerendered pages and assets (build/client). */
  clientDir: string;
  port: number;
  host?: string;
}

export async function startServer({ build, clientDir, port, host }: StartOptions): Promise<Server> {
  const hooks = (build.entry.module as unknown as { serverHooks: ServerHooks }).serverHooks;
  const csp = (hashes: InlineHashes) => contentSecurityPolicy(hashes, hooks.trackingEnabled);
  // Every answer carries these, including the ones this server makes up itself.
  const baseHeaders = (secure: boolean): Record<string, string> => ({
    ...securityHeaders(secure),
    "Content-Security-Policy": csp(NO_INLINE_HASHES),
  });
  const files = await loadStaticFiles(clientDir);
  const handle = createRequestHandler(build, process.env.NODE_ENV ?? "production");
  await startDatabaseWithRetry(hooks);
  hooks.startAlerts();

  const server = createServer(async (req, res) => {
    const started = performance.now();
    const ip = clientIp(req, hooks.trustProxy);
    const secure = isSecure(req, hooks.trustProxy);
    const url = new URL(req.url ?? "/", "http://localhost");
    res.on("finish", () => {
      logLine({
        method: req.method,
        path: url.pathname,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ip,
      });
    });

    try {
      const method = req.method ?? "GET";
      if (method === "GET" || method === "HEAD") {
        const file = files.get(url.pathname);
        if (file) return serveStatic(req, res, file, secure, csp);
        if (
          url.pathname.length > 1 &&
          url.pathname.endsWith("/") &&
          files.has(url.pathname.slice(0, -1))
        ) {
          res.writeHead(301, {
            ...baseHeaders(secure),
            Location: url.pathname.slice(0, -1) + url.search,
          });
          return res.end();
        }
      } else if (req.headers["sec-fetch-site"] === "cross-site") {
        // Another site's page posting our form on a visitor's behalf.
        return send(
          req,
          res,
          403,
          { ...baseHeaders(secure), "Content-Type": "text/plain" },
          Buffer.from("Forbidden"),
        );
      }

      const body =
        method === "GET" || method === "HEAD"
          ? undefined
          : await readLimitedBody(req, req.headers["content-length"]);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url}`, {
        method,
        headers,
        body: body && body.length > 0 ? new Uint8Array(body) : undefined,
      });
      const context = new RouterContextProvider();
      context.set(hooks.clientInfoContext, {
        ip,
        userAgent: String(req.headers["user-agent"] ?? ""),
      });
      const response = await handle(request, context);

      const outHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(securityHeaders(secure))) {
        outHeaders[name.toLowerCase()] = value;
      }
      response.headers.forEach((value, name) => {
        outHeaders[name] = value;
      });
      const payload = Buffer.from(await response.arrayBuffer());
      const type = response.headers.get("content-type") ?? "";
      // HTML gets the hashes of its own inline scripts and styles; everything else allows none.
      outHeaders["content-security-policy"] = csp(
        type.startsWith("text/html") ? inlineHashes(payload.toString("utf8")) : NO_INLINE_HASHES,
      );
      delete outHeaders["content-length"];
      const compressible = payload.length > 1024 && /^(text\/|application\/(json|xml))/.test(type);
      send(
        req,
        res,
        response.status,
        outHeaders,
        payload,
        compressible ? compress(payload) : undefined,
      );
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        return send(
          req,
          res,
          413,
          { ...baseHeaders(secure), "Content-Type": "application/json", Connection: "close" },
          Buffer.from(JSON.stringify(PAYLOAD_TOO_LARGE)),
        );
      }
      logLine({ level: "error", event: "unhandled", path: url.pathname, error: String(error) });
      if (!res.headersSent) {
        send(
          req,
          res,
          500,
          { ...baseHeaders(secure), "Content-Type": "text/plain; charset=utf-8" },
          Buffer.from("Something went wrong on our end."),
        );
      } else res.end();
    }
  });

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  logLine({ event: "listening", url: `http://${host ?? "localhost"}:${port}` });

  const shutdown = () => {
    // The worker hands back the alert jobs it holds while the database is still open.
    const alertsStopped = hooks.stopAlerts();
    server.close(
      () => void alertsStopped.finally(() => hooks.closeDatabase()).finally(() => process.exit(0)),
    );
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  return server;
}
