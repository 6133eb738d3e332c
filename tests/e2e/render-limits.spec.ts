// Work that could stall the site (issue 19): a render that never ends, more renders than the
// threads can take, a render thread that dies, and a 100,000-lead CSV export. Each runs on a
// server of its own with one render thread, the worst case: everything dynamic shares it.
// The misbehaving threads come from tests/support/render-faults.ts, loaded with --import only
// here (see that file).
import { resolve } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { parse } from "csv-parse/sync";
import { addOwner, PASSWORD, signInOverHttp, uniqueEmail } from "../support/admin-helpers";
import { scratchSqlite } from "../support/db-helpers";
import { expect, test } from "../support/fixtures";
import { type RunningServer, spawnServer } from "../support/spawn-server";

test.describe.configure({ mode: "default" });

const FAULTS = ["--import", resolve("tests/support/render-faults.ts")];
const FAULT = "x-test-render-fault";

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

async function get(
  server: RunningServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(new URL(path, server.url), { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** Resolves once the server's stderr has `text` `count` times. */
async function stderrHas(server: RunningServer, text: string, count = 1): Promise<void> {
  await expect.poll(() => server.stderr().split(text).length - 1, { timeout: 20_000 }).toBe(count);
}

test.describe("render threads that misbehave", () => {
  let server: RunningServer | undefined;
  let scratch: ReturnType<typeof scratchSqlite> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    scratch = scratchSqlite("render-limits");
    server = await spawnServer(
      {
        DATABASE_URL: scratch.url,
        RENDER_THREADS: "1",
        RENDER_TIMEOUT_MS: "2000",
      },
      { nodeArgs: FAULTS },
    );
  });

  test.afterAll(async () => {
    await server?.stop();
    scratch?.remove();
  });

  const running = () => {
    if (!server) throw new Error("the server under test did not start");
    return server;
  };

  test("a render past RENDER_TIMEOUT_MS: 503 with Retry-After (a page, or JSON for the API), and a new thread serves the next", async () => {
    const s = running();
    const page = await get(s, "/no-such-page", { [FAULT]: "hang" });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.body).toContain("<h1>");
    expect(page.body).toMatch(/try again/i);

    // The JSON API itself runs on the main thread (issue 23); JSON clients of the threads get
    // the same answer in JSON.
    const api = await get(s, "/no-such-page", { [FAULT]: "hang", Accept: "application/json" });
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(api.headers.get("content-type")).toContain("application/json");
    expect(JSON.parse(api.body)).toMatchObject({ error: "busy" });

    expect(s.stdout()).toContain('"event":"render.timeout"');
    // It doesn't answer when asked whether it is alive, so it is replaced.
    await expect.poll(() => s.stdout(), { timeout: 20_000 }).toContain('"reason":"stuck"');
    for (let i = 0; i < 3; i++) expect((await get(s, "/healthz")).status).toBe(200);
    expect(s.process.exitCode).toBeNull();
  });

  for (const fault of ["exit", "throw"]) {
    test(`a render thread that dies (${fault}): the requests it held get 5xx, a new thread serves the rest`, async () => {
      const s = running();
      const together = await Promise.all([
        get(s, "/no-such-page", { [FAULT]: fault }),
        ...Array.from({ length: 4 }, () => get(s, "/healthz")),
      ]);
      const [crashed, ...others] = together;
      expect([500, 503]).toContain(crashed?.status);
      for (const answer of others) expect([200, 500, 503]).toContain(answer.status);
      for (let i = 0; i < 3; i++) expect((await get(s, "/healthz")).status).toBe(200);
      expect((await get(s, "/no-such-page")).status).toBe(404);
      expect(s.stdout()).toContain('"event":"render.thread_replaced"');
      expect(s.process.exitCode).toBeNull();
    });
  }
});

test("render threads that die as they start are started again ever more slowly, and pages still serve", async () => {
  const scratch = scratchSqlite("render-start");
  const s = await spawnServer(
    { DATABASE_URL: scratch.url, RENDER_THREADS: "1", TEST_RENDER_START_FAULT: "exit" },
    { nodeArgs: FAULTS },
  );
  try {
    // A page that needs a render gets a 503 to come back later, not a wait.
    const dynamic = await get(s, "/no-such-page");
    expect(dynamic.status).toBe(503);
    expect(dynamic.headers.get("retry-after")).toMatch(/^\d+$/);
    // The prerendered pages need no thread.
    expect((await get(s, "/privacy-policy")).status).toBe(200);

    const failedStarts = () =>
      s.stdout().split('"event":"render.thread_failed_to_start"').length - 1;
    await expect.poll(failedStarts, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const before = failedStarts();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // The waits double (0.1 s, 0.2 s, 0.4 s…): a few more in two seconds, not one per start-up.
    expect(failedStarts() - before).toBeLessThanOrEqual(3);
    expect(s.process.exitCode).toBeNull();
  } finally {
    await s.stop();
    scratch.remove();
  }
});

test("a render thread that dies while it checks a password gives its hashing slot back", async () => {
  test.setTimeout(90_000);
  const scratch = scratchSqlite("render-hashing");
  const email = uniqueEmail("hashing");
  addOwner(scratch.url, email);
  const s = await spawnServer(
    { DATABASE_URL: scratch.url, RENDER_THREADS: "1" },
    { nodeArgs: FAULTS },
  );
  try {
    // As many deaths as the process has hashing slots (2): without the slots given back, every
    // sign-in after them would wait its 10 s and be refused.
    for (let i = 1; i <= 2; i++) {
      const died = await signInOverHttp(s.url, email, PASSWORD, { [FAULT]: "exit-while-hashing" });
      expect([500, 503]).toContain(died.status);
      await expect
        .poll(() => s.stdout().split('"event":"render.thread_replaced"').length - 1)
        .toBe(i);
    }
    const signedIn = await signInOverHttp(s.url, email, PASSWORD);
    expect(signedIn.status, signedIn.body.slice(0, 300)).toBe(303);
    expect(signedIn.cookie).toBeTruthy();
  } finally {
    await s.stop();
    scratch.remove();
  }
});

test("past RENDER_QUEUE_MAX renders in flight: 503 with Retry-After at once, while the others wait", async () => {
  test.setTimeout(90_000);
  const scratch = scratchSqlite("render-queue");
  // Time enough that nothing here runs out of it: the stuck render holds its place throughout.
  const s = await spawnServer(
    {
      DATABASE_URL: scratch.url,
      RENDER_THREADS: "1",
      RENDER_TIMEOUT_MS: "600000",
      RENDER_QUEUE_MAX: "4",
    },
    { nodeArgs: FAULTS },
  );
  const held: Promise<Answer>[] = [get(s, "/no-such-page", { [FAULT]: "hang" })];
  try {
    await stderrHas(s, "render-fault: hang");
    // Three more fill the queue (4 in flight); the next three are refused.
    const settled: Answer[] = [];
    for (let i = 0; i < 6; i++) {
      held.push(
        get(s, "/healthz").then((answer) => {
          settled.push(answer);
          return answer;
        }),
      );
    }
    await expect.poll(() => settled.length, { timeout: 30_000 }).toBe(3);
    for (const answer of settled) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(answer.body).toMatch(/try again/i);
    }
    // The refusals came while the four in flight were still waiting on the stuck thread.
    const stillWaiting = await Promise.race([
      Promise.any(held.slice(0, 1)).then(() => false),
      new Promise<boolean>((resolve) => setImmediate(() => resolve(true))),
    ]);
    expect(stillWaiting).toBe(true);
    expect(settled).toHaveLength(3);
    expect(s.process.exitCode).toBeNull();
  } finally {
    // Those still held are cut off with the server.
    for (const waiting of held) waiting.catch(() => {});
    await s.stop("SIGKILL");
    scratch.remove();
  }
});

test("a 100,000-lead CSV export streams: /healthz answers while it is under way, and the file is whole", async () => {
  test.setTimeout(240_000);
  const LEADS = 100_000;
  const scratch = scratchSqlite("big-export");
  let server: RunningServer | undefined;
  try {
    server = await spawnServer({ DATABASE_URL: scratch.url, RENDER_THREADS: "1" });
    const email = uniqueEmail("exporter");
    addOwner(scratch.url, email);
    const db = new BetterSqlite3(scratch.file);
    try {
      const insert = db.prepare(
        `insert into quote_requests (name, phone, phone_normalised, email, postcode, suburb,
           message, source_page, is_spam, outside_service_area, created_at)
         values (?, '0412 345 678', '0412345678', null, '3056', 'Brunswick', ?,
           '/roof-repair-brunswick', 0, 0, ?)`,
      );
      const start = Date.parse("2026-01-01T00:00:00.000Z");
      db.transaction(() => {
        for (let i = 0; i < LEADS; i++) {
          // Three leads to each second: the export's paging must step over equal times.
          const at = new Date(start + Math.floor(i / 3) * 1000).toISOString();
          insert.run(`Lead ${i}`, `Leaking roof, number ${i}; "=1+${i}"`, at);
        }
      })();
    } finally {
      db.close();
    }
    const signedIn = await signInOverHttp(server.url, email, PASSWORD);
    if (!signedIn.cookie) throw new Error(`sign-in failed: ${signedIn.status}`);

    const response = await fetch(new URL("/admin/export.csv", server.url), {
      headers: { Cookie: signedIn.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // Sent as it is made, not built whole first.
    expect(response.headers.get("content-length")).toBeNull();
    const reader = response.body?.getReader();
    if (!reader) throw new Error("no body");

    const chunks: Uint8Array[] = [];
    let healthChecks = 0;
    for (let n = 0; ; n++) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      // Between the export's chunks (its last byte not yet read), the health check answers.
      if (n % 10 === 0) {
        const health = await fetch(new URL("/healthz", server.url));
        expect(health.status).toBe(200);
        await health.arrayBuffer();
        healthChecks++;
      }
    }
    expect(healthChecks).toBeGreaterThanOrEqual(5);

    const csv = Buffer.concat(chunks);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows]: string[][] = parse(csv, { bom: true });
    expect(header?.[0]).toBe("ID");
    expect(rows).toHaveLength(LEADS);
    const ids = new Set(rows.map((row) => row[0]));
    expect(ids.size).toBe(LEADS);
    // Newest first, as the inbox lists them.
    expect(rows[0]?.[header?.indexOf("Name") ?? -1]).toBe(`Lead ${LEADS - 1}`);
    expect(rows.at(-1)?.[header?.indexOf("Name") ?? -1]).toBe("Lead 0");
    expect(server.process.exitCode).toBeNull();
  } finally {
    await server?.stop();
    scratch.remove();
  }
});
