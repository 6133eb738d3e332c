// Abuse and safety: security headers on every kind of response, HSTS only over HTTPS, a page
// that runs with no CSP violations, cross-site form posts refused, no internals in error
// answers, logs without personal data, and stored text shown back only as text.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_BASE_URL, E2E_DB_FILE } from "../support/config";
import { scratchSqlite, sqliteRowsNamed, withSqlite } from "../support/db-helpers";
import { expect, test } from "../support/fixtures";
import {
  postQuote,
  QUOTE_API,
  quoteForm,
  uniqueName,
  validQuote,
  wakeForm,
} from "../support/quote-helpers";
import { type RunningServer, spawnServer } from "../support/spawn-server";

const BASE = E2E_BASE_URL;
const MAX_BODY = 16 * 1024;

function cspDirectives(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

const REFERRER_POLICIES = [
  "no-referrer",
  "same-origin",
  "strict-origin",
  "strict-origin-when-cross-origin",
];

/** What is missing or weak in a response's security headers; empty when all is well. */
function securityHeaderProblems(headers: Headers, label: string): string[] {
  const problems: string[] = [];
  const csp = headers.get("content-security-policy");
  if (!csp) problems.push(`${label}: no Content-Security-Policy`);
  else {
    const directives = cspDirectives(csp);
    const scriptSrc = directives.get("script-src") ?? directives.get("default-src");
    if (!scriptSrc) problems.push(`${label}: CSP without script-src or default-src`);
    for (const weak of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"]) {
      if (scriptSrc?.includes(weak)) problems.push(`${label}: script-src allows ${weak}`);
    }
    const ancestors = directives.get("frame-ancestors");
    if (ancestors?.join(" ") !== "'none'") {
      problems.push(`${label}: frame-ancestors is ${ancestors?.join(" ") ?? "missing"}`);
    }
  }
  if (headers.get("x-content-type-options") !== "nosniff") {
    problems.push(`${label}: X-Content-Type-Options is ${headers.get("x-content-type-options")}`);
  }
  if (!REFERRER_POLICIES.includes(headers.get("referrer-policy") ?? "")) {
    problems.push(`${label}: Referrer-Policy is ${headers.get("referrer-policy")}`);
  }
  if (!headers.get("permissions-policy")) problems.push(`${label}: no Permissions-Policy`);
  return problems;
}

function expectSecurityHeaders(headers: Headers, label: string): void {
  expect(securityHeaderProblems(headers, label)).toEqual([]);
}

/** The page's first asset of each kind, read from its HTML. */
async function assetPaths(): Promise<string[]> {
  const html = await (await fetch(new URL("/", BASE))).text();
  const paths = new Set<string>();
  for (const ext of ["js", "css", "svg", "woff2"]) {
    const match = html.match(new RegExp(`"(/assets/[^"]+\\.${ext})"`));
    if (match?.[1]) paths.add(match[1]);
  }
  expect(paths.size, "the home page should reference hashed assets").toBeGreaterThanOrEqual(2);
  return [...paths, "/favicon.ico", "/favicon.svg"];
}

const get = (path: string, init: RequestInit = {}) =>
  fetch(new URL(path, BASE), { redirect: "manual", ...init });

test.describe("security headers on every kind of response", () => {
  const probes: { label: string; send: () => Promise<Response> }[] = [
    { label: "a prerendered page (/)", send: () => get("/") },
    { label: "a prerendered suburb page", send: () => get("/roof-repair-brunswick") },
    { label: "the thank-you page", send: () => get("/thank-you") },
    { label: "the 404 page", send: () => get(`/no-such-page-${randomUUID()}`) },
    { label: "/healthz", send: () => get("/healthz") },
    { label: "robots.txt", send: () => get("/robots.txt") },
    { label: "sitemap.xml", send: () => get("/sitemap.xml") },
    {
      label: "an API answer (201)",
      send: () =>
        get(QUOTE_API, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(validQuote()),
        }),
    },
    {
      label: "an API answer (400)",
      send: () =>
        get(QUOTE_API, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{",
        }),
    },
    { label: "an API answer (405)", send: () => get(QUOTE_API) },
    {
      label: "a re-rendered form page (400)",
      send: () =>
        get("/roof-repair-brunswick", {
          method: "POST",
          body: new URLSearchParams({ name: "", phone: "1", postcode: "1" }),
        }),
    },
  ];
  for (const { label, send } of probes) {
    test(label, async () => {
      const response = await send();
      await response.arrayBuffer();
      expect(response.status, label).toBeLessThan(500);
      expectSecurityHeaders(response.headers, label);
      expect(response.headers.get("strict-transport-security"), label).toBeNull();
    });
  }

  test("assets (scripts, styles, images, fonts, icons) and static files", async () => {
    const problems: string[] = [];
    for (const path of await assetPaths()) {
      const response = await get(path);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
      problems.push(...securityHeaderProblems(response.headers, path));
    }
    expect(problems).toEqual([]);
  });

  test("answers the Node server gives on its own (413, cross-site 403, trailing-slash 301)", async () => {
    const answers: [string, Response][] = [
      [
        "413",
        await get(QUOTE_API, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ padding: "x".repeat(MAX_BODY) }),
        }),
      ],
      [
        "403",
        await get("/roof-repair-brunswick", {
          method: "POST",
          headers: { "Sec-Fetch-Site": "cross-site" },
          body: new URLSearchParams({ name: "x" }),
        }),
      ],
      ["301", await get("/roof-repair-brunswick/")],
    ];
    const problems: string[] = [];
    for (const [label, response] of answers) {
      await response.arrayBuffer();
      expect(String(response.status)).toBe(label);
      problems.push(...securityHeaderProblems(response.headers, `the ${label} answer`));
    }
    expect(problems).toEqual([]);
  });
});

test.describe("HSTS only over HTTPS", () => {
  let server: RunningServer | undefined;
  let db: ReturnType<typeof scratchSqlite> | undefined;
  test.beforeAll(async () => {
    db = scratchSqlite("hsts");
    server = await spawnServer({
      DATABASE_URL: db.url,
      TRUST_PROXY: "1",
      RATE_LIMIT_MAX: "1000",
      QUOTE_MIN_FILL_MS: "0",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    db?.remove();
  });

  test("behind a trusted proxy saying https: present; plain http: absent", async () => {
    const url = server?.url ?? "";
    const paths = ["/", "/healthz", `/nothing-${randomUUID()}`, "/favicon.ico", QUOTE_API];
    for (const path of paths) {
      const https = await fetch(new URL(path, url), { headers: { "X-Forwarded-Proto": "https" } });
      await https.arrayBuffer();
      const hsts = https.headers.get("strict-transport-security");
      expect(hsts, `${path} over https`).toMatch(/max-age=\d+/);
      expect(Number(hsts?.match(/max-age=(\d+)/)?.[1])).toBeGreaterThanOrEqual(15_552_000);

      const http = await fetch(new URL(path, url));
      await http.arrayBuffer();
      expect(http.headers.get("strict-transport-security"), `${path} over http`).toBeNull();
    }
    const api = await postQuote(url, validQuote(), { "X-Forwarded-Proto": "https" });
    expect(api.status).toBe(201);
    expect(api.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });
});

test("HSTS: an untrusted X-Forwarded-Proto is ignored", async () => {
  // The shared server doesn't trust a proxy, so anyone could send this header.
  const response = await get("/", { headers: { "X-Forwarded-Proto": "https" } });
  await response.arrayBuffer();
  expect(response.headers.get("strict-transport-security")).toBeNull();
});

test.describe("/admin under another spelling never gets the public layout", () => {
  // React Router matches routes without regard to case or percent-encoding; the cookie's
  // Path=/admin and the layout's choice of stylesheet and scripts do not.
  const variants: [string, string][] = [
    ["/ADMIN/login", "/admin/login"],
    ["/Admin", "/admin"],
    ["/aDmIn/leads/1", "/admin/leads/1"],
    ["/%61dmin/login", "/admin/login"],
    ["/ADMIN/login?next=%2Fadmin", "/admin/login?next=%2Fadmin"],
  ];
  for (const [path, canonical] of variants) {
    test(`${path}: GET and HEAD redirect to ${canonical}`, async () => {
      for (const method of ["GET", "HEAD"]) {
        const response = await get(path, { method });
        await response.arrayBuffer();
        expect(response.status, `${method} ${path}`).toBe(301);
        expect(response.headers.get("location")).toBe(canonical);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
        expectSecurityHeaders(response.headers, `${method} ${path}`);
      }
      // Where it leads is the inbox's own page: its headers, its layout, no scripts.
      const page = await get(canonical);
      const html = await page.text();
      expect(page.status).toBeLessThan(400);
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(html).not.toContain("<script");
    });
  }

  test("a post to another spelling is a 404 and signs no one in", async () => {
    const response = await get("/ADMIN/login", {
      method: "POST",
      headers: { Origin: new URL(BASE).origin },
      body: new URLSearchParams({ email: "owner@example.com", password: "x".repeat(12) }),
    });
    const body = await response.text();
    expect(response.status).toBe(404);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(body).not.toContain("<script");
    expectSecurityHeaders(response.headers, "POST /ADMIN/login");
  });
});

/** Records CSP violations as the page reports them (the init script itself is exempt). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? ["(no watcher)"]);
}

test("the pages load and run with zero CSP violations", async ({ page, browserLog }) => {
  const violations = await watchCsp(page);
  for (const path of ["/", "/roof-repair-brunswick", "/thank-you", "/privacy-policy"]) {
    await page.goto(path);
    await page.waitForLoadState("load");
    if (path !== "/thank-you" && path !== "/privacy-policy") {
      // Hydration proves the scripts (inline ones included) were allowed to run.
      await wakeForm(page);
    }
    expect(await violations(), path).toEqual([]);
  }
  const cspMessages = browserLog.messages.filter((m) =>
    /Content[- ]Security[- ]Policy/i.test(m.text),
  );
  expect(cspMessages).toEqual([]);
});

test.describe("cross-site form posts are refused and store nothing", () => {
  const cases: { label: string; path: string; headers: Record<string, string> }[] = [
    {
      label: "Origin from another site",
      path: "/roof-repair-brunswick",
      headers: { Origin: "https://evil.example" },
    },
    {
      label: "Sec-Fetch-Site: cross-site",
      path: "/roof-repair-brunswick",
      headers: { "Sec-Fetch-Site": "cross-site" },
    },
    {
      label: "both, to the home page",
      path: "/",
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    },
    {
      label: "both, to a suburb page",
      path: "/roof-repair-brunswick",
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    },
  ];
  for (const { label, path, headers } of cases) {
    test(label, async () => {
      const name = uniqueName();
      const response = await get(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ name, phone: "0412 345 678", postcode: "3056" }).toString(),
      });
      await response.arrayBuffer();
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expect(response.status, label).toBeLessThan(500);
      expect(sqliteRowsNamed(E2E_DB_FILE, name)).toHaveLength(0);
    });
  }

  test("the API, posted to from another site", async () => {
    const name = uniqueName();
    const asJson = await postQuote(BASE, validQuote({ name }), { "Sec-Fetch-Site": "cross-site" });
    expect(asJson.status).toBeGreaterThanOrEqual(400);
    expect(asJson.status).toBeLessThan(500);
    // The only body an HTML form on another site can send to it.
    const asForm = await get(QUOTE_API, {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: "https://evil.example" },
      body: JSON.stringify(validQuote({ name })),
    });
    await asForm.arrayBuffer();
    // Refused for where it came from, before its content type is even looked at.
    expect(asForm.status).toBe(403);
    expect(sqliteRowsNamed(E2E_DB_FILE, name)).toHaveLength(0);
  });

  test("the control: the same post from our own pages is taken", async () => {
    const name = uniqueName();
    const response = await get("/roof-repair-brunswick", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: BASE,
        "Sec-Fetch-Site": "same-origin",
      },
      body: new URLSearchParams({ name, phone: "0412 345 678", postcode: "3056" }).toString(),
    });
    await response.arrayBuffer();
    expect(response.status).toBe(303);
    expect(sqliteRowsNamed(E2E_DB_FILE, name)).toHaveLength(1);
  });

  test("a real browser on another site submitting a form to ours", async ({ page, browserLog }) => {
    browserLog.allow(/Failed to load resource: the server responded with a status of 4\d\d/);
    const name = uniqueName();
    // The other site's page is served by the test itself; nothing leaves the machine.
    await page.route("http://evil.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Win a prize</title>
          <form method="post" action="${BASE}/roof-repair-brunswick">
            <input name="name" value="${name}"><input name="phone" value="0412 345 678">
            <input name="postcode" value="3056"><button>Claim</button>
          </form>`,
      }),
    );
    await page.goto("http://evil.example/prize");
    const posted = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Claim" }).click();
    const response = await posted;
    expect(response.status()).toBeGreaterThanOrEqual(400);
    expect(response.status()).toBeLessThan(500);
    expect(sqliteRowsNamed(E2E_DB_FILE, name)).toHaveLength(0);
  });
});

const LEAKS: [string, RegExp][] = [
  ["a stack frame", /^\s*at .+:\d+:\d+\)?\s*$/m],
  ["a stack frame", /\bat (?:async )?[\w$.<>[\]]+ \((?:file:|node:|\/)/],
  ["node_modules", /node_modules/],
  ["SQL", /\bSELECT\b|\bINSERT\b|\bUPDATE quote_requests\b/],
  ["sqlite", /sqlite/i],
  ["a driver error", /ECONNREFUSED|postgres:\/\/|SqliteError|Kysely/],
  ["a file path", /\/work\/|\/build\/server\//],
];

function expectNoLeaks(label: string, body: string): void {
  for (const [what, pattern] of LEAKS) {
    expect(pattern.test(body), `${label} shows ${what}: ${body.match(pattern)?.[0]}`).toBe(false);
  }
}

test.describe("error answers show no stack traces or SQL", () => {
  const page = "/roof-repair-brunswick";
  const garbage: { label: string; path: string; init: RequestInit }[] = [
    { label: "API: malformed JSON", path: QUOTE_API, init: json('{"name": ') },
    { label: "API: deep nesting", path: QUOTE_API, init: json(`${"[".repeat(10_000)}`) },
    {
      label: "API: invalid UTF-8",
      path: QUOTE_API,
      init: json(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
    },
    {
      label: "API: operators and prototypes",
      path: QUOTE_API,
      init: json('{"name":{"$gt":""},"__proto__":{"admin":true},"constructor":{"prototype":{}}}'),
    },
    {
      label: "API: wrong type",
      path: QUOTE_API,
      init: { method: "POST", body: "<xml/>", headers: { "Content-Type": "application/xml" } },
    },
    { label: "API: too big", path: QUOTE_API, init: json(`"${"x".repeat(MAX_BODY * 2)}"`) },
    { label: "API: PUT", path: QUOTE_API, init: { method: "PUT", body: "{}" } },
    {
      label: "form: SQL in the fields",
      path: page,
      init: form({
        name: "Robert'); DROP TABLE quote_requests;--",
        phone: "1' OR '1'='1",
        postcode: "3056",
      }),
    },
    {
      label: "form: bad percent-encoding",
      path: page,
      init: form("name=%E0%A4%A&phone=%%%&postcode=%"),
    },
    {
      label: "form: broken multipart",
      path: page,
      init: {
        method: "POST",
        body: "--x\r\nnope",
        headers: { "Content-Type": "multipart/form-data; boundary=y" },
      },
    },
    {
      label: "form: JSON to the page",
      path: page,
      init: { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } },
    },
    { label: "form: too big", path: page, init: form({ name: "x".repeat(MAX_BODY * 2) }) },
    { label: "a bad URL", path: "/%E0%A4%A", init: {} },
    { label: "a path traversal", path: "/..%2f..%2fetc%2fpasswd", init: {} },
    {
      label: "a POST to a page without a form",
      path: "/privacy-policy",
      init: form({ name: "x" }),
    },
  ];
  for (const { label, path, init } of garbage) {
    test(label, async () => {
      const response = await get(path, init);
      const body = await response.text();
      expect(response.status, label).toBeGreaterThanOrEqual(300);
      expectNoLeaks(label, body);
    });
  }

  test("SQL typed into the fields is stored as text, and the table is still there", async () => {
    const name = `${uniqueName()} '); DROP TABLE quote_requests;--`;
    const answer = await postQuote(BASE, validQuote({ name, message: "1' OR '1'='1" }));
    expect(answer.status).toBe(201);
    const rows = sqliteRowsNamed(E2E_DB_FILE, name);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.message).toBe("1' OR '1'='1");
    const tables = withSqlite(E2E_DB_FILE, (db) =>
      db.prepare("select name from sqlite_master where type = 'table'").all(),
    );
    expect(tables).toContainEqual({ name: "quote_requests" });
  });

  test("garbage sent to the form action is a client error (4xx), not a server error", async () => {
    const serverErrors: string[] = [];
    for (const { label, path, init } of garbage.filter((g) => g.path === page)) {
      const response = await get(path, init);
      await response.arrayBuffer();
      if (response.status >= 500) serverErrors.push(`${label}: ${response.status}`);
    }
    expect(serverErrors).toEqual([]);
  });
});

function json(body: string | Buffer): RequestInit {
  return {
    method: "POST",
    body: typeof body === "string" ? body : new Uint8Array(body),
    headers: { "Content-Type": "application/json" },
  };
}

function form(fields: Record<string, string> | string): RequestInit {
  return {
    method: "POST",
    body: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  };
}

test.describe("logs: one JSON line per request, no personal data", () => {
  const servers: RunningServer[] = [];
  const scratch: { remove(): void }[] = [];
  test.afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const db of scratch) db.remove();
  });

  test("a working and a broken server log requests, not what people typed", async () => {
    const db = scratchSqlite("logs");
    scratch.push(db);
    const [server, broken] = await Promise.all([
      spawnServer({ DATABASE_URL: db.url, RATE_LIMIT_MAX: "1000", QUOTE_MIN_FILL_MS: "0" }),
      spawnServer({
        DATABASE_URL: "postgres://app:app@127.0.0.1:1/x",
        RATE_LIMIT_MAX: "1000",
        QUOTE_MIN_FILL_MS: "0",
      }),
    ]);
    servers.push(server, broken);

    const secret = randomUUID();
    const email = `leak-${secret}@example.com`;
    const message = `Private message ${secret}`;
    const name = `Private Name ${secret}`;
    const typed = { name, phone: "0412 345 678", email, postcode: "3056", message };

    const requestLines = (s: RunningServer) =>
      s
        .stdout()
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => typeof entry.method === "string");
    // Wait for the start-up health check's own line, then count from there.
    await expect.poll(() => requestLines(server).length).toBeGreaterThan(0);
    const baseline = requestLines(server).length;

    const made: { id: string | null; method: string; path: string; status: number }[] = [];
    const send = async (method: string, path: string, init: RequestInit = {}) => {
      const response = await fetch(new URL(path, server.url), {
        method,
        redirect: "manual",
        ...init,
        // Without a trusted proxy (TRUST_PROXY=0) a client can't choose its own request id.
        headers: { ...init.headers, "X-Request-Id": "client-chosen-id" },
      });
      await response.arrayBuffer();
      made.push({
        id: response.headers.get("x-request-id"),
        method,
        path: new URL(path, server.url).pathname,
        status: response.status,
      });
      await expect.poll(() => requestLines(server).length).toBe(baseline + made.length);
    };
    await send("GET", "/");
    await send("GET", `/?email=${encodeURIComponent(email)}`);
    await send("POST", QUOTE_API, json(JSON.stringify(typed)));
    await send("POST", QUOTE_API, json(JSON.stringify({ ...typed, phone: "12" })));
    await send("POST", "/roof-repair-brunswick", form(typed));
    await send("POST", "/roof-repair-brunswick", form({ ...typed, postcode: "30" }));
    await send("GET", "/healthz");
    await send("GET", `/missing-${randomUUID()}`);
    // Answers the server makes up itself, not React Router, carry an id too.
    await send("GET", "/roof-repair-brunswick/");
    await send("DELETE", "/");
    await send("POST", "/roof-repair-brunswick", {
      ...form(typed),
      headers: {
        ...form(typed).headers,
        Origin: "https://elsewhere.example",
        "Sec-Fetch-Site": "cross-site",
      },
    });
    // fetch adds "Cache-Control: no-cache" to a conditional request unless it has one already.
    await send("GET", "/", { headers: { "If-None-Match": "*", "Cache-Control": "max-age=0" } });

    // Exactly one line per request, each saying what happened.
    const lines = requestLines(server).slice(baseline);
    expect(
      lines.map((l) => ({ id: l.id, method: l.method, path: l.path, status: l.status })),
    ).toEqual(made);
    expect(made.map((m) => m.status)).toEqual([
      200, 200, 201, 400, 303, 400, 200, 404, 301, 405, 403, 304,
    ]);
    // Each request its own id, ours, sent back as X-Request-Id.
    expect(new Set(made.map((m) => m.id)).size).toBe(made.length);
    for (const { id } of made) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(["id", "method", "ms", "path", "status", "time"]);
      expect(typeof line.time).toBe("string");
      expect(typeof line.ms).toBe("number");
      // The visitor's address is theirs too: it stays out of the request log.
      expect(JSON.stringify(line)).not.toMatch(/127\.0\.0\.1|::1|::ffff/);
    }
    // Every stdout line, request or not, is a JSON object.
    for (const line of server
      .stdout()
      .split("\n")
      .filter((l) => l.trim())) {
      expect(() => JSON.parse(line), line).not.toThrow();
    }

    // The broken server's failures are logged without what was typed, too.
    expect((await postQuote(broken.url, typed)).status).toBe(503);
    const brokenForm = await fetch(new URL("/roof-repair-brunswick", broken.url), {
      redirect: "manual",
      ...form(typed),
    });
    await brokenForm.arrayBuffer();
    expect(brokenForm.status).toBe(503);
    await expect
      .poll(
        () => requestLines(broken).filter((l) => l.method === "POST" && l.status === 503).length,
      )
      .toBe(2);

    for (const s of [server, broken]) {
      const output = `${s.stdout()}\n${s.stderr()}`;
      expect(output.includes(email), "e-mail in the logs").toBe(false);
      expect(output.includes(message), "message in the logs").toBe(false);
      expect(output.includes(name), "name in the logs").toBe(false);
      expect(output.includes(secret), "anything typed in the logs").toBe(false);
    }
    // The control: the row did arrive, so the values really went through the server. The form
    // post repeats the API's request from the same client, so it is the same lead, stored once.
    expect(sqliteRowsNamed(db.file, name)).toHaveLength(1);
  });
});

test("stored text is shown back as text: markup in the fields never runs", async ({
  page,
  browserLog,
}) => {
  browserLog.allow(/Failed to load resource: the server responded with a status of 400/);
  const violations = await watchCsp(page);
  await page.goto("/roof-repair-brunswick");
  await wakeForm(page);

  const values = {
    name: "<script>window.__xss=1</script>",
    phone: "12", // invalid, so the page renders the values back
    email: '"><img src=x onerror="window.__xss=2">',
    postcode: "3056",
    message: "</textarea><script>window.__xss=3</script><b>bold</b>",
  };
  const form = quoteForm(page);
  for (const [field, value] of Object.entries(values)) {
    await form.field(field as keyof typeof values).fill(value);
  }
  // Post the form the no-JavaScript way (HTMLFormElement.submit skips React's handler),
  // so the server renders the page with the values.
  const posted = page.waitForResponse((r) => r.request().method() === "POST");
  await form.form.evaluate((element: HTMLFormElement) => element.submit());
  expect((await posted).status()).toBe(400);
  await page.waitForLoadState("load");
  await wakeForm(page);

  for (const [field, value] of Object.entries(values)) {
    await expect(form.field(field as keyof typeof values), field).toHaveValue(value);
  }
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();
  // Nothing the visitor typed became an element.
  expect(
    await page.evaluate(() =>
      [...document.scripts].some((s) => s.textContent?.trim() === "window.__xss=1"),
    ),
  ).toBe(false);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator("#quote-form b")).toHaveCount(0);
  expect(await violations()).toEqual([]);
});
