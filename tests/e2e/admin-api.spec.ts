// The inbox's HTTP contract: who may see /admin and change anything there. Its own server on
// its own SQLite file, trusting X-Forwarded-For so each test signs in from an address of its
// own (the sign-in limit counts per address).
import { randomBytes } from "node:crypto";
import BetterSqlite3 from "better-sqlite3";
import { parse } from "csv-parse/sync";
import {
  addOwner,
  adminCli,
  PASSWORD,
  sendLead,
  signInOverHttp,
  uniqueEmail,
} from "../support/admin-helpers";
import { scratchSqlite } from "../support/db-helpers";
import { expect, test } from "../support/fixtures";
import { type RunningServer, spawnServer } from "../support/spawn-server";

test.describe.configure({ mode: "default" });

let server: RunningServer | undefined;
let scratch: ReturnType<typeof scratchSqlite> | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  scratch = scratchSqlite("admin-api");
  server = await spawnServer({
    DATABASE_URL: scratch.url,
    TRUST_PROXY: "1",
    RATE_LIMIT_MAX: "100000",
    QUOTE_MIN_FILL_MS: "0",
  });
});

test.afterAll(async () => {
  await server?.stop();
  scratch?.remove();
});

function running() {
  if (!server || !scratch) throw new Error("the server under test did not start");
  return { base: server.url, url: scratch.url, file: scratch.file };
}

// A new address each call: a random one could land on the address a test above locked out.
let lastAddress = 0;
const address = () => `198.51.100.${++lastAddress}`;

function writeDb<T>(run: (db: BetterSqlite3.Database) => T): T {
  const db = new BetterSqlite3(running().file);
  try {
    return run(db);
  } finally {
    db.close();
  }
}

async function get(path: string, cookie?: string) {
  return fetch(new URL(path, running().base), {
    redirect: "manual",
    headers: cookie ? { Cookie: cookie } : {},
  });
}

async function post(path: string, form: Record<string, string>, headers: Record<string, string>) {
  return fetch(new URL(path, running().base), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
  });
}

async function owner(): Promise<{ email: string; cookie: string; ip: string }> {
  const email = uniqueEmail("owner");
  addOwner(running().url, email);
  const ip = address();
  const signedIn = await signInOverHttp(running().base, email, PASSWORD, { "X-Forwarded-For": ip });
  expect(signedIn.status).toBe(303);
  if (!signedIn.cookie) throw new Error("no session cookie");
  return { email, cookie: signedIn.cookie, ip };
}

const PAGES = ["/admin", "/admin?view=spam", "/admin/leads/1", "/admin/sources"];
const DATA = ["/admin/export.csv", "/admin/google-ads-conversions.csv"];

test("without a session: pages 303 to the sign-in page, downloads 401, all no-store and noindex", async () => {
  for (const path of PAGES) {
    const response = await get(path);
    expect(response.status, path).toBe(303);
    expect(response.headers.get("location"), path).toMatch(/^\/admin\/login(\?next=|$)/);
    expect(response.headers.get("cache-control"), path).toBe("no-store");
  }
  for (const path of DATA) {
    const response = await get(path);
    expect(response.status, path).toBe(401);
    expect(response.headers.get("cache-control"), path).toBe("no-store");
  }
  const login = await get("/admin/login");
  expect(login.status).toBe(200);
  expect(login.headers.get("cache-control")).toBe("no-store");
  expect(login.headers.get("x-robots-tag")).toContain("noindex");
  const html = await login.text();
  expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  // Nothing for the browser to run on the owner's pages, and no ad tracking.
  expect(html).not.toContain("<script");
  expect(login.headers.get("content-security-policy")).toMatch(/script-src 'self';/);
});

test("robots.txt disallows /admin and the sitemap leaves it out", async () => {
  expect(await (await get("/robots.txt")).text()).toMatch(/^Disallow: \/admin$/m);
  expect(await (await get("/sitemap.xml")).text()).not.toContain("/admin");
});

test("signing in: HttpOnly, SameSite=Lax cookie for /admin, a fresh id every time, 30 days", async () => {
  const email = uniqueEmail("cookie");
  addOwner(running().url, email);
  const ip = address();
  const first = await signInOverHttp(running().base, email, PASSWORD, { "X-Forwarded-For": ip });
  const second = await signInOverHttp(running().base, email, PASSWORD, {
    "X-Forwarded-For": ip,
    Cookie: first.cookie ?? "",
  });
  expect(first.status).toBe(303);
  expect(first.headers.get("location")).toBe("/admin");
  expect(first.setCookie).toMatch(
    /^inbox_session=[^;]+; Max-Age=2592000; Path=\/admin; HttpOnly; SameSite=Lax$/,
  );
  // And the known-device cookie, for a year: it outlives sessions and sign-outs.
  expect(first.deviceSetCookie).toMatch(
    /^inbox_device=[^;]+; Max-Age=31536000; Path=\/admin; HttpOnly; SameSite=Lax$/,
  );
  expect(second.cookie).not.toBe(first.cookie);
  // The session the browser had before signing in again is over.
  expect((await get("/admin", first.cookie)).status).toBe(303);
  expect((await get("/admin", second.cookie)).status).toBe(200);
});

test("the cookie is Secure when the request came over HTTPS (through a trusted proxy)", async () => {
  const email = uniqueEmail("secure");
  addOwner(running().url, email);
  const signedIn = await signInOverHttp(running().base, email, PASSWORD, {
    "X-Forwarded-For": address(),
    "X-Forwarded-Proto": "https",
    Origin: `https://${new URL(running().base).host}`,
  });
  expect(signedIn.setCookie).toMatch(/; Secure/);
  expect(signedIn.deviceSetCookie).toMatch(/; Secure/);
});

test("a wrong e-mail and a wrong password get the same answer", async () => {
  const email = uniqueEmail("same");
  addOwner(running().url, email);
  const wrongEmail = await signInOverHttp(running().base, uniqueEmail("nobody"), PASSWORD, {
    "X-Forwarded-For": address(),
  });
  const wrongPassword = await signInOverHttp(running().base, email, "not the password!", {
    "X-Forwarded-For": address(),
  });
  expect(wrongEmail.status).toBe(401);
  expect(wrongPassword.status).toBe(401);
  const message = (body: string) => /role="alert"[^>]*>([^<]+)</.exec(body)?.[1];
  expect(message(wrongEmail.body)).toBe(
    "That e-mail address and password don&#x27;t match an account.",
  );
  expect(message(wrongPassword.body)).toBe(message(wrongEmail.body));
  expect(wrongEmail.setCookie).toBeNull();
});

test("5 failures for an account from one address: 429 with the wait there, for that account only", async () => {
  const target = uniqueEmail("target");
  const bystander = uniqueEmail("bystander");
  addOwner(running().url, target);
  addOwner(running().url, bystander);
  const ip = address();
  for (let i = 0; i < 5; i++) {
    const guess = await signInOverHttp(running().base, target, `guess number ${i}!`, {
      "X-Forwarded-For": ip,
    });
    expect(guess.status).toBe(401);
  }
  const locked = await signInOverHttp(running().base, target, PASSWORD, { "X-Forwarded-For": ip });
  expect(locked.status).toBe(429);
  const wait = Number(locked.headers.get("retry-after"));
  expect(wait).toBeGreaterThan(14 * 60);
  expect(wait).toBeLessThanOrEqual(15 * 60);
  expect(locked.body).toMatch(/Too many sign-in attempts\. Try again in 1[45] minutes\./);
  expect(locked.setCookie).toBeNull();
  // Same address, another account: fine.
  expect(
    (await signInOverHttp(running().base, bystander, PASSWORD, { "X-Forwarded-For": ip })).status,
  ).toBe(303);
  // The account itself isn't locked: its owner, somewhere else, gets in.
  expect(
    (await signInOverHttp(running().base, target, PASSWORD, { "X-Forwarded-For": address() }))
      .status,
  ).toBe(303);
});

test("20 failures from an address: 429 for that address only", async () => {
  const email = uniqueEmail("victim");
  addOwner(running().url, email);
  const attacker = address();
  for (let i = 0; i < 20; i++) {
    await signInOverHttp(running().base, uniqueEmail("guess"), PASSWORD, {
      "X-Forwarded-For": attacker,
    });
  }
  const locked = await signInOverHttp(running().base, email, PASSWORD, {
    "X-Forwarded-For": attacker,
  });
  expect(locked.status).toBe(429);
  expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(
    (
      await signInOverHttp(running().base, email, PASSWORD, {
        "X-Forwarded-For": `203.0.113.${Math.floor(Math.random() * 250)}`,
      })
    ).status,
  ).toBe(303);
});

test("an expired session is no session", async () => {
  const { cookie } = await owner();
  expect((await get("/admin", cookie)).status).toBe(200);
  writeDb((db) =>
    db.prepare("update sessions set expires_at = ?").run(new Date(Date.now() - 1000).toISOString()),
  );
  expect((await get("/admin", cookie)).status).toBe(303);
  expect((await get("/admin/export.csv", cookie)).status).toBe(401);
});

test("removing a user or resetting their password ends their sessions at once", async () => {
  const removed = await owner();
  const reset = await owner();
  expect((await get("/admin", removed.cookie)).status).toBe(200);
  expect(adminCli(running().url, ["remove-user", removed.email]).status).toBe(0);
  expect((await get("/admin", removed.cookie)).status).toBe(303);
  expect((await get("/admin/export.csv", removed.cookie)).status).toBe(401);

  expect(
    adminCli(running().url, ["reset-password", reset.email], "a brand new password\n").status,
  ).toBe(0);
  expect((await get("/admin", reset.cookie)).status).toBe(303);
  const list = adminCli(running().url, ["list-users"]);
  expect(list.stdout).toContain(reset.email);
  expect(list.stdout).not.toContain(removed.email);
});

test("signing out ends the session on the server, not only in the browser", async () => {
  const { cookie, ip } = await owner();
  const out = await post(
    "/admin/logout",
    {},
    { Cookie: cookie, Origin: running().base, "X-Forwarded-For": ip },
  );
  expect(out.status).toBe(303);
  expect(out.headers.get("location")).toBe("/admin/login?signed-out=1");
  expect(out.headers.get("set-cookie")).toMatch(/^inbox_session=; Max-Age=0;/);
  expect((await get("/admin", cookie)).status).toBe(303);
});

test("state changes from anywhere but our own pages are refused with 403", async () => {
  const { cookie } = await owner();
  const id = await sendLead(running().base, { name: `Cross ${randomBytes(3).toString("hex")}` });
  const status = () =>
    writeDb(
      (db) =>
        (db.prepare("select status from quote_requests where id = ?").get(id) as { status: string })
          .status,
    );
  const change = { intent: "status", status: "won" };
  const evil = "http://evil.example";

  // What a browser sends for another site's form: the server and the action refuse it.
  for (const path of [`/admin/leads/${id}`, "/admin/logout", "/admin/login"]) {
    const response = await post(path, change, {
      Cookie: cookie,
      Origin: evil,
      "Sec-Fetch-Site": "cross-site",
    });
    expect(response.status, path).toBe(403);
  }
  // A sibling site, and a client that says nothing about where it comes from.
  const sameSite = await post(`/admin/leads/${id}`, change, {
    Cookie: cookie,
    "Sec-Fetch-Site": "same-site",
  });
  expect(sameSite.status).toBe(403);
  const silent = await post(`/admin/leads/${id}`, change, { Cookie: cookie });
  expect(silent.status).toBe(403);
  // A forged Origin without fetch metadata (not a browser) on a resource route: ours says 403.
  expect((await post("/admin/logout", {}, { Cookie: cookie, Origin: evil })).status).toBe(403);
  expect((await get("/admin", cookie)).status).toBe(200);
  // On a page's action too: the server refuses a foreign Origin before React Router sees it.
  expect((await post(`/admin/leads/${id}`, change, { Cookie: cookie, Origin: evil })).status).toBe(
    403,
  );
  expect(status()).toBe("new");

  const ours = await post(`/admin/leads/${id}`, change, {
    Cookie: cookie,
    Origin: running().base,
    "Sec-Fetch-Site": "same-origin",
  });
  expect(ours.status).toBe(303);
  expect(status()).toBe("won");
});

test("the CSV export: RFC 4180 with a BOM, formulas defused, stored markup kept as text", async () => {
  const { cookie } = await owner();
  const tag = randomBytes(3).toString("hex");
  const name = `=HYPERLINK("http://evil.example","${tag}")`;
  await sendLead(running().base, {
    name,
    message: `<script>alert("${tag}")</script>\n@SUM(1,2)`,
    email: `${tag}@example.com`,
  });
  const response = await get(`/admin/export.csv?q=${tag}`, cookie);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"$/,
  );
  expect(response.headers.get("cache-control")).toBe("no-store");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows]: string[][] = parse(Buffer.from(bytes), { bom: true });
  expect(rows).toHaveLength(1);
  const cell = (column: string) => rows[0]?.[header?.indexOf(column) ?? -1];
  expect(cell("Name")).toBe(`'${name}`);
  // A line may start a cell (a semicolon spreadsheet ends the row there), so it is defused too.
  expect(cell("Message")).toBe(`<script>alert("${tag}")</script>\n'@SUM(1,2)`);
  for (const value of rows[0] ?? []) expect(value).not.toMatch(/^[=+\-@\t\r]/);
});

test("the CSV export: phones as spreadsheets keep them, every note oldest first, the job value", async () => {
  const { cookie } = await owner();
  const base = running().base;
  const tag = randomBytes(3).toString("hex");
  const typed = [
    ["0412 345 678", "0412 345 678"],
    ["61 412 555 666", "0412 555 666"],
    ["412 555 666", "0412 555 666"],
    ["(03) 9555 1234", "(03) 9555 1234"],
    ["0412-555-667", "0412 555 667"],
    ["+44 20 7946 0958", "0011 44 20 7946 0958"],
  ] as const;
  const ids: number[] = [];
  for (const [i, [phone]] of typed.entries()) {
    ids.push(await sendLead(base, { name: `Sheet ${tag} ${i}`, phone }));
  }
  const work = (id: number, form: Record<string, string>) =>
    post(`/admin/leads/${id}`, form, {
      Cookie: cookie,
      Origin: base,
      "Sec-Fetch-Site": "same-origin",
    });
  const first = ids[0] ?? 0;
  expect((await work(first, { intent: "save", note: "Rang, no answer" })).status).toBe(303);
  expect(
    (
      await work(first, {
        intent: "save",
        status: "won",
        won_value: "4200.50",
        note: "-- booked: =tiles, gutter",
      })
    ).status,
  ).toBe(303);

  const response = await get(`/admin/export.csv?q=${tag}`, cookie);
  expect(response.status).toBe(200);
  const [header, ...rows]: string[][] = parse(Buffer.from(await response.arrayBuffer()), {
    bom: true,
  });
  const column = (name: string) => header?.indexOf(name) ?? -1;
  const byName = new Map(rows.map((row) => [row[column("Name")], row]));
  for (const [i, [phone, shown]] of typed.entries()) {
    // Exactly as a person writes it: spaces keep the 0, and no apostrophe shows.
    expect(byName.get(`Sheet ${tag} ${i}`)?.[column("Phone")], phone).toBe(shown);
  }
  const won = byName.get(`Sheet ${tag} 0`) ?? [];
  expect(won[column("Status")]).toBe("won");
  expect(won[column("Job value (AUD)")]).toBe("4200.50");
  expect(won[column("Notes")]).toMatch(
    /^\d{4}-\d\d-\d\d \d\d:\d\d Rang, no answer\n\d{4}-\d\d-\d\d \d\d:\d\d -- booked: =tiles, gutter$/,
  );
  expect(byName.get(`Sheet ${tag} 1`)?.[column("Job value (AUD)")]).toBe("");
  expect(byName.get(`Sheet ${tag} 1`)?.[column("Notes")]).toBe("");
});

test("attribution: the ad tags of a plain form post (from its Referer) and of the JSON form", async () => {
  const base = running().base;
  const plain = `Plain ${randomBytes(3).toString("hex")}`;
  const response = await fetch(new URL("/roof-repair-frankston", base), {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: base,
      Referer: `${base}/roof-repair-frankston?utm_source=google&utm_medium=cpc&utm_campaign=frankston-leaks&utm_term=roof+leak&utm_content=ad-1&gclid=Cj0KCQiA-plain_1`,
    },
    body: new URLSearchParams({ name: plain, phone: "0400 000 000", postcode: "3199" }),
  });
  expect(response.status).toBe(303);
  const json = `Json ${randomBytes(3).toString("hex")}`;
  await sendLead(base, {
    name: json,
    page_url: `${base}/roof-repair-brunswick?utm_source=facebook&utm_campaign=spring&gclid=Cj0KCQiA-json_22`,
    referrer_host: "www.facebook.com",
    source_page: "/roof-repair-brunswick",
  });
  const row = (name: string) =>
    writeDb((db) =>
      db
        .prepare(
          "select landing_page, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid from quote_requests where name = ?",
        )
        .get(name),
    );
  expect(row(plain)).toEqual({
    landing_page: "/roof-repair-frankston",
    referrer_host: null,
    utm_source: "google",
    utm_medium: "cpc",
    utm_campaign: "frankston-leaks",
    utm_term: "roof leak",
    utm_content: "ad-1",
    gclid: "Cj0KCQiA-plain_1",
  });
  expect(row(json)).toEqual({
    landing_page: "/roof-repair-brunswick",
    referrer_host: "www.facebook.com",
    utm_source: "facebook",
    utm_medium: null,
    utm_campaign: "spring",
    utm_term: null,
    utm_content: null,
    gclid: "Cj0KCQiA-json_22",
  });
});

test("ticked leads: one post marks them all, each in its history; refused cross-site; odd posts 400", async () => {
  const { cookie, ip, email } = await owner();
  const tag = randomBytes(3).toString("hex");
  const a = await sendLead(running().base, { name: `Bulk A ${tag}` });
  const b = await sendLead(running().base, { name: `Bulk B ${tag}` });
  const untouched = await sendLead(running().base, { name: `Bulk C ${tag}` });
  const statuses = () =>
    writeDb((db) =>
      (
        db
          .prepare(
            "select id, status, is_spam from quote_requests where id in (?, ?, ?) order by id",
          )
          .all(a, b, untouched) as { id: number; status: string; is_spam: number }[]
      ).map((row) => `${row.status}${row.is_spam ? "+spam" : ""}`),
    );
  const history = (id: number) =>
    writeDb((db) =>
      db
        .prepare(
          "select kind, from_status, to_status, note, author from lead_history where quote_request_id = ? order by id",
        )
        .all(id),
    );
  const bulk = (fields: [string, string][], headers: Record<string, string>) =>
    fetch(new URL("/admin", running().base), {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers },
      body: new URLSearchParams(fields),
    });
  const ours = { Origin: running().base, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": ip };
  const lost: [string, string][] = [
    ["bulk", "lost"],
    ["id", String(a)],
    ["id", String(b)],
    ["back", `/admin?q=${tag}&page=2`],
  ];

  // Another site's form, a sibling site, a forged Origin and a client that says nothing.
  const foreign: Record<string, string>[] = [
    { Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "same-site" },
    { Origin: "http://evil.example" },
    {},
  ];
  for (const headers of foreign) {
    expect((await bulk(lost, headers)).status, JSON.stringify(headers)).toBe(403);
  }
  expect(statuses()).toEqual(["new", "new", "new"]);
  // Without a session: to the sign-in page, nothing changed.
  const anonymous = await fetch(new URL("/admin", running().base), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...ours },
    body: new URLSearchParams(lost),
  });
  expect(anonymous.status).toBe(303);
  expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);
  expect(statuses()).toEqual(["new", "new", "new"]);

  // Odd posts: an unknown action, no leads, an id that isn't one, too many, not a form.
  const odd: [string, string][][] = [
    [
      ["bulk", "delete"],
      ["id", String(a)],
    ],
    [["bulk", "lost"]],
    [
      ["bulk", "lost"],
      ["id", "1 or 1=1"],
    ],
    [
      ["bulk", "lost"],
      ["id", "-1"],
    ],
    [
      ["bulk", "lost"],
      ["id", "99999999999999999999"],
    ],
    [["bulk", "lost"], ...Array.from({ length: 101 }, (): [string, string] => ["id", String(a)])],
  ];
  for (const fields of odd) {
    const response = await bulk(fields, ours);
    expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
  }
  const json = await fetch(new URL("/admin", running().base), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/json", Cookie: cookie, ...ours },
    body: JSON.stringify({ bulk: "lost", id: [a] }),
  });
  expect(json.status).toBe(400);
  expect(statuses()).toEqual(["new", "new", "new"]);

  // Ours: both marked, each recorded; an id with no lead behind it is counted, not an error.
  const done = await bulk([...lost, ["id", "999999999"]], ours);
  expect(done.status).toBe(303);
  const location = new URL(done.headers.get("location") ?? "", running().base);
  expect(location.pathname).toBe("/admin");
  expect(Object.fromEntries(location.searchParams)).toEqual({
    q: tag,
    done: "lost",
    changed: "2",
    missing: "1",
  });
  expect(statuses()).toEqual(["lost", "lost", "new"]);
  for (const id of [a, b]) {
    expect(history(id)).toEqual([
      { kind: "status", from_status: "new", to_status: "lost", note: null, author: email },
    ]);
  }
  const page = await (await get(`${location.pathname}${location.search}`, cookie)).text();
  expect(page).toContain("2 leads marked lost. 1 lead no longer here (deleted?).");

  // Spam, and a "back" that leads off the inbox goes to the inbox instead.
  const spam = await bulk(
    [
      ["bulk", "spam"],
      ["id", String(b)],
      ["back", "https://evil.example/admin"],
    ],
    ours,
  );
  expect(spam.status).toBe(303);
  expect(spam.headers.get("location")).toBe("/admin?done=spam&changed=1&missing=0");
  expect(statuses()).toEqual(["lost", "lost+spam", "new"]);
  expect(history(b)).toContainEqual({
    kind: "note",
    from_status: null,
    to_status: null,
    note: "Marked as spam.",
    author: email,
  });
  expect((await get("/healthz")).status).toBe(200);
});
