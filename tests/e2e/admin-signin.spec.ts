// Sign-in under attack, against a real server process of its own: a stranger guessing can't
// lock the owner out, and a burst of sign-ins can't run the server out of memory. Trusts
// X-Forwarded-For so each request can come from an address of the test's choosing.
import { readFileSync } from "node:fs";
import BetterSqlite3 from "better-sqlite3";
import { addOwner, PASSWORD, signInOverHttp, uniqueEmail } from "../support/admin-helpers";
import { scratchSqlite } from "../support/db-helpers";
import { expect, test } from "../support/fixtures";
import { type RunningServer, spawnServer } from "../support/spawn-server";

test.describe.configure({ mode: "default" });
// Server-level: the screen size changes nothing.
test.skip(({ isMobile }) => isMobile, "runs once, in the desktop project");

let server: RunningServer | undefined;
let scratch: ReturnType<typeof scratchSqlite> | undefined;

test.beforeAll(async ({ isMobile }) => {
  if (isMobile) return;
  test.setTimeout(60_000);
  scratch = scratchSqlite("admin-signin");
  // Three render threads, each of which could run sign-ins: the bound must hold for the process.
  server = await spawnServer({ DATABASE_URL: scratch.url, TRUST_PROXY: "1", RENDER_THREADS: "3" });
});

test.afterAll(async () => {
  await server?.stop();
  scratch?.remove();
});

function running() {
  if (!server || !scratch) throw new Error("the server under test did not start");
  return {
    base: server.url,
    url: scratch.url,
    file: scratch.file,
    pid: server.process.pid as number,
  };
}

let lastAddress = 0;
const address = () => `198.51.100.${++lastAddress}`;

/** The server process's resident memory in MiB, from the kernel's own count. */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new Error("no VmRSS");
  return kib / 1024;
}

test("a stranger's wrong passwords from one address don't keep the owner out", async () => {
  const { base, url } = running();
  const owner = uniqueEmail("owner");
  addOwner(url, owner);
  const stranger = address();
  for (let i = 0; i < 6; i++) {
    const guess = await signInOverHttp(base, owner, `stranger guess ${i}!`, {
      "X-Forwarded-For": stranger,
    });
    expect(guess.status).toBe(i < 5 ? 401 : 429);
  }
  const throttled = await signInOverHttp(base, owner, PASSWORD, { "X-Forwarded-For": stranger });
  expect(throttled.status).toBe(429);
  expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(throttled.setCookie).toBeNull();

  const fromHome = await signInOverHttp(base, owner, PASSWORD, { "X-Forwarded-For": address() });
  expect(fromHome.status).toBe(303);
  expect(fromHome.cookie).toMatch(/^inbox_session=/);
});

test("IPv6 addresses in one /64 share one budget", async () => {
  const { base, url } = running();
  const owner = uniqueEmail("v6");
  addOwner(url, owner);
  for (let i = 1; i <= 5; i++) {
    const guess = await signInOverHttp(base, owner, `v6 guess ${i}!`, {
      "X-Forwarded-For": `2001:db8:5:7::${i.toString(16)}`,
    });
    expect(guess.status).toBe(401);
  }
  const sameNetwork = await signInOverHttp(base, owner, PASSWORD, {
    "X-Forwarded-For": "2001:db8:5:7:ffff:1:2:3",
  });
  expect(sameNetwork.status).toBe(429);
  const nextNetwork = await signInOverHttp(base, owner, PASSWORD, {
    "X-Forwarded-For": "2001:db8:5:8::1",
  });
  expect(nextNetwork.status).toBe(303);
});

test("guesses at one account from many addresses are slowed; the owner's known device gets straight in", async () => {
  const { base, url, file } = running();
  const owner = uniqueEmail("botnet");
  addOwner(url, owner);
  const before = await signInOverHttp(base, owner, PASSWORD, { "X-Forwarded-For": address() });
  expect(before.deviceCookie).toMatch(/^inbox_device=/);

  // A botnet's last 30 guesses, all just now, each from an address of its own. Written
  // straight into the table: sent over HTTP, the first delays (1 s, 2 s, …) would already
  // have passed on a slow machine before the next guess arrived.
  const now = new Date().toISOString();
  const db = new BetterSqlite3(file);
  try {
    const insert = db.prepare("insert into sign_in_failures (subject, failed_at) values (?, ?)");
    for (let i = 0; i < 30; i++) insert.run(`account:${owner}`, now);
  } finally {
    db.close();
  }
  const held = await signInOverHttp(base, owner, "botnet guess 31!", {
    "X-Forwarded-For": address(),
  });
  expect(held.status).toBe(429);
  const wait = Number(held.headers.get("retry-after"));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);

  const phone = await signInOverHttp(base, owner, PASSWORD, {
    "X-Forwarded-For": address(),
    Cookie: before.deviceCookie ?? "",
  });
  expect(phone.status).toBe(303);
  expect(phone.cookie).toMatch(/^inbox_session=/);
  // The same device, still known: its cookie is renewed, not replaced.
  expect(phone.deviceCookie).toBe(before.deviceCookie);
});

test("a burst of 40 sign-ins: some wait, the rest get 503 with Retry-After, memory stays bounded, pages keep coming", async () => {
  test.setTimeout(120_000);
  const { base, pid } = running();
  // Warm up: the first sign-in loads the inbox's code and makes the unknown-account hash.
  await signInOverHttp(base, uniqueEmail("warm-up"), "not a real password", {
    "X-Forwarded-For": address(),
  });
  const before = rssMiB(pid);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssMiB(pid));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();

  // Each from its own address and for its own e-mail, so no sign-in limit steps in: this is
  // about how many passwords are hashed at once.
  const burst = Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      signInOverHttp(base, uniqueEmail(`burst${i}`), `burst password ${i}`, {
        "X-Forwarded-For": `192.0.2.${i + 1}`,
      }),
    ),
  );
  const page = await fetch(new URL("/privacy-policy", base));
  expect(page.status).toBe(200);
  const answers = await burst;
  sampling = false;
  await sampler;

  const statuses = answers.map((a) => a.status);
  expect(
    statuses.every((s) => s === 401 || s === 503),
    statuses.join(" "),
  ).toBe(true);
  const refused = answers.filter((a) => a.status === 503);
  expect(refused.length).toBeGreaterThan(0);
  for (const answer of refused) {
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(answer.body).toContain("Try again in a few seconds");
  }
  // scrypt takes 128 MiB per password. Two at a time is 256 MiB; Node's pool of four threads
  // ran four at once before, 512 MiB.
  expect(peak - before, `RSS ${before.toFixed(0)} -> ${peak.toFixed(0)} MiB`).toBeLessThan(384);
  expect(server?.process.exitCode).toBeNull();
  expect((await fetch(new URL("/healthz", base))).status).toBe(200);
});
