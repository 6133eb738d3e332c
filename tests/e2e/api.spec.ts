// The JSON API over real HTTP: what it accepts, what it refuses and why, and that nothing
// is stored unless the answer was 201. Rows are found in the real SQLite file by a name no
// other test uses.
import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { E2E_BASE_URL, E2E_DB_FILE } from "../support/config";
import { type QuoteRow, scratchSqlite, sqliteRowsNamed, withSqlite } from "../support/db-helpers";
import {
  answerOf,
  PHONE,
  postQuote,
  QUOTE_API,
  uniqueName,
  validQuote,
} from "../support/quote-helpers";
import { type RunningServer, spawnServer } from "../support/spawn-server";

const BASE = E2E_BASE_URL;
const rowsWithMessageLike = (pattern: string) =>
  withSqlite(E2E_DB_FILE, (db) =>
    db.prepare("select id from quote_requests where message like ?").all(pattern),
  );
const rowsNamed = (name: string): QuoteRow[] => sqliteRowsNamed(E2E_DB_FILE, name);
const MAX_BODY = 16 * 1024;

/** A JSON object of exactly `bytes` bytes: a valid request padded with an unknown field. */
function bodyOfSize(bytes: number, name: string): string {
  const base = JSON.stringify({ ...validQuote({ name }), padding: "" });
  const pad = bytes - Buffer.byteLength(base);
  if (pad < 0) throw new Error("body too small for the padding");
  const body = JSON.stringify({ ...validQuote({ name }), padding: "x".repeat(pad) });
  expect(Buffer.byteLength(body)).toBe(bytes);
  return body;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Sends `chunks` with Transfer-Encoding: chunked (no Content-Length) using node:http, so
 * the server can't know the size up front. The chunks go out a few milliseconds apart and
 * sending stops as soon as an answer arrives: a server that answers early and closes would
 * otherwise reset the connection under the answer.
 */
async function sendChunked(
  url: string,
  chunks: readonly Buffer[],
  headers: Record<string, string>,
): Promise<RawAnswer> {
  const target = new URL(QUOTE_API, url);
  const req = httpRequest({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: "POST",
    headers: { ...headers, "Transfer-Encoding": "chunked" },
  });
  let responded = false;
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error("no answer to the chunked request within 20 s"));
    }, 20_000);
    req.on("response", (res) => {
      responded = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (part) => {
        body += part;
      });
      const finish = () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      };
      res.on("end", finish);
      res.on("close", finish);
    });
    req.on("error", (error) => {
      if (responded) return;
      clearTimeout(timer);
      reject(error);
    });
  });
  for (const chunk of chunks) {
    if (responded || req.destroyed) break;
    req.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  if (!responded && !req.destroyed) req.end();
  return answer;
}

test.describe("POST /api/quote-requests on the shared server", () => {
  test("stores a valid request once and answers 201 with its id", async () => {
    const name = uniqueName();
    const answer = await postQuote(
      BASE,
      {
        name: `  ${name}  `,
        phone: " (03) 9555-1234 ",
        email: "  Sam.Nguyen@Example.COM ",
        postcode: " 3056 ",
        message: "  Water in the hallway.\nAnd the laundry.  ",
      },
      // A charset parameter is still JSON.
      { "Content-Type": "application/json; charset=UTF-8" },
    );
    expect(answer.status).toBe(201);
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(Object.keys(answer.json ?? {})).toEqual(["id"]);
    const id = answer.json?.id;
    expect(typeof id).toBe("number");

    const rows = rowsNamed(name);
    expect(rows).toHaveLength(1);
    const row = rows[0] as QuoteRow;
    expect(row.id).toBe(id);
    expect(row).toMatchObject({
      name,
      phone: "(03) 9555-1234",
      phone_normalised: "0395551234",
      email: "sam.nguyen@example.com",
      postcode: "3056",
      message: "Water in the hallway.\nAnd the laundry.",
      is_spam: 0,
      spam_reason: null,
      outside_service_area: 0,
    });
    expect(row.suburb).toContain("Brunswick");
    expect(Date.now() - Date.parse(row.created_at)).toBeLessThan(60_000);
  });

  test("blank optional fields are stored as NULL; absent ones too", async () => {
    const blank = uniqueName();
    expect(
      (await postQuote(BASE, validQuote({ name: blank, email: "  ", message: "" }))).status,
    ).toBe(201);
    const absent = uniqueName();
    expect(
      (await postQuote(BASE, { name: absent, phone: "0412345678", postcode: "3000" })).status,
    ).toBe(201);
    for (const name of [blank, absent]) {
      const [row] = rowsNamed(name);
      expect(row?.email, name).toBeNull();
      expect(row?.message, name).toBeNull();
    }
  });

  test("unknown extra fields and client-sent derived columns are ignored", async () => {
    const name = uniqueName();
    const answer = await postQuote(
      BASE,
      validQuote({
        name,
        postcode: "3056",
        suburb: "Hackerville",
        id: 424_242_424,
        is_spam: 1,
        spam_reason: "client",
        outside_service_area: 1,
        created_at: "1999-01-01T00:00:00.000Z",
        phone_normalised: "000",
        admin: true,
        source_page: "https://evil.example/",
      }),
    );
    expect(answer.status).toBe(201);
    const [row] = rowsNamed(name);
    expect(row).toBeDefined();
    expect(row?.id).not.toBe(424_242_424);
    expect(row?.suburb).toBe("Brunswick, Brunswick North");
    expect(row?.is_spam).toBe(0);
    expect(row?.spam_reason).toBeNull();
    expect(row?.outside_service_area).toBe(0);
    expect(row?.created_at.startsWith("1999")).toBe(false);
    expect(row?.phone_normalised).toBe("0412345678");
    // Only our own landing pages count as a source page.
    expect(row?.source_page).toBeNull();
  });

  test("a landing page path sent as source_page is kept", async () => {
    const name = uniqueName();
    expect(
      (await postQuote(BASE, validQuote({ name, source_page: "/roof-repair-brunswick" }))).status,
    ).toBe(201);
    expect(rowsNamed(name)[0]?.source_page).toBe("/roof-repair-brunswick");
  });

  test("postcodes outside Victoria or the service area are accepted and flagged", async () => {
    const cases = [
      { postcode: "3000", outside: 0, suburb: "Melbourne" },
      { postcode: "3207", outside: 0, suburb: "Port Melbourne" },
      { postcode: "3500", outside: 1, suburb: "3500" }, // Victoria, but Mildura
      { postcode: "2000", outside: 1, suburb: "2000" }, // Sydney
      { postcode: "0800", outside: 1, suburb: "0800" }, // Darwin
    ];
    for (const c of cases) {
      const name = uniqueName();
      const answer = await postQuote(BASE, validQuote({ name, postcode: c.postcode }));
      expect(answer.status, c.postcode).toBe(201);
      const [row] = rowsNamed(name);
      expect(row?.outside_service_area, c.postcode).toBe(c.outside);
      expect(row?.suburb, c.postcode).toBe(c.suburb);
    }
  });

  test("400 names each bad field and why, and stores nothing", async () => {
    const marker = uniqueName("Bad");
    const answer = await postQuote(BASE, {
      name: "   ",
      phone: "12",
      email: "not-an-email",
      postcode: "30a6",
      message: `${marker} ${"x".repeat(2001)}`,
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("content-type")).toContain("application/json");
    const errors = answer.json?.fieldErrors as Record<string, string> | undefined;
    expect(errors).toBeDefined();
    expect(Object.keys(errors ?? {}).sort()).toEqual(
      ["email", "message", "name", "phone", "postcode"].sort(),
    );
    expect(errors?.name).toMatch(/name/i);
    expect(errors?.phone).toMatch(/short|digits/i);
    expect(errors?.email).toMatch(/email/i);
    expect(errors?.postcode).toMatch(/4 digits/i);
    expect(errors?.message).toMatch(/2,000|2000/);
    // Found by what the server would have kept (the name trims to nothing, so not by that).
    expect(rowsWithMessageLike(`${marker}%`)).toEqual([]);
  });

  test("missing required fields and non-text values are refused", async () => {
    const missing = await postQuote(BASE, {});
    expect(missing.status).toBe(400);
    expect(Object.keys((missing.json?.fieldErrors as object) ?? {}).sort()).toEqual([
      "name",
      "phone",
      "postcode",
    ]);

    const name = uniqueName();
    const wrongTypes = await postQuote(BASE, {
      name,
      phone: 412345678,
      postcode: 3056,
      email: ["a@b.com"],
      message: { text: "hi" },
    });
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys((wrongTypes.json?.fieldErrors as object) ?? {}).sort()).toEqual([
      "email",
      "message",
      "phone",
      "postcode",
    ]);
    expect(rowsNamed(name)).toHaveLength(0);
  });

  // Each case: the field, a value just inside the rule (201) and one just outside (400).
  const boundaries: { field: string; ok: unknown[]; bad: unknown[] }[] = [
    {
      field: "name",
      ok: ["x".repeat(100), `  ${"y".repeat(100)}  `],
      bad: ["x".repeat(101), "Sam\u0007Nguyen", "Sam\nNguyen", "Sam\u0000", "\t"],
    },
    {
      field: "phone",
      ok: [
        "12345678",
        "123456789012345",
        "+61 3 5550 4321",
        "(03) 5550-4321",
        "+61 0412 345 678",
        "+44 20 7946 0958",
        "0412.345.678",
      ],
      bad: [
        "1234567",
        "1234567890123456",
        "0412 345 67a",
        "phone me",
        "+61 3 5550 432\u0000",
        "12 34",
        `12345678${"-".repeat(33)}`, // 41 characters: over the length limit
      ],
    },
    {
      field: "postcode",
      ok: ["3000", " 3056 "],
      bad: ["300", "30000", "30a0", "３０００", "3 000"],
    },
    {
      field: "email",
      ok: [`${"a".repeat(242)}@example.com`, "first.last+roof@sub.example.com.au", null, ""],
      bad: [
        `${"a".repeat(243)}@example.com`,
        "sam@",
        "sam@example",
        "sam example@x.com",
        "sam@exa\u0001mple.com",
      ],
    },
    {
      field: "message",
      ok: ["m".repeat(2000), "Line one\nLine two\r\n\tIndented", null],
      bad: ["m".repeat(2001), "Bell \u0007", "Null \u0000", "Escape \u001b[31m"],
    },
  ];
  for (const { field, ok, bad } of boundaries) {
    test(`validation of ${field}: limits and control characters`, async () => {
      for (const value of ok) {
        const name = uniqueName();
        const body = validQuote({ name, [field]: value });
        const answer = await postQuote(BASE, body);
        expect(answer.status, `${field} = ${JSON.stringify(value)} should be accepted`).toBe(201);
      }
      for (const value of bad) {
        const name = uniqueName();
        const body = validQuote({ name, [field]: value });
        const answer = await postQuote(BASE, body);
        expect(answer.status, `${field} = ${JSON.stringify(value)} should be refused`).toBe(400);
        const errors = answer.json?.fieldErrors as Record<string, string> | undefined;
        expect(Object.keys(errors ?? {}), JSON.stringify(value)).toEqual([field]);
        expect(errors?.[field]?.length ?? 0).toBeGreaterThan(5);
        if (field !== "name") expect(rowsNamed(name), JSON.stringify(value)).toHaveLength(0);
      }
    });
  }

  test("malformed JSON is a 400 and stores nothing", async () => {
    const name = uniqueName();
    const bodies = [
      `{"name":"${name}","phone":"0412345678","postcode":"3056"`,
      "",
      "not json",
      `[{"name":"${name}","phone":"0412345678","postcode":"3056"}]`,
      "null",
      "42",
      `"${name}"`,
    ];
    for (const body of bodies) {
      const answer = await postQuote(BASE, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json?.error, JSON.stringify(body)).toBe("malformed_json");
    }
    // Bytes that aren't UTF-8 are malformed, not quietly replaced.
    const invalidUtf8 = Buffer.concat([
      Buffer.from(`{"name":"${name}","phone":"0412345678","postcode":"3056","message":"`),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('"}'),
    ]);
    const answer = await answerOf(
      await fetch(new URL(QUOTE_API, BASE), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: invalidUtf8,
      }),
    );
    expect(answer.status).toBe(400);
    expect(rowsNamed(name)).toHaveLength(0);
  });

  test("16 KB is accepted; one byte more is 413 with a truthful Content-Length", async () => {
    const fits = uniqueName();
    const atLimit = await postQuote(BASE, bodyOfSize(MAX_BODY, fits));
    expect(atLimit.status).toBe(201);
    expect(rowsNamed(fits)).toHaveLength(1);

    const tooBig = uniqueName();
    const over = await postQuote(BASE, bodyOfSize(MAX_BODY + 1, tooBig));
    expect(over.status).toBe(413);
    expect(over.headers.get("content-type")).toContain("application/json");
    expect(over.json?.error).toBe("payload_too_large");
    expect(rowsNamed(tooBig)).toHaveLength(0);

    const huge = uniqueName();
    const wayOver = await postQuote(BASE, bodyOfSize(200 * 1024, huge));
    expect(wayOver.status).toBe(413);
    expect(rowsNamed(huge)).toHaveLength(0);
  });

  test("413 for an oversized body sent chunked, with no Content-Length", async () => {
    const name = uniqueName();
    const body = Buffer.from(bodyOfSize(64 * 1024, name));
    const chunks: Buffer[] = [];
    for (let at = 0; at < body.length; at += 1024) chunks.push(body.subarray(at, at + 1024));
    const answer = await sendChunked(BASE, chunks, { "Content-Type": "application/json" });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: "payload_too_large" });
    expect(rowsNamed(name)).toHaveLength(0);

    // The same way of sending works for a body within the limit (the test can tell).
    const small = uniqueName();
    const ok = await sendChunked(BASE, [Buffer.from(JSON.stringify(validQuote({ name: small })))], {
      "Content-Type": "application/json",
    });
    expect(ok.status).toBe(201);
    expect(rowsNamed(small)).toHaveLength(1);
  });

  test("415 for any content type that isn't JSON, and nothing stored", async () => {
    const cases: { label: string; headers: Record<string, string>; body: BodyInit }[] = [];
    const names: string[] = [];
    const json = () => {
      const name = uniqueName();
      names.push(name);
      return { name, text: JSON.stringify(validQuote({ name })) };
    };
    {
      const { name } = json();
      cases.push({
        label: "form-encoded",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name, phone: "0412345678", postcode: "3056" }).toString(),
      });
    }
    cases.push({
      label: "text/plain",
      headers: { "Content-Type": "text/plain" },
      body: json().text,
    });
    cases.push({
      label: "application/jsonx",
      headers: { "Content-Type": "application/jsonx" },
      body: json().text,
    });
    // A Uint8Array body makes fetch send no Content-Type at all.
    cases.push({ label: "missing", headers: {}, body: new TextEncoder().encode(json().text) });

    for (const c of cases) {
      const response = await fetch(new URL(QUOTE_API, BASE), {
        method: "POST",
        headers: c.headers,
        body: c.body,
      });
      const answer = await answerOf(response);
      expect(answer.status, c.label).toBe(415);
      expect(answer.json?.error, c.label).toBe("unsupported_media_type");
    }
    // Multipart is the form with photos (tests/e2e/photos.spec.ts): JSON sent under its name
    // is a broken form, 400, not a 415.
    {
      const { name, text } = json();
      const broken = await fetch(new URL(QUOTE_API, BASE), {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        body: text,
      });
      const answer = await answerOf(broken);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ error: "photos", problem: "malformed" });
      expect(rowsNamed(name)).toHaveLength(0);
    }
    for (const name of names) expect(rowsNamed(name), name).toHaveLength(0);

    // The control: JSON with a charset parameter is fine.
    const name = uniqueName();
    const ok = await postQuote(BASE, validQuote({ name }), {
      "Content-Type": "application/json; charset=utf-8",
    });
    expect(ok.status).toBe(201);
  });

  test("GET is not a listing, and no route lists stored requests", async () => {
    const name = uniqueName("Secret");
    const stored = await postQuote(BASE, validQuote({ name, email: "secret-lister@example.com" }));
    expect(stored.status).toBe(201);
    const id = String(stored.json?.id);

    const probes = [
      ["GET", QUOTE_API],
      ["GET", `${QUOTE_API}?all=1`],
      ["GET", `${QUOTE_API}/${id}`],
      ["GET", `${QUOTE_API}/1`],
      ["GET", `${QUOTE_API}.json`],
      ["GET", `${QUOTE_API}/`],
      ["GET", "/api/quote-requests?id=1"],
      ["GET", "/api"],
      ["GET", "/api/quotes"],
      ["GET", "/admin"],
      ["PUT", QUOTE_API],
      ["PATCH", QUOTE_API],
      ["DELETE", QUOTE_API],
      ["DELETE", `${QUOTE_API}/${id}`],
    ] as const;
    for (const [method, path] of probes) {
      const response = await fetch(new URL(path, BASE), {
        method,
        headers: method === "GET" ? {} : { "Content-Type": "application/json" },
        body: method === "GET" ? undefined : "{}",
        redirect: "manual",
      });
      const text = await response.text();
      // The owner's inbox is behind a sign-in: without one it only points there.
      const refused = path === "/admin" ? [303] : [404, 405];
      expect(refused, `${method} ${path}`).toContain(response.status);
      expect(text, `${method} ${path}`).not.toContain(name);
      expect(text, `${method} ${path}`).not.toContain("secret-lister@example.com");
      expect(text, `${method} ${path}`).not.toContain("phone_normalised");
    }
    const get = await fetch(new URL(QUOTE_API, BASE));
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    // Still exactly one row: none of the probes changed anything.
    expect(rowsNamed(name)).toHaveLength(1);
  });

  test("GET /healthz is 200 while the database answers", async () => {
    const response = await fetch(new URL("/healthz", BASE));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toContain("no-store");
  });

  test("an Idempotency-Key replay answers the same id; the key reused for another request is 409", async () => {
    const name = uniqueName();
    const key = `test-${crypto.randomUUID()}`;
    const body = validQuote({ name });
    const first = await postQuote(BASE, body, { "Idempotency-Key": key });
    const again = await Promise.all([
      postQuote(BASE, body, { "Idempotency-Key": key }),
      postQuote(BASE, body, { "Idempotency-Key": key }),
    ]);
    expect(first.status).toBe(201);
    for (const answer of again) {
      expect(answer.status).toBe(201);
      expect(answer.json?.id).toBe(first.json?.id);
    }
    expect(rowsNamed(name)).toHaveLength(1);
    // Stored scoped to the client, never as sent.
    expect(rowsNamed(name)[0]?.idempotency_key).toMatch(/^k1:/);

    // The same key with another customer's details: refused, nothing stored, the first kept.
    const someoneElse = uniqueName();
    const reused = await postQuote(BASE, validQuote({ name: someoneElse }), {
      "Idempotency-Key": key,
    });
    expect(reused.status).toBe(409);
    expect(reused.json).toMatchObject({ error: "idempotency_key_reused" });
    expect(String(reused.json?.message)).toMatch(/different request/);
    expect(rowsNamed(someoneElse)).toEqual([]);

    // Without a key, the same body twice in a row is a double submit: one row.
    const other = uniqueName();
    const once = await postQuote(BASE, validQuote({ name: other }));
    const twice = await postQuote(BASE, validQuote({ name: other }));
    expect(twice.json?.id).toBe(once.json?.id);
    expect(rowsNamed(other)).toHaveLength(1);
  });

  test("honeypot filled: the same 201, stored as spam 'honeypot'", async () => {
    const name = uniqueName();
    const answer = await postQuote(
      BASE,
      validQuote({ name, company_website: "https://cheap-seo.example" }),
    );
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.json ?? {})).toEqual(["id"]);
    const [row] = rowsNamed(name);
    expect(row?.is_spam).toBe(1);
    expect(row?.spam_reason).toBe("honeypot");

    // The control: an empty honeypot is a person.
    const person = uniqueName();
    expect((await postQuote(BASE, validQuote({ name: person, company_website: "" }))).status).toBe(
      201,
    );
    expect(rowsNamed(person)[0]?.is_spam).toBe(0);
  });
});

test.describe("servers of their own", () => {
  const servers: RunningServer[] = [];
  const scratch: { remove(): void }[] = [];
  async function start(env: Record<string, string>): Promise<RunningServer> {
    const db = scratchSqlite("api");
    scratch.push(db);
    const server = await spawnServer({
      DATABASE_URL: db.url,
      RATE_LIMIT_MAX: "100000",
      QUOTE_MIN_FILL_MS: "0",
      TRUST_PROXY: "0",
      ...env,
    });
    servers.push(server);
    return server;
  }
  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop("SIGKILL")));
    for (const db of scratch) db.remove();
  });

  test("429 past the rate limit, with Retry-After and the phone number; stores nothing", async () => {
    const db = scratchSqlite("rate");
    scratch.push(db);
    const server = await spawnServer({
      DATABASE_URL: db.url,
      RATE_LIMIT_MAX: "3",
      QUOTE_MIN_FILL_MS: "0",
      TRUST_PROXY: "0",
    });
    servers.push(server);

    // Invalid requests store nothing and don't use up the allowance.
    expect((await postQuote(server.url, { name: "x" })).status).toBe(400);

    for (let i = 0; i < 3; i++) {
      const name = uniqueName();
      expect((await postQuote(server.url, validQuote({ name }))).status, `request ${i + 1}`).toBe(
        201,
      );
    }
    const fourth = uniqueName();
    const limited = await postQuote(server.url, validQuote({ name: fourth }));
    expect(limited.status).toBe(429);
    expect(String(limited.json?.message)).toContain(PHONE);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(sqliteRowsNamed(db.file, fourth)).toHaveLength(0);

    // A made-up X-Forwarded-For doesn't make a new visitor when the proxy isn't trusted.
    const spoofed = uniqueName();
    const answer = await postQuote(server.url, validQuote({ name: spoofed }), {
      "X-Forwarded-For": "203.0.113.77",
    });
    expect(answer.status).toBe(429);
    expect(sqliteRowsNamed(db.file, spoofed)).toHaveLength(0);
  });

  test("behind a trusted proxy (TRUST_PROXY=1) the address is the proxy's, one hop from the right", async () => {
    const server = await start({ RATE_LIMIT_MAX: "3", TRUST_PROXY: "1" });
    // The test plays the proxy: the last X-Forwarded-For entry is what it saw.
    const from = (forwarded: string, name = uniqueName()) =>
      postQuote(server.url, validQuote({ name }), { "X-Forwarded-For": forwarded });

    for (let i = 0; i < 3; i++) expect((await from("198.51.100.1")).status).toBe(201);
    expect((await from("198.51.100.1")).status).toBe(429);
    // Whatever the visitor wrote to the left of it is theirs to invent and changes nothing.
    expect((await from("203.0.113.9, 198.51.100.1")).status).toBe(429);
    expect((await from("198.51.100.2")).status).toBe(201);
    expect((await from("198.51.100.1, 198.51.100.2")).status).toBe(201);
  });

  test("503 when the database is unavailable; pages still serve", async () => {
    const server = await spawnServer({
      DATABASE_URL: "postgres://app:app@127.0.0.1:1/x",
      RATE_LIMIT_MAX: "100000",
      QUOTE_MIN_FILL_MS: "0",
    });
    servers.push(server);

    const health = await fetch(new URL("/healthz", server.url));
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "unavailable" });

    const answer = await postQuote(server.url, validQuote());
    expect(answer.status).toBe(503);
    expect(String(answer.json?.message)).toContain(PHONE);
    // Validation still answers first: a bad request is a 400, not a 503.
    expect((await postQuote(server.url, { name: "" })).status).toBe(400);

    for (const path of ["/", "/roof-repair-brunswick", "/thank-you", "/privacy-policy"]) {
      const page = await fetch(new URL(path, server.url));
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain("<html");
    }
    expect(server.process.exitCode).toBeNull();
  });
});
