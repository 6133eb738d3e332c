// Production runs behind a TLS-terminating nginx (deploy/nginx.conf). Through it, the plain
// no-JavaScript form must still reach /thank-you and store the lead, whatever the proxy does
// to Host; the visitor's address is the proxy's account of it, never the client's own claim.
import { request as httpRequest } from "node:http";
import { request as playwrightRequest } from "@playwright/test";
import { scratchSqlite, sqliteRowsNamed } from "../support/db-helpers";
import { expect, test } from "../support/fixtures";
import { NO_NGINX, type RunningProxy, skipWithoutNginx, startProxy } from "../support/nginx-proxy";
import { phonePhoto } from "../support/photo-images";
import { fillForm, QUOTE_API, quoteForm, uniqueName, validQuote } from "../support/quote-helpers";
import { freePort, type RunningServer, spawnServer } from "../support/spawn-server";

test.skip(skipWithoutNginx(), NO_NGINX);
test.use({ javaScriptEnabled: false, ignoreHTTPSErrors: true });

interface Stack {
  proxy: RunningProxy;
  server: RunningServer;
  db: ReturnType<typeof scratchSqlite>;
}

async function startStack(
  label: string,
  host: "visitor" | "upstream",
  env: Record<string, string> = {},
): Promise<Stack> {
  const db = scratchSqlite(label);
  const httpsPort = await freePort();
  const server = await spawnServer({
    DATABASE_URL: db.url,
    TRUST_PROXY: "1",
    QUOTE_MIN_FILL_MS: "0",
    // The proxy that rewrites Host needs the public origin spelled out.
    ...(host === "upstream" ? { SITE_URL: `https://localhost:${httpsPort}` } : {}),
    ...env,
  });
  const proxy = await startProxy({ upstreams: [server.port], host, httpsPort });
  return { proxy, server, db };
}

async function stopStack(stack: Stack | undefined) {
  await stack?.proxy.stop();
  await stack?.server.stop();
  stack?.db.remove();
}

for (const host of ["visitor", "upstream"] as const) {
  test.describe(`behind HTTPS, proxy sending ${host === "visitor" ? "the visitor's Host" : "its upstream's name as Host"}`, () => {
    let stack: Stack | undefined;
    test.beforeAll(async () => {
      stack = await startStack(`proxy-${host}`, host);
    });
    test.afterAll(() => stopStack(stack));

    test("the no-JavaScript form stores the lead and lands on /thank-you", async ({ page }) => {
      const base = stack?.proxy.httpsUrl ?? "";
      const response = await page.goto(`${base}/roof-repair-brunswick`);
      expect(response?.status()).toBe(200);
      expect(await response?.headerValue("strict-transport-security")).toMatch(/max-age=/);
      const name = uniqueName("Proxy");
      await fillForm(page, { name, phone: "0412 345 678", postcode: "3056" });
      await quoteForm(page).submit.click();
      await page.waitForURL(`${base}/thank-you`);
      const rows = sqliteRowsNamed(stack?.db.file ?? "", name);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.source_page).toBe("/roof-repair-brunswick");
    });

    // Issue 22: the shipped nginx config takes a photo upload far past its old 32 KB body
    // limit and streams it on; the photo is stored with the lead.
    test("the no-JavaScript form with photos gets through the proxy", async ({ page }) => {
      const base = stack?.proxy.httpsUrl ?? "";
      await page.goto(`${base}/roof-repair-brunswick`);
      const name = uniqueName("ProxyPhoto");
      await fillForm(page, { name, phone: "0412 345 678", postcode: "3056" });
      const photo = await phonePhoto(3000, 2000, 95);
      expect(photo.byteLength).toBeGreaterThan(256 * 1024);
      await page
        .locator('input[name="photos"]')
        .setInputFiles([{ name: "roof.jpg", mimeType: "image/jpeg", buffer: photo }]);
      await quoteForm(page).submit.click();
      await page.waitForURL(`${base}/thank-you`);
      const rows = sqliteRowsNamed(stack?.db.file ?? "", name) as unknown as {
        photo_count: number;
      }[];
      expect(rows.map((row) => row.photo_count)).toEqual([1]);
    });
  });
}

test.describe("through the shipped proxy config", () => {
  let stack: Stack | undefined;
  test.beforeAll(async () => {
    stack = await startStack("proxy-abuse", "visitor", { RATE_LIMIT_MAX: "2" });
  });
  test.afterAll(() => stopStack(stack));

  test("a post from another site gets a page a person understands, and nothing is stored", async () => {
    const base = stack?.proxy.httpsUrl ?? "";
    const api = await playwrightRequest.newContext({ ignoreHTTPSErrors: true });
    const name = uniqueName("CrossSite");
    const response = await api.post(`${base}/roof-repair-brunswick`, {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      form: { name, phone: "0412 345 678", postcode: "3056" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()["content-type"]).toMatch(/^text\/html/);
    const body = await response.text();
    expect(body).toContain("another website");
    expect(body).toMatch(/href="tel:\+61/);
    expect(sqliteRowsNamed(stack?.db.file ?? "", name)).toEqual([]);
    await api.dispose();
  });

  test("nginx's request id is the server's, in the answer and in the log", async () => {
    const base = stack?.proxy.httpsUrl ?? "";
    const api = await playwrightRequest.newContext({ ignoreHTTPSErrors: true });
    const response = await api.get(`${base}/privacy-policy`, {
      headers: { "X-Request-Id": "client-chosen-id" },
    });
    expect(response.status()).toBe(200);
    const id = response.headers()["x-request-id"] ?? "";
    // nginx's $request_id replaces whatever the client sent.
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await expect
      .poll(() => stack?.server.stdout().includes(`"id":"${id}","method":"GET"`))
      .toBe(true);
    await api.dispose();
  });

  test("a forged X-Forwarded-For does not buy a fresh allowance", async () => {
    const base = stack?.proxy.httpsUrl ?? "";
    const api = await playwrightRequest.newContext({ ignoreHTTPSErrors: true });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await api.post(`${base}${QUOTE_API}`, {
        headers: { "X-Forwarded-For": `203.0.113.${i + 1}` },
        data: validQuote(),
      });
      statuses.push(response.status());
    }
    // Two allowed (RATE_LIMIT_MAX=2), then the same visitor is refused, whatever they claim.
    expect(statuses).toEqual([201, 201, 429]);
    await api.dispose();
  });
});

/** A request from a loopback address of our choosing, as a peer on another host would send it. */
function requestFrom(
  localAddress: string,
  port: number,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        localAddress,
        method: options.method ?? "GET",
        path: options.path ?? "/",
        headers: { Host: `localhost:${port}`, ...options.headers },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

test.describe("forwarded headers from a peer that isn't a configured proxy", () => {
  // 127.0.0.1 plays the proxy (TRUSTED_PROXIES), 127.0.0.2 a host that can reach the server
  // directly: on the same network, or round the proxy through an open port.
  let server: RunningServer | undefined;
  let db: ReturnType<typeof scratchSqlite> | undefined;
  test.beforeAll(async () => {
    db = scratchSqlite("proxy-peer");
    server = await spawnServer({
      DATABASE_URL: db.url,
      HOST: "127.0.0.1",
      TRUST_PROXY: "1",
      TRUSTED_PROXIES: "127.0.0.1",
      RATE_LIMIT_MAX: "2",
      QUOTE_MIN_FILL_MS: "0",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    db?.remove();
  });

  const quote = (from: string, forwardedFor: string) =>
    requestFrom(from, server?.port ?? 0, {
      method: "POST",
      path: QUOTE_API,
      headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
      body: JSON.stringify(validQuote()),
    });

  test("a forged X-Forwarded-For is ignored: the socket's address is counted", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await quote("127.0.0.2", `203.0.113.${i + 1}`)).status);
    expect(statuses).toEqual([201, 201, 429]);
  });

  test("the control: from the configured proxy, each forwarded address has its own allowance", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await quote("127.0.0.1", `198.51.100.${i + 1}`)).status);
    expect(statuses).toEqual([201, 201, 201]);
  });

  test("its X-Forwarded-Proto and X-Request-Id are ignored too", async () => {
    const port = server?.port ?? 0;
    const headers = { "X-Forwarded-Proto": "https", "X-Request-Id": "forged-request-id" };
    const untrusted = await requestFrom("127.0.0.2", port, { path: "/privacy-policy", headers });
    expect(untrusted.status).toBe(200);
    expect(untrusted.headers["strict-transport-security"]).toBeUndefined();
    expect(untrusted.headers["x-request-id"]).not.toBe("forged-request-id");

    const trusted = await requestFrom("127.0.0.1", port, { path: "/privacy-policy", headers });
    expect(trusted.headers["strict-transport-security"]).toMatch(/max-age=/);
    expect(trusted.headers["x-request-id"]).toBe("forged-request-id");
  });
});
