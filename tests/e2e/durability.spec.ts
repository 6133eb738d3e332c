// A crash in the middle of a burst: every request the server acknowledged (201) must be in
// the SQLite file afterwards, and a new server on the same file carries on. Only localhost;
// bounded in count and time.
import { randomUUID } from "node:crypto";
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
