// The Node server's HTTP contract under requests no browser would send: raw request lines,
// odd methods, lying headers and slow clients. Every one gets a 4xx (or at worst a 5xx) and
// the process keeps serving.
import { createHash, randomUUID } from "node:crypto";
import { once } from "node:events";
import { get as httpGet } from "node:http";
import { connect, type Socket } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import fc from "fast-check";
import { scratchSqlite } from "../support/db-helpers";
import { expect, test } from "../support/fixtures";
import { type RunningServer, spawnServer } from "../support/spawn-server";

let server: RunningServer | undefined;
let db: ReturnType<typeof scratchSqlite> | undefined;
test.beforeAll(async () => {
  db = scratchSqlite("http-robustness");
  server = await spawnServer({
    DATABASE_URL: db.url,
    QUOTE_MIN_FILL_MS: "0",
    RATE_LIMIT_MAX: "100000",
    HTTP_HEADERS_TIMEOUT_MS: "1000",
    HTTP_REQUEST_TIMEOUT_MS: "2000",
  });
});
test.afterAll(async () => {
  await server?.stop();
  db?.remove();
});

const port = () => server?.port ?? 0;

/** Sends raw bytes and returns the status of the first answer, or null if none came. */
async function raw(bytes: string | Buffer, waitMs = 3000): Promise<number | null> {
  const socket = connect(port(), "127.0.0.1");
  await once(socket, "connect");
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk.toString("latin1");
  });
  socket.on("error", () => {});
  socket.write(bytes);
  await Promise.race([
    once(socket, "close"),
    new Promise((r) => setTimeout(r, waitMs)),
    (async () => {
      while (!/\r\n\r\n/.test(received)) await new Promise((r) => setTimeout(r, 10));
    })(),
  ]);
  socket.destroy();
  const status = received.match(/^HTTP\/1\.[01] (\d{3})/)?.[1];
  return status ? Number(status) : null;
}

const request = (line: string, headers = "Host: localhost\r\n") => `${line}\r\n${headers}\r\n`;

async function expectAlive(after: string) {
  expect(server?.process.exitCode, `server exited after ${after}`).toBeNull();
  // A fresh connection each time: a pooled one may be the very socket the server just closed.
  const health = await raw(
    request("GET /healthz HTTP/1.1", "Host: localhost\r\nConnection: close\r\n"),
  );
  expect(health, `healthz after ${after}`).toBe(200);
}

test("malformed request targets, methods and Host values are client errors", async () => {
  const cases: [string, string, number][] = [
    ["target //a:b/", request("GET //a:b/ HTTP/1.1"), 404],
    ["target //x:99999/", request("GET //x:99999/ HTTP/1.1"), 404],
    ["target //[/", request("GET //[/ HTTP/1.1"), 404],
    [
      "POST to //a:b/",
      request("POST //a:b/ HTTP/1.1", "Host: localhost\r\nContent-Length: 0\r\n"),
      405,
    ],
    ["target *", request("GET * HTTP/1.1"), 400],
    ["absolute-form with a bad port", request("GET http://x:99999/ HTTP/1.1"), 400],
    ["bad percent-encoding", request("GET /%E0%A4%A HTTP/1.1"), 400],
    ["TRACE", request("TRACE / HTTP/1.1"), 405],
    ["PROPFIND", request("PROPFIND / HTTP/1.1"), 405],
    ["OPTIONS *", request("OPTIONS * HTTP/1.1"), 400],
    ["Host with a space", request("GET / HTTP/1.1", "Host: a b\r\n"), 400],
    ["Host with a bad port", request("GET / HTTP/1.1", "Host: localhost:99999\r\n"), 400],
    ["Host of brackets", request("GET / HTTP/1.1", "Host: [\r\n"), 400],
    ["no Host on HTTP/1.1", request("GET / HTTP/1.1", ""), 400],
    ["two Host headers", request("GET / HTTP/1.1", "Host: a\r\nHost: b\r\n"), 400],
    [
      "Content-Length not a number",
      request("POST /roof-repairs HTTP/1.1", "Host: localhost\r\nContent-Length: abc\r\n"),
      400,
    ],
    [
      "both Content-Length and chunked",
      request(
        "POST /roof-repairs HTTP/1.1",
        "Host: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n",
      ),
      400,
    ],
    [
      "a bad chunk",
      `${request("POST /api/quote-requests HTTP/1.1", "Host: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n")}zz\r\n{}\r\n0\r\n\r\n`,
      400,
    ],
    [
      "a header line without a colon",
      request("GET / HTTP/1.1", "Host: localhost\r\nnonsense\r\n"),
      400,
    ],
    [
      "a 20 KB header",
      request("GET / HTTP/1.1", `Host: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n`),
      431,
    ],
  ];
  const seen: string[] = [];
  for (const [label, bytes, expected] of cases) {
    const status = await raw(bytes);
    seen.push(`${label}: ${status}`);
    expect(status, label).toBe(expected);
    await expectAlive(label);
  }
});

test("random request lines and headers never end the process or cause a 5xx", async () => {
  const token = fc.string({ unit: "binary-ascii", maxLength: 40 });
  const target = fc.oneof(
    fc.constantFrom(
      "/",
      "//",
      "/roof-repairs",
      "/api/quote-requests",
      "/healthz",
      "*",
      "http://a/",
    ),
    token.map((t) => `/${t}`),
    token.map((t) => `//${t}`),
    token,
  );
  const method = fc.oneof(fc.constantFrom("GET", "HEAD", "POST", "PUT", "TRACE", "get"), token);
  const header = fc.tuple(
    fc.constantFrom(
      "Host",
      "Accept-Encoding",
      "If-None-Match",
      "Origin",
      "X-Forwarded-For",
      "X-Forwarded-Proto",
      "Content-Type",
      "Sec-Fetch-Site",
      "Range",
    ),
    token,
  );
  const problems: string[] = [];
  await fc.assert(
    fc.asyncProperty(method, target, fc.array(header, { maxLength: 5 }), async (m, t, hs) => {
      const headers = hs.map(([k, v]) => `${k}: ${v.replace(/[\r\n]/g, "")}\r\n`).join("");
      const bytes = request(
        `${m} ${t.replace(/[\r\n ]/g, "")} HTTP/1.1`,
        `Host: localhost\r\n${headers}`,
      );
      const status = await raw(Buffer.from(bytes, "latin1"), 1500);
      if (status !== null && status >= 500) problems.push(`${status} for ${JSON.stringify(bytes)}`);
      if (server?.process.exitCode !== null) problems.push(`exited after ${JSON.stringify(bytes)}`);
      return server?.process.exitCode === null;
    }),
    { numRuns: 150, seed: 20261123 },
  );
  expect(problems).toEqual([]);
  await expectAlive("the random requests");
});

test("a client that sends its headers too slowly is cut off (408), not waited on for a minute", async () => {
  const socket: Socket = connect(port(), "127.0.0.1");
  await once(socket, "connect");
  socket.on("error", () => {});
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk;
  });
  socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n");
  const closed = once(socket, "close").then(() => "closed");
  const outcome = await Promise.race([
    closed,
    new Promise((r) => setTimeout(() => r("open"), 8000)),
  ]);
  socket.destroy();
  expect(outcome).toBe("closed");
  expect(received).toMatch(/^HTTP\/1\.1 408/);
  await expectAlive("a slow client");
});

test("past the connection cap new sockets are turned away; the server recovers", async () => {
  const capped = await spawnServer({ DATABASE_URL: db?.url ?? "", HTTP_MAX_CONNECTIONS: "5" });
  try {
    const idle: Socket[] = [];
    for (let i = 0; i < 5; i++) {
      const s = connect(capped.port, "127.0.0.1");
      s.on("error", () => {});
      await once(s, "connect");
      idle.push(s);
    }
    await new Promise((r) => setTimeout(r, 200));
    const refused = connect(capped.port, "127.0.0.1");
    refused.on("error", () => {});
    refused.write(request("GET /healthz HTTP/1.1"));
    let answered = "";
    refused.on("data", (chunk) => {
      answered += chunk;
    });
    await new Promise((resolve) => refused.on("close", resolve));
    expect(answered).toBe("");
    for (const s of idle) s.destroy();
    await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(`${capped.url}/healthz`)).status).toBe(200);
  } finally {
    await capped.stop();
  }
});

test("a client that goes away mid-request is logged as aborted, and the server carries on", async () => {
  // TRUST_PROXY lets the test, playing the proxy on loopback, choose the request id.
  const traced = await spawnServer({ DATABASE_URL: db?.url ?? "", TRUST_PROXY: "1" });
  try {
    const id = `aborted-${randomUUID()}`;
    const secret = randomUUID();
    const socket = connect(traced.port, "127.0.0.1");
    await once(socket, "connect");
    socket.on("error", () => {});
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk;
    });
    // "100 Continue" comes back once the server has taken the request in, so the client
    // leaves mid-body for certain, not before the request ever arrived.
    socket.write(
      `POST /roof-repair-brunswick?email=${secret} HTTP/1.1\r\nHost: localhost\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n` +
        `Expect: 100-continue\r\nX-Request-Id: ${id}\r\n\r\n`,
    );
    await expect.poll(() => received).toMatch(/^HTTP\/1\.1 100 Continue/);
    socket.write(`name=Sam&email=${secret}`);
    socket.destroy();

    const lines = () =>
      traced
        .stdout()
        .split("\n")
        .filter((line) => line.includes(id))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    await expect.poll(() => lines().length).toBeGreaterThan(0);
    const [line, ...more] = lines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: "info",
      id,
      method: "POST",
      path: "/roof-repair-brunswick",
      aborted: true,
    });
    // Neither the query, nor the body, nor the client's address: they are the visitor's.
    expect(JSON.stringify(line)).not.toContain(secret);
    expect(JSON.stringify(line)).not.toMatch(/127\.0\.0\.1|::1|::ffff/);
    expect(traced.stderr()).not.toContain(id);
    expect(traced.process.exitCode).toBeNull();
    expect((await fetch(`${traced.url}/healthz`)).status).toBe(200);
  } finally {
    await traced.stop();
  }
});

test("a route error is logged in words, not as [object Object]", async () => {
  const response = await fetch(`${server?.url}/privacy-policy`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "a=b",
  });
  expect(response.status).toBe(405);
  await response.arrayBuffer();
  await expect.poll(() => server?.stderr() ?? "").toMatch(/"error":"405 Method Not Allowed/);
  expect(server?.stderr()).not.toContain("[object Object]");
});

test.describe("content negotiation and conditional requests", () => {
  // node:http rather than fetch: fetch adds "Cache-Control: no-cache" to conditional requests.
  const get = (path: string, headers: Record<string, string> = {}, base = server?.url) =>
    new Promise<{ status: number; headers: Headers; arrayBuffer(): Promise<ArrayBuffer> }>(
      (resolve, reject) => {
        httpGet(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const out = new Headers();
            for (const [k, v] of Object.entries(res.headers))
              if (typeof v === "string") out.set(k, v);
            const body = Buffer.concat(chunks);
            resolve({
              status: res.statusCode ?? 0,
              headers: out,
              arrayBuffer: async () =>
                body.buffer.slice(body.byteOffset, body.byteOffset + body.length),
            });
          });
        }).on("error", reject);
      },
    );

  test("Accept-Encoding is read by its q-values, not by substring", async () => {
    const cases: [string, string | null][] = [
      ["br", "br"],
      ["gzip, br", "br"],
      ["br;q=0, gzip", "gzip"],
      ["br;q=0.1, gzip;q=0.9", "gzip"],
      ["x-br", null],
      ["gzip;q=0", null],
      ["identity", null],
      ["*", "br"],
    ];
    for (const [accept, expected] of cases) {
      const response = await get("/", { "Accept-Encoding": accept });
      await response.arrayBuffer();
      expect(response.headers.get("content-encoding"), accept).toBe(expected);
      expect(response.headers.get("vary"), accept).toMatch(/Accept-Encoding/i);
    }
  });

  // Rendered on a render thread by default, and on the main thread with RENDER_THREADS=0.
  for (const threads of ["default", "0"]) {
    test(`a rendered answer comes in the encoding asked for, the same page in each (RENDER_THREADS ${threads})`, async () => {
      const other =
        threads === "0"
          ? await spawnServer({ DATABASE_URL: db?.url ?? "", RENDER_THREADS: "0" })
          : undefined;
      const base = other?.url ?? server?.url;
      const decode: Record<string, (b: Buffer) => Buffer> = {
        br: brotliDecompressSync,
        gzip: gunzipSync,
        identity: (b) => b,
      };
      const pages = new Map<string, string>();
      try {
        for (const [accept, expected] of [
          ["br", "br"],
          ["gzip", "gzip"],
          ["br;q=0, gzip;q=0", "identity"],
        ] as const) {
          const response = await get("/no-such-page", { "Accept-Encoding": accept }, base);
          const body = Buffer.from(await response.arrayBuffer());
          expect(response.status, accept).toBe(404);
          expect(response.headers.get("content-encoding") ?? "identity", accept).toBe(expected);
          expect(response.headers.get("vary"), accept).toMatch(/Accept-Encoding/i);
          expect(Number(response.headers.get("content-length")), accept).toBe(body.length);
          const html = decode[expected]?.(body).toString("utf8") ?? "";
          // The CSP names the hash of each inline script the page really has.
          const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)];
          expect(inline.length, accept).toBeGreaterThan(0);
          for (const [, script = ""] of inline) {
            const hash = createHash("sha256").update(script).digest("base64");
            expect(response.headers.get("content-security-policy"), accept).toContain(
              `'sha256-${hash}'`,
            );
          }
          pages.set(accept, html);
        }
      } finally {
        await other?.stop();
      }
      expect(new Set(pages.values()).size).toBe(1);
      expect(pages.get("br")).toContain("</html>");
    });
  }

  test("each encoding has its own ETag, and If-None-Match follows RFC 9110", async () => {
    const tags = new Set<string>();
    for (const accept of ["br", "gzip", "identity"]) {
      const response = await get("/", { "Accept-Encoding": accept });
      await response.arrayBuffer();
      tags.add(response.headers.get("etag") ?? "");
    }
    expect(tags.size).toBe(3);

    const first = await get("/", { "Accept-Encoding": "gzip" });
    await first.arrayBuffer();
    const tag = first.headers.get("etag") ?? "";
    const conditional: [string, number][] = [
      [tag, 304],
      [`"other", ${tag}`, 304],
      [`W/${tag}`, 304],
      ["*", 304],
      ['"other"', 200],
    ];
    for (const [ifNoneMatch, status] of conditional) {
      const response = await get("/", { "Accept-Encoding": "gzip", "If-None-Match": ifNoneMatch });
      await response.arrayBuffer();
      expect(response.status, ifNoneMatch).toBe(status);
    }
    // The gzip tag doesn't validate the brotli body.
    const other = await get("/", { "Accept-Encoding": "br", "If-None-Match": tag });
    await other.arrayBuffer();
    expect(other.status).toBe(200);
  });

  test("HEAD on a dynamic route gives GET's headers, length included, and no body", async () => {
    for (const path of ["/no-such-page", "/healthz"]) {
      const got = await get(path, { "Accept-Encoding": "identity" });
      const body = Buffer.from(await got.arrayBuffer());
      const head = await fetch(`${server?.url}${path}`, {
        method: "HEAD",
        headers: { "Accept-Encoding": "identity" },
      });
      expect(head.status, path).toBe(got.status);
      expect(Number(head.headers.get("content-length")), path).toBe(body.length);
      expect(body.length, path).toBeGreaterThan(0);
    }
  });
});
