import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { availableParallelism } from "node:os";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ServerHooks } from "../app/entry.server.tsx";
import { ADMIN_HEADERS, canonicalAdminPath } from "../app/lib/admin-headers.ts";
import {
  BodyTooLarge,
  PAYLOAD_TOO_LARGE,
  readLimitedBody,
} from "../app/server/body-limit.server.ts";
import { busyAnswer } from "./busy.ts";
import { crossSiteRefusal } from "./refusal.ts";
import {
  defaultQueueMax,
  InlineRenderer,
  type RenderOutcome,
  RenderPool,
  RenderRefused,
  type RenderRequest,
  type RenderStream,
} from "./render-pool.ts";
import {
  BadRequest,
  fromTrustedProxy,
  isCrossOrigin,
  type RequestInfo,
  requestInfo,
} from "./request-info.ts";
import {
  type HeaderList,
  type PreparedFile,
  pickEncoding,
  prepareFile,
  send,
  sendPrepared,
} from "./responses.ts";
import { contentSecurityPolicy, securityHeaders } from "./security.ts";
import {
  type InlineHashes,
  inlineHashes,
  loadStaticFiles,
  NO_INLINE_HASHES,
} from "./static-files.ts";

const DB_RETRY_MS = 5000;
const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];
// How often Node checks the header and request timeouts (its default is every 30 s).
const TIMEOUT_CHECK_MS = 1000;
// On SIGTERM: requests in flight get this long to finish; the process is gone within 10 s
// whatever happens (the usual grace before an orchestrator sends SIGKILL).
const DRAIN_MS = 8_000;
const HARD_EXIT_MS = 9_500;
// A proxy's request id (nginx's $request_id is 32 hex digits) is kept only when it is short
// and plain; anything else could forge or garble log lines.
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

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
  /** The build's server entry as a URL, for the render threads to load it too. */
  entry?: string;
  /** The folder of prerendered pages and assets (build/client). */
  clientDir: string;
  port: number;
  host?: string;
}

export async function startServer({
  build,
  entry,
  clientDir,
  port,
  host,
}: StartOptions): Promise<Server> {
  const hooks = (build.entry.module as unknown as { serverHooks: ServerHooks }).serverHooks;
  const { env } = hooks;
  const proxy = {
    trustProxy: env.TRUST_PROXY,
    trustedProxies: env.TRUSTED_PROXIES,
    siteUrl: env.SITE_URL,
  };
  const csp = (hashes: InlineHashes) => contentSecurityPolicy(hashes, hooks.trackingEnabled);
  // Every answer carries these, including the ones this server makes up itself.
  const baseHeaders = (secure: boolean): Record<string, string> => ({
    ...securityHeaders(secure),
    "Content-Security-Policy": csp(NO_INLINE_HASHES),
  });
  const files = await loadStaticFiles(clientDir);
  // Every answer a static file gets, made once, over plain HTTP and over HTTPS.
  const prepared = new Map<string, { plain: PreparedFile; secure: PreparedFile }>();
  for (const [path, file] of files) {
    const prepare = (secure: boolean) =>
      prepareFile(
        { identity: file.body, br: file.brotli, gzip: file.gzip },
        {
          ...securityHeaders(secure),
          "Content-Security-Policy": csp(file.inlineHashes ?? NO_INLINE_HASHES),
          "Content-Type": file.type,
          "Cache-Control": file.cacheControl,
        },
        file.etag,
      );
    prepared.set(path, { plain: prepare(false), secure: prepare(true) });
  }
  const handle = createRequestHandler(build, process.env.NODE_ENV ?? "production");
  await startDatabaseWithRetry(hooks);
  hooks.startAlerts();
  // React renders synchronously: on threads of their own, renders never hold up the static
  // pages this thread serves (issue 11). RENDER_THREADS=0 renders here instead.
  const threads = env.RENDER_THREADS ?? Math.max(1, availableParallelism() - 1);
  const limits = {
    timeoutMs: env.RENDER_TIMEOUT_MS,
    queueMax: env.RENDER_QUEUE_MAX ?? defaultQueueMax(threads),
    log: logLine,
    onThreadGone: hooks.releaseHashingSlotsOf,
  };
  const inline = new InlineRenderer((request) => {
    const context = new RouterContextProvider();
    context.set(hooks.clientInfoContext, request.client);
    if (request.upload) context.set(hooks.photos.context, request.upload);
    return handle(
      new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body:
          request.body && request.body.byteLength > 0 ? new Uint8Array(request.body) : undefined,
      }),
      context,
    );
  }, limits);
  const pool = entry && threads > 0 ? new RenderPool(entry, threads, limits) : inline;

  /** React Router's answer, from a render thread (or from this one, RENDER_THREADS=0). */
  async function render(request: RenderRequest): Promise<RenderOutcome> {
    const outcome = await pool.render(request);
    // A lead stored on a render thread: this thread's alert worker sends it now.
    if (pool instanceof RenderPool && request.method === "POST") {
      const status = "rendered" in outcome ? outcome.rendered.status : outcome.stream.head.status;
      if (status < 400) hooks.kickAlerts();
    }
    return outcome;
  }

  /**
   * POST /api/quote-requests, answered on this thread and without React Router: it renders no
   * HTML, and measured, both the hop to a render thread and the web Request and Response
   * React Router needs cost more than the lead's own work (issue 23, `npm run bench:inserts`).
   * The rules are the route's own (app/server/quote-api.server.ts), under the same queue and
   * time limits as a render.
   */
  async function answerQuoteApi(
    req: IncomingMessage,
    res: ServerResponse,
    info: RequestInfo,
    idHeader: HeaderList,
  ) {
    const contentType = req.headers["content-type"];
    const upload = hooks.photos.isUpload(info.pathname, contentType)
      ? await hooks.photos.read(req, {
          contentType,
          contentLength: req.headers["content-length"],
        })
      : null;
    // Read first, as for every other post: past the limit, the 413 below closes the connection.
    const body = upload ? undefined : await readLimitedBody(req, req.headers["content-length"]);
    const key = req.headers["idempotency-key"];
    const answer = await inline.limit(() =>
      hooks.answerQuoteApi({
        url: new URL(`${info.origin}${info.pathname}${info.search}`),
        contentType: contentType ?? null,
        idempotencyKey: typeof key === "string" ? key : null,
        client: { ip: info.ip, userAgent: String(req.headers["user-agent"] ?? "") },
        upload,
        readBody: async () => body ?? new Uint8Array(),
      }),
    );
    // A body refused unread: the answer goes out and the connection closes behind it.
    if (upload && !upload.ok && !upload.drained) res.shouldKeepAlive = false;
    send(req, res, {
      status: answer.status,
      headers: {
        ...baseHeaders(info.secure),
        "Content-Type": "application/json",
        ...answer.headers,
      },
      body: Buffer.from(JSON.stringify(answer.body)),
      idHeader,
    });
  }

  /** A streamed answer (a download), written as the render thread makes it. */
  async function sendStream(
    req: IncomingMessage,
    res: ServerResponse,
    stream: RenderStream,
    headers: Record<string, string>,
    idHeader: HeaderList,
  ) {
    const { head } = stream;
    if (head.compressible) headers.vary = "Accept-Encoding";
    if (head.encoding !== "identity") headers["content-encoding"] = head.encoding;
    res.writeHead(head.status, [...Object.entries(headers).flat(), ...idHeader]);
    let gone = false;
    res.on("close", () => {
      gone = true;
      stream.cancel();
    });
    try {
      // HEAD: the headers GET would have had, and no body.
      while (req.method !== "HEAD" && !gone) {
        const piece = await stream.next();
        if (!piece) break;
        // The next piece is asked for once the client has taken this one.
        if (!res.write(piece))
          await new Promise((resolve) => res.once("drain", resolve).once("close", resolve));
      }
    } catch (error) {
      // Half a download can't become an error page: the client sees it cut off.
      logLine({
        level: "error",
        event: "render.stream_failed",
        error: String(error).slice(0, 300),
      });
      res.destroy();
      return;
    } finally {
      stream.cancel();
    }
    res.end();
  }

  function sendText(
    req: IncomingMessage,
    res: ServerResponse,
    idHeader: HeaderList,
    status: number,
    text: string,
    secure = false,
    extra: Record<string, string> = {},
  ) {
    send(req, res, {
      status,
      headers: {
        ...baseHeaders(secure),
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        ...extra,
      },
      body: Buffer.from(text),
      idHeader,
    });
  }

  async function toReactRouter(
    req: IncomingMessage,
    res: ServerResponse,
    info: RequestInfo,
    method: string,
    idHeader: HeaderList,
  ) {
    // A photo upload is read here as it streams in, within its own limits (app/server/photos):
    // never gathered whole, never copied to a render thread; only the re-encoded photos go on.
    const upload =
      method === "POST" && hooks.photos.isUpload(info.pathname, req.headers["content-type"])
        ? await hooks.photos.read(req, {
            contentType: req.headers["content-type"],
            contentLength: req.headers["content-length"],
          })
        : undefined;
    const body =
      method === "POST" && !upload
        ? await readLimitedBody(req, req.headers["content-length"])
        : undefined;
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.push([name, v]);
    }
    const outcome = await render({
      // The URL the visitor is really on (scheme and host from SITE_URL or the trusted proxy),
      // so React Router's same-origin check compares like with like behind HTTPS.
      url: `${info.origin}${info.pathname}${info.search}`,
      // HEAD is answered as GET with the body left off, so its headers (length included) match.
      method: method === "HEAD" ? "GET" : method,
      headers,
      body: body && body.length > 0 ? new Uint8Array(body) : undefined,
      client: { ip: info.ip, userAgent: String(req.headers["user-agent"] ?? "") },
      upload,
      encoding: pickEncoding(req, ["br", "gzip", "identity"]),
    });
    // A body refused unread: the answer goes out and the connection closes behind it.
    if (upload && !upload.ok && !upload.drained) res.shouldKeepAlive = false;

    const outHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(securityHeaders(info.secure))) {
      outHeaders[name.toLowerCase()] = value;
    }
    if ("stream" in outcome) {
      for (const [name, value] of outcome.stream.head.headers) outHeaders[name] = value;
      outHeaders["content-security-policy"] = csp(NO_INLINE_HASHES);
      return sendStream(req, res, outcome.stream, outHeaders, idHeader);
    }
    const { rendered } = outcome;
    // Set-Cookie may come more than once (a sign-in sets two cookies): it rides in the list.
    const cookies: string[] = [];
    for (const [name, value] of rendered.headers) {
      if (name === "set-cookie") cookies.push("Set-Cookie", value);
      else outHeaders[name] = value;
    }
    // HTML gets the hashes of its own inline scripts and styles; everything else allows none.
    outHeaders["content-security-policy"] = csp(rendered.hashes ?? NO_INLINE_HASHES);
    delete outHeaders["content-length"];
    send(req, res, {
      status: rendered.status,
      headers: outHeaders,
      body: asBuffer(rendered.body),
      encoding: rendered.encoding,
      negotiated: rendered.compressible,
      idHeader: cookies.length > 0 ? [...idHeader, ...cookies] : idHeader,
    });
  }

  function requestIdFor(req: IncomingMessage): string {
    const incoming = req.headers["x-request-id"];
    if (typeof incoming === "string" && REQUEST_ID.test(incoming) && fromTrustedProxy(req, proxy)) {
      return incoming;
    }
    return randomUUID();
  }

  async function handleRequest(
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    started: number,
  ) {
    let info: RequestInfo | undefined;
    const idHeader = ["X-Request-Id", id];
    // One line per request. No client address, query string or body: those are the visitor's.
    res.on("finish", () => {
      logLine({
        id,
        method: req.method,
        path: info?.pathname ?? "(malformed)",
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    // The client went away before the answer was out: no status to log, but the request was
    // made, and a run of these (a slow page, a flaky network, a scanner) should be visible.
    res.on("close", () => {
      if (res.writableFinished) return;
      logLine({
        level: "info",
        id,
        method: req.method,
        path: info?.pathname ?? "(malformed)",
        aborted: true,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    try {
      info = requestInfo(req, proxy);
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      return sendText(req, res, idHeader, 400, "Bad request.", false, { Connection: "close" });
    }
    const method = req.method ?? "GET";
    if (!ALLOWED_METHODS.includes(method)) {
      return sendText(req, res, idHeader, 405, "Method not allowed.", info.secure, {
        Allow: ALLOWED_METHODS.join(", "),
      });
    }
    // /ADMIN, /%61dmin…: React Router would serve them, but the inbox's layout and its cookie
    // (Path=/admin) go by the exact spelling. Reads go to the one spelling; nothing else does.
    const adminPath = canonicalAdminPath(info.pathname);
    if (adminPath !== undefined && adminPath !== info.pathname) {
      if (method !== "GET" && method !== "HEAD") {
        return sendText(req, res, idHeader, 404, "Not found.", info.secure, ADMIN_HEADERS);
      }
      res.writeHead(301, [
        ...Object.entries({ ...baseHeaders(info.secure), ...ADMIN_HEADERS }).flat(),
        "Location",
        adminPath + info.search,
        ...idHeader,
      ]);
      return res.end();
    }

    try {
      if (method === "GET" || method === "HEAD") {
        const file = prepared.get(info.pathname);
        if (file) return sendPrepared(req, res, info.secure ? file.secure : file.plain, idHeader);
        const { pathname } = info;
        if (pathname.length > 1 && pathname.endsWith("/") && prepared.has(pathname.slice(0, -1))) {
          res.writeHead(301, [
            ...Object.entries(baseHeaders(info.secure)).flat(),
            "Location",
            pathname.slice(0, -1) + info.search,
            ...idHeader,
          ]);
          return res.end();
        }
      } else if (isCrossOrigin(req, info.origin)) {
        // Another site's page posting to us on a visitor's behalf: a page they can act on.
        const refusal = crossSiteRefusal(req, hooks.business);
        return send(req, res, {
          status: 403,
          headers: {
            ...baseHeaders(info.secure),
            "Content-Security-Policy": csp(inlineHashes(refusal.body)),
            "Content-Type": refusal.type,
            "Cache-Control": "no-store",
          },
          body: Buffer.from(refusal.body),
          idHeader,
        });
      }
      if (method === "POST" && info.pathname === "/api/quote-requests") {
        return await answerQuoteApi(req, res, info, idHeader);
      }
      await toReactRouter(req, res, info, method, idHeader);
    } catch (error) {
      if (error instanceof RenderRefused) {
        const busy = busyAnswer(info.pathname, String(req.headers.accept ?? ""), hooks.business);
        return send(req, res, {
          status: 503,
          headers: {
            ...baseHeaders(info.secure),
            "Content-Security-Policy": csp(inlineHashes(busy.body)),
            "Content-Type": busy.type,
            "Cache-Control": "no-store",
            "Retry-After": String(error.retryAfterSeconds),
          },
          body: Buffer.from(busy.body),
          idHeader,
        });
      }
      if (error instanceof BodyTooLarge) {
        return send(req, res, {
          status: 413,
          headers: {
            ...baseHeaders(info.secure),
            "Content-Type": "application/json",
            Connection: "close",
          },
          body: Buffer.from(JSON.stringify(PAYLOAD_TOO_LARGE)),
          idHeader,
        });
      }
      throw error;
    }
  }

  /** Whatever nobody foresaw: logged, answered 500, and the server carries on. */
  function lastResort(req: IncomingMessage, res: ServerResponse, id: string, error: unknown) {
    // Reading the body of a request whose client left fails with "aborted": that is the
    // client's doing, logged as such when the response closes, not a fault of ours.
    if (req.destroyed && (error as NodeJS.ErrnoException | undefined)?.code === "ECONNRESET") {
      return;
    }
    logLine({
      level: "error",
      event: "unhandled",
      id,
      method: req.method,
      error: (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(
        0,
        300,
      ),
    });
    try {
      if (!res.headersSent) {
        sendText(req, res, ["X-Request-Id", id], 500, "Something went wrong on our end.", false, {
          Connection: "close",
        });
      } else res.destroy();
    } catch {
      res.destroy();
    }
  }

  let shuttingDown = false;
  const inFlight = new Set<ServerResponse>();
  const server = createServer(
    {
      headersTimeout: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
    },
    (req, res) => {
      const started = performance.now();
      // The id goes in with each answer's other headers: a header set on `res` beforehand would
      // put Node on its slower path, copying every other header one by one.
      const id = requestIdFor(req);
      // Past SIGTERM, each answer closes its connection so keep-alive clients move on.
      if (shuttingDown) res.shouldKeepAlive = false;
      inFlight.add(res);
      res.on("close", () => inFlight.delete(res));
      handleRequest(req, res, id, started).catch((error: unknown) =>
        lastResort(req, res, id, error),
      );
    },
  );
  server.maxConnections = env.HTTP_MAX_CONNECTIONS;

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  logLine({ event: "listening", url: `http://${host ?? "localhost"}:${port}` });

  /**
   * SIGTERM (or Ctrl-C): stop taking connections, let the requests in flight finish, hand back
   * the alert jobs this server holds, close the database, exit 0. Stragglers past DRAIN_MS are
   * cut off and the exit code is 1; the process is gone within HARD_EXIT_MS in any case.
   */
  async function shutdown(signal: NodeJS.Signals): Promise<void> {
    if (shuttingDown) return;
    shuttingDown = true;
    const since = performance.now();
    logLine({ event: "shutdown.start", signal });
    setTimeout(() => {
      logLine({ level: "error", event: "shutdown.forced", ms: HARD_EXIT_MS });
      process.exit(1);
    }, HARD_EXIT_MS).unref();

    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    const drained = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
    // Idle keep-alive sockets close now; busy ones as soon as their answer is out.
    server.closeIdleConnections();
    const sweeper = setInterval(() => server.closeIdleConnections(), 50);
    // The worker hands back the jobs it holds while the database is still open.
    const alertsStopped = hooks.stopAlerts().catch(() => {});
    const drainLimit = new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(false), DRAIN_MS).unref(),
    );
    const clean = await Promise.race([drained, drainLimit]);
    clearInterval(sweeper);
    if (!clean) {
      logLine({ level: "warn", event: "shutdown.cut_off", connections: "still open" });
      server.closeAllConnections();
    }
    await alertsStopped;
    if (pool instanceof RenderPool) await pool.close();
    await hooks.closeDatabase().catch((error: unknown) => {
      logLine({ level: "error", event: "shutdown.database_close_failed", error: String(error) });
    });
    logLine({ event: "shutdown.done", clean, ms: Math.round(performance.now() - since) });
    process.exit(clean ? 0 : 1);
  }
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  return server;
}
