// A crash in the middle of a burst: every request the server acknowledged (201) must be in
// the SQLite file afterwards, and a new server on the same file carries on. Only localhost;
// bounded in count and time.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { type QuoteRow, scratchSqlite, sqliteRowsLike, withSqlite } from "../support/db-helpers";
import { postQuote, validQuote } from "../support/quote-helpers";
import { type RunningServer, spawnServer } from "../support/spawn-server";

const TOTAL = 200;
const CONCURRENCY = 10;
const KILL_AFTER = 80;

test("SIGKILL during a burst loses no acknowledged request; a new server carries on", async () => {
  test.setTimeout(180_000);
  const db = scratchSqlite("durability");
  const env = { DATABASE_URL: db.url, RATE_LIMIT_MAX: "100000", QUOTE_MIN_FILL_MS: "0" };
  const servers: RunningServer[] = [];
  try {
    const first = await spawnServer(env);
    servers.push(first);

    const prefix = `Durable ${randomUUID()}`;
    const nameOf = (i: number) => `${prefix} #${String(i).padStart(3, "0")}`;
    const keyOf = (i: number) => `durable-${prefix.slice(8)}-${i}`;
    const acknowledged = new Map<number, number>(); // request number -> id
    const otherAnswers: string[] = [];
    let connectionErrors = 0;
    let next = 0;
    let killed: Promise<void> | undefined;

    const worker = async () => {
      while (next < TOTAL) {
        const i = next++;
        try {
          const answer = await postQuote(first.url, validQuote({ name: nameOf(i) }), {
            "Idempotency-Key": keyOf(i),
          });
          if (answer.status === 201) acknowledged.set(i, Number(answer.json?.id));
          else otherAnswers.push(`#${i}: ${answer.status} ${answer.text}`);
        } catch {
          connectionErrors++;
          if (killed) return; // the server is gone: stop this worker
        }
        if (!killed && acknowledged.size >= KILL_AFTER) killed = first.stop("SIGKILL");
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await killed;

    // The crash really happened mid-burst, with requests still coming.
    expect(first.process.signalCode).toBe("SIGKILL");
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.size).toBeLessThan(TOTAL);
    expect(connectionErrors).toBeGreaterThan(0);
    expect(otherAnswers).toEqual([]);
    test.info().annotations.push({
      type: "burst",
      description: `${acknowledged.size} acknowledged, ${connectionErrors} cut off by the kill`,
    });

    // Every acknowledged request is in the file, under the id the client was given.
    const integrity = withSqlite(db.file, (d) => d.pragma("integrity_check", { simple: true }));
    expect(integrity).toBe("ok");
    const stored = sqliteRowsLike(db.file, `${prefix} #%`);
    const byName = new Map(stored.map((row) => [row.name, row]));
    const missing: string[] = [];
    for (const [i, id] of acknowledged) {
      const row = byName.get(nameOf(i));
      if (!row || row.id !== id)
        missing.push(`#${i} (id ${id}) -> ${row ? `id ${row.id}` : "none"}`);
    }
    expect(missing, "acknowledged but not stored").toEqual([]);
    // Unacknowledged rows can only be those in flight at the kill, and no name twice.
    expect(stored.length - acknowledged.size).toBeLessThanOrEqual(CONCURRENCY);
    expect(new Set(stored.map((r) => r.name)).size).toBe(stored.length);

    // A new server on the same file serves and accepts more.
    const second = await spawnServer(env);
    servers.push(second);
    const health = await fetch(new URL("/healthz", second.url));
    expect(health.status).toBe(200);
    expect((await fetch(new URL("/", second.url))).status).toBe(200);

    const after = await postQuote(second.url, validQuote({ name: `${prefix} after` }));
    expect(after.status).toBe(201);
    const maxBefore = Math.max(...stored.map((r) => r.id));
    expect(Number(after.json?.id)).toBeGreaterThan(maxBefore);

    // Retrying everything that never got an answer, with the same keys, leaves exactly one
    // row per request: the ones that were stored before the crash are not stored again.
    const retried: number[] = [];
    for (let i = 0; i < TOTAL; i++) {
      if (acknowledged.has(i)) continue;
      const answer = await postQuote(second.url, validQuote({ name: nameOf(i) }), {
        "Idempotency-Key": keyOf(i),
      });
      expect(answer.status, `retry of #${i}`).toBe(201);
      const wasStored = byName.get(nameOf(i));
      if (wasStored) expect(Number(answer.json?.id), `retry of #${i}`).toBe(wasStored.id);
      retried.push(i);
    }
    // A replay of an acknowledged one answers its original id.
    const [firstAck, firstId] = [...acknowledged][0] as [number, number];
    const replay = await postQuote(second.url, validQuote({ name: nameOf(firstAck) }), {
      "Idempotency-Key": keyOf(firstAck),
    });
    expect(replay.status).toBe(201);
    expect(replay.json?.id).toBe(firstId);

    const final: QuoteRow[] = sqliteRowsLike(db.file, `${prefix} #%`);
    expect(final).toHaveLength(TOTAL);
    expect(new Set(final.map((r) => r.name)).size).toBe(TOTAL);
    expect(retried.length + acknowledged.size).toBe(TOTAL);
  } finally {
    await Promise.all(servers.map((s) => s.stop("SIGKILL")));
    db.remove();
  }
});

/** The `sqlite3` shell, as an operator would run it beside the live server. */
function sqliteShell(file: string, query: string): string {
  return execFileSync("sqlite3", [file, query], { encoding: "utf8", timeout: 10_000 }).trim();
}

// Issue 19: another process reading the file (the shell, a backup) must not make the live
// server's acknowledged rows vanish, and an id the server answered is never handed out again.
test("reads by the sqlite3 shell and a backup between posts lose nothing, even after SIGKILL", async () => {
  test.setTimeout(120_000);
  const db = scratchSqlite("other-readers");
  const env = { DATABASE_URL: db.url, RATE_LIMIT_MAX: "100000", QUOTE_MIN_FILL_MS: "0" };
  const servers: RunningServer[] = [];
  const prefix = `Reader ${randomUUID()}`;
  const answered = new Map<string, number>(); // name -> id in the 201
  const post = async (server: RunningServer, n: number) => {
    for (let i = 0; i < n; i++) {
      const name = `${prefix} #${answered.size}`;
      const answer = await postQuote(server.url, validQuote({ name }));
      expect(answer.status, answer.text).toBe(201);
      answered.set(name, Number(answer.json?.id));
    }
  };
  try {
    const first = await spawnServer(env);
    servers.push(first);
    await post(first, 2);
    expect(sqliteShell(db.file, "select count(*) from quote_requests")).toBe("2");
    await post(first, 3);
    expect(sqliteShell(db.file, "select count(*) from quote_requests")).toBe("5");
    const copy = join(dirname(db.file), "copy.db");
    execFileSync(process.execPath, [resolve("scripts/db-backup.ts"), copy], {
      env: { ...process.env, ...env },
      encoding: "utf8",
      timeout: 30_000,
    });
    await post(first, 3);
    sqliteShell(db.file, "pragma integrity_check");
    await post(first, 2);
    await first.stop("SIGKILL");

    const second = await spawnServer(env);
    servers.push(second);
    const stored = sqliteRowsLike(db.file, `${prefix} #%`);
    expect(withSqlite(db.file, (d) => d.pragma("integrity_check", { simple: true }))).toBe("ok");
    expect(
      stored.map((row) => [row.name, row.id]),
      "every 201 is stored once, under its id",
    ).toEqual([...answered]);

    // A deleted lead's id stays retired (the owner deletes one for a customer who asks).
    const maxAnswered = Math.max(...answered.values());
    sqliteShell(db.file, `delete from quote_requests where id = ${maxAnswered}`);
    await post(second, 1);
    expect([...answered.values()].at(-1)).toBeGreaterThan(maxAnswered);

    // A lost tail: the backup taken half-way is restored as the README says. The leads after
    // it are gone, and their ids, already sent out in alerts and links, must not come back.
    await second.stop();
    rmSync(`${db.file}-wal`, { force: true });
    rmSync(`${db.file}-shm`, { force: true });
    copyFileSync(copy, db.file);
    const restored = await spawnServer(env);
    servers.push(restored);
    const highest = Math.max(...answered.values());
    await post(restored, 2);
    const [afterRestore] = [...answered.values()].slice(-2);
    expect(afterRestore).toBeGreaterThan(highest);
  } finally {
    await Promise.all(servers.map((s) => s.stop("SIGKILL")));
    db.remove();
  }
});
