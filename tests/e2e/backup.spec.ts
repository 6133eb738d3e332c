// `npm run db:backup -- FILE` while the server takes quotes: the copy is consistent, holds
// every lead answered before the backup began, and a server started on it has them all.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { type QuoteRow, scratchSqlite, withSqlite } from "../support/db-helpers";
import { postQuote, validQuote } from "../support/quote-helpers";
import { type RunningServer, spawnServer } from "../support/spawn-server";

/** Runs the script as `npm run db:backup` does; asynchronously, so the writers keep going. */
function backup(env: Record<string, string>, file: string) {
  return new Promise<{ status: number; out: string }>((done) => {
    execFile(
      process.execPath,
      [resolve("scripts/db-backup.ts"), file],
      { env: { ...process.env, ...env }, encoding: "utf8", timeout: 30_000 },
      (error, stdout, stderr) =>
        done({ status: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

const rowsOf = (file: string) =>
  withSqlite(
    file,
    (db) => db.prepare("select * from quote_requests order by id").all() as QuoteRow[],
  );

test.describe("database backup", () => {
  const servers: RunningServer[] = [];
  test.afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  });

  test("a copy taken while quotes keep arriving has every row, and a server runs on it", async () => {
    const db = scratchSqlite("backup");
    try {
      const server = await spawnServer({
        DATABASE_URL: db.url,
        RATE_LIMIT_MAX: "100000",
        QUOTE_MIN_FILL_MS: "0",
      });
      servers.push(server);
      const answered = new Map<string, { id: number; key: string; body: object }>();
      let writing = true;
      const writer = async () => {
        while (writing) {
          const key = `backup-${randomUUID()}`;
          const body = validQuote();
          const answer = await postQuote(server.url, body, { "Idempotency-Key": key });
          expect(answer.status).toBe(201);
          answered.set(String(body.name), { id: Number(answer.json?.id), key, body });
        }
      };
      const writers = Array.from({ length: 4 }, writer);
      await expect.poll(() => answered.size).toBeGreaterThan(40);

      const before = new Map(answered);
      const copy = join(db.file, "..", "copy.db");
      const result = await backup({ DATABASE_URL: db.url }, copy);
      writing = false;
      await Promise.all(writers);
      expect(result.out).toMatch(/Backed up .* quote requests, .* alert jobs, integrity ok\./);
      expect(result.status).toBe(0);
      expect(answered.size).toBeGreaterThan(before.size); // writes went on during the copy

      // Every lead answered before the backup began is in the copy, exactly as stored.
      const live = new Map(rowsOf(db.file).map((row) => [row.id, row]));
      const copied = rowsOf(copy);
      const copiedNames = new Set(copied.map((row) => row.name));
      for (const name of before.keys()) expect(copiedNames.has(name), name).toBe(true);
      for (const row of copied) expect(row).toEqual(live.get(row.id));
      const outbox = withSqlite(copy, (c) =>
        c.prepare("select count(*) as n from alert_outbox").get(),
      ) as { n: number };
      expect(outbox.n).toBe(copied.length * 2); // e-mail and webhook, both "not configured"

      // Restored: a server on the copy knows those leads (a replay gets the same id back).
      const restored = await spawnServer({ DATABASE_URL: `file:${copy}`, QUOTE_MIN_FILL_MS: "0" });
      servers.push(restored);
      expect((await fetch(`${restored.url}/healthz`)).status).toBe(200);
      const [, sample] = [...before][0] ?? [];
      if (!sample) throw new Error("no lead to replay");
      const replay = await postQuote(restored.url, sample.body, { "Idempotency-Key": sample.key });
      expect(replay.status).toBe(201);
      expect(replay.json?.id).toBe(sample.id);
    } finally {
      db.remove();
    }
  });

  test("never overwrites a file, and on PostgreSQL says how to use pg_dump", async () => {
    const db = scratchSqlite("backup-refuse");
    try {
      const server = await spawnServer({ DATABASE_URL: db.url });
      servers.push(server);
      const existing = join(db.file, "..", "precious.txt");
      writeFileSync(existing, "keep me");
      const refused = await backup({ DATABASE_URL: db.url }, existing);
      expect(refused.status).toBe(1);
      expect(refused.out).toContain("Refusing to overwrite");
      expect(readFileSync(existing, "utf8")).toBe("keep me");

      const pg = await backup(
        { DATABASE_URL: "postgres://app:s3cret-pass@db.internal:5432/roofs" },
        "roofs.dump",
      );
      expect(pg.status).toBe(2);
      expect(pg.out).toContain(
        'pg_dump --format=custom --no-owner --file=roofs.dump "postgres://app:***@db.internal:5432/roofs"',
      );
      expect(pg.out).toContain("pg_restore");
      expect(pg.out).not.toContain("s3cret-pass");
    } finally {
      db.remove();
    }
  });
});
