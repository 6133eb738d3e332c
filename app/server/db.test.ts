import { statSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  countQuoteRequests,
  describeEachDialect,
  listQuoteRequests,
  POSTGRES_AVAILABLE,
  TEST_DATABASE_URL,
  tempDir,
  uniqueName,
} from "../../tests/support/database";
import { type DatabaseHandle, leadIdFloor, openDatabase } from "./db.server";
import { migrationsFor } from "./migrations/index.server";
import { createQuoteRepository, type NewQuoteRequest } from "./quote-repository.server";

const row = (overrides: Partial<NewQuoteRequest> = {}): NewQuoteRequest => ({
  name: "Sam",
  phone: "0412 345 678",
  phone_normalised: "0412345678",
  email: null,
  postcode: "3056",
  suburb: "Brunswick, Brunswick North",
  message: null,
  source_page: "/",
  idempotency_key: null,
  is_spam: 0,
  spam_reason: null,
  outside_service_area: 0,
  created_at: "2026-01-02T03:04:05.000Z",
  ...overrides,
});

/** Every migration, in order: each branch adds its own without touching these tests. */
const ALL_MIGRATIONS = Object.keys(migrationsFor("sqlite")).sort();

async function migrationNames(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(
    handle.db,
  );
  return rows.map((r) => r.name);
}

describeEachDialect("migrations", (testDb) => {
  it("apply, and a second run changes nothing", async () => {
    const handle = (await testDb().fresh()).open();
    await handle.migrate();
    await handle.migrate();
    expect(await migrationNames(handle)).toEqual(ALL_MIGRATIONS);
    expect(await countQuoteRequests(handle.db)).toBe(0);
  });

  // Issue 19: an id that went out in an alert or a link never names another lead, not after
  // a deletion, nor after a restore that took the rows and the id counter back.
  it("never hands out an id again, even after the rows and the counter went back", async () => {
    const handle = (await testDb().fresh()).open();
    await handle.migrate();
    const repository = createQuoteRepository(handle.db);
    // One lead: ids outrun the clock only when leads come faster than one a millisecond.
    const answered = [Number(await repository.insertQuoteRequest(row()))];
    expect(answered[0]).toBeGreaterThanOrEqual(leadIdFloor() - 60_000);
    const highest = Math.max(...answered);
    // What a restored backup from before these leads looks like: no rows, an old counter.
    await handle.db.deleteFrom("quote_requests").execute();
    if (testDb().dialect === "sqlite") {
      await sql`update sqlite_sequence set seq = 5 where name = 'quote_requests'`.execute(
        handle.db,
      );
    } else {
      await sql`select setval(pg_get_serial_sequence('quote_requests', 'id'), 5)`.execute(
        handle.db,
      );
    }
    await handle.migrate(); // what every start runs
    const next = Number(await repository.insertQuoteRequest(row()));
    expect(next).toBeGreaterThan(highest);
  });

  it("can run from two servers at once", async () => {
    const location = await testDb().fresh();
    // Two independent connections/pools on one empty database, as two servers would have.
    const [first, second] = [location.open(), location.open()];
    await Promise.all([first.migrate(), second.migrate(), first.migrate(), second.migrate()]);
    expect(await migrationNames(first)).toEqual(ALL_MIGRATIONS);
    expect(await migrationNames(second)).toEqual(ALL_MIGRATIONS);
    // Both see one working table.
    await createQuoteRepository(second.db).insertQuoteRequest(row());
    expect(await countQuoteRequests(first.db)).toBe(1);
  });

  it("returns the same row shape on both dialects", async () => {
    const handle = testDb().open();
    await handle.migrate();
    const repository = createQuoteRepository(handle.db);
    const id = await repository.insertQuoteRequest(row({ idempotency_key: uniqueName("key") }));
    expect(typeof id).toBe("number");
    const stored = (await listQuoteRequests(handle.db)).find((r) => r.id === id);
    const { idempotency_key: _ignored, ...expected } = row();
    expect(stored).toMatchObject({ ...expected, id });
    expect(typeof stored?.is_spam).toBe("number");
    expect(typeof stored?.created_at).toBe("string");
    expect(typeof (await countQuoteRequests(handle.db))).toBe("number");
  });

  it("keeps idempotency keys unique: a repeated key inserts nothing and reports null", async () => {
    const handle = testDb().open();
    await handle.migrate();
    const repository = createQuoteRepository(handle.db);
    const key = uniqueName("key");
    const before = await countQuoteRequests(handle.db);
    const id = await repository.insertQuoteRequest(row({ idempotency_key: key }));
    expect(
      await repository.insertQuoteRequest(row({ idempotency_key: key, name: "Other" })),
    ).toBeNull();
    expect(await repository.findByIdempotencyKey(key)).toEqual({ id, requestHash: null });
    expect(await countQuoteRequests(handle.db)).toBe(before + 1);
  });

  it("refuses flag values other than 0 and 1", async () => {
    const handle = testDb().open();
    await handle.migrate();
    const repository = createQuoteRepository(handle.db);
    await expect(repository.insertQuoteRequest(row({ is_spam: 2 }))).rejects.toThrow();
    await expect(
      repository.insertQuoteRequest(row({ outside_service_area: -1 })),
    ).rejects.toThrow();
  });

  it("counts spam and leads separately", async () => {
    const handle = (await testDb().fresh()).open();
    await handle.migrate();
    const repository = createQuoteRepository(handle.db);
    await repository.insertQuoteRequest(row());
    await repository.insertQuoteRequest(row({ is_spam: 1, spam_reason: "honeypot" }));
    await repository.insertQuoteRequest(row({ is_spam: 1, spam_reason: "too-fast" }));
    expect(await countQuoteRequests(handle.db)).toBe(3);
    expect(await countQuoteRequests(handle.db, { spam: true })).toBe(2);
    expect(await countQuoteRequests(handle.db, { spam: false })).toBe(1);
  });

  it("reports healthy", async () => {
    expect(await testDb().open().isHealthy()).toBe(true);
  });
});

describe.skipIf(!POSTGRES_AVAILABLE)("health [postgres]", () => {
  it("is false when reads work but writes don't (a role without write grants)", async () => {
    const schema = uniqueName("health");
    const writer = openDatabase(TEST_DATABASE_URL, { searchPath: schema });
    await sql.raw(`create schema ${schema}`).execute(writer.db);
    try {
      await writer.migrate();
      expect(await writer.isHealthy()).toBe(true);
      const readOnly = openDatabase(await readOnlyRoleUrl(schema), { searchPath: schema });
      // `select 1` still answers, as the old check did; a lead could not be stored.
      await expect(sql`select 1`.execute(readOnly.db)).resolves.toBeDefined();
      expect(await readOnly.isHealthy()).toBe(false);
      await readOnly.close();
    } finally {
      await sql.raw(`drop schema ${schema} cascade`).execute(writer.db);
      await writer.close();
    }
  });
});

/** A PostgreSQL role that may read the schema but not write to it. */
async function readOnlyRoleUrl(schema: string): Promise<string> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(
      "do $$ begin if not exists (select from pg_roles where rolname = 'health_reader') then create role health_reader login password 'health_reader'; end if; end $$",
    );
    await admin.query(`grant usage on schema ${schema} to health_reader`);
    await admin.query(`grant select on all tables in schema ${schema} to health_reader`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.username = "health_reader";
  url.password = "health_reader";
  return url.toString();
}

describe("the SQLite file", () => {
  const dir = tempDir();
  it("and its folder are created readable by the server's user alone", async () => {
    const folder = path.join(dir, "new-folder");
    const file = path.join(folder, "quotes.db");
    const handle = openDatabase(`file:${file}`);
    await handle.migrate();
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
    await handle.close();
  });
});

describe("an unusable database", () => {
  const dir = tempDir();
  it("SQLite at a path that can't be created: migrate rejects, health is false", async () => {
    const notADirectory = path.join(dir, "plain-file");
    writeFileSync(notADirectory, "");
    const handle = openDatabase(`file:${path.join(notADirectory, "quotes.db")}`);
    await expect(handle.migrate()).rejects.toThrow();
    expect(await handle.isHealthy()).toBe(false);
    await handle.close();
  });

  it("PostgreSQL on a closed port: fails fast, no hang", async () => {
    const handle = openDatabase("postgres://app:app@127.0.0.1:1/app_test");
    const started = Date.now();
    await expect(handle.migrate()).rejects.toThrow();
    expect(await handle.isHealthy()).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
    await handle.close();
  });
});

/**
 * A TCP relay in front of PostgreSQL that the test can cut and restore, standing in for
 * a database restart without touching the real server.
 */
async function startRelay(target: URL, port = 0) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    async cut() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!POSTGRES_AVAILABLE)("PostgreSQL outage [postgres]", () => {
  it("fails fast while the database is away and recovers by itself when it returns", async () => {
    const target = new URL(TEST_DATABASE_URL);
    let relay = await startRelay(target);
    const viaRelay = new URL(TEST_DATABASE_URL);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(relay.port);
    const handle = openDatabase(viaRelay.toString());
    await handle.migrate();
    expect(await handle.isHealthy()).toBe(true);

    await relay.cut();
    const started = Date.now();
    expect(await handle.isHealthy()).toBe(false);
    await expect(sql`select 1`.execute(handle.db)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(6_000);

    relay = await startRelay(target, Number(viaRelay.port));
    expect(await handle.isHealthy()).toBe(true);
    await handle.close();
    await relay.cut();
  });
});
