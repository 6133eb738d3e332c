import { writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./db.server";
import { migrationsFor } from "./migrations/index.server";
import { createQuoteRepository, type NewQuoteRequest } from "./quote-repository.server";
import {
  describeEachDialect,
  POSTGRES_AVAILABLE,
  TEST_DATABASE_URL,
  tempDir,
  uniqueName,
} from "./test-support.server";

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

async function migrationNames(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(
    handle.db,
  );
  return rows.map((r) => r.name);
}

describeEachDialect("migrations", (testDb) => {
  // Every migration listed, in order, and each applied once.
  const allMigrations = () => Object.keys(migrationsFor(testDb().dialect)).sort();
  it("apply, and a second run changes nothing", async () => {
    const handle = (await testDb().fresh()).open();
    await handle.migrate();
    await handle.migrate();
    expect(await migrationNames(handle)).toEqual(allMigrations());
    expect(await createQuoteRepository(handle.db).countQuoteRequests()).toBe(0);
  });

  it("can run from two servers at once", async () => {
    const location = await testDb().fresh();
    // Two independent connections/pools on one empty database, as two servers would have.
    const [first, second] = [location.open(), location.open()];
    await Promise.all([first.migrate(), second.migrate(), first.migrate(), second.migrate()]);
    expect(await migrationNames(first)).toEqual(allMigrations());
    expect(await migrationNames(second)).toEqual(allMigrations());
    // Both see one working table.
    await createQuoteRepository(second.db).insertQuoteRequest(row());
    expect(await createQuoteRepository(first.db).countQuoteRequests()).toBe(1);
  });

  it("returns the same row shape on both dialects", async () => {
    const handle = testDb().open();
    await handle.migrate();
    const repository = createQuoteRepository(handle.db);
    const id = await repository.insertQuoteRequest(row({ idempotency_key: uniqueName("key") }));
    expect(typeof id).toBe("number");
    const stored = (await repository.listQuoteRequestsForTest()).find((r) => r.id === id);
    const { idempotency_key: _ignored, ...expected } = row();
    expect(stored).toMatchObject({ ...expected, id });
    expect(typeof stored?.is_spam).toBe("number");
    expect(typeof stored?.created_at).toBe("string");
    expect(typeof (await repository.countQuoteRequests())).toBe("number");
  });

  it("keeps idempotency keys unique: a repeated key inserts nothing and reports null", async () => {
    const handle = testDb().open();
    await handle.migrate();
    const repository = createQuoteRepository(handle.db);
    const key = uniqueName("key");
    const before = await repository.countQuoteRequests();
    const id = await repository.insertQuoteRequest(row({ idempotency_key: key }));
    expect(
      await repository.insertQuoteRequest(row({ idempotency_key: key, name: "Other" })),
    ).toBeNull();
    expect(await repository.findByIdempotencyKey(key)).toEqual({ id });
    expect(await repository.countQuoteRequests()).toBe(before + 1);
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
    expect(await repository.countQuoteRequests()).toBe(3);
    expect(await repository.countQuoteRequests({ spam: true })).toBe(2);
    expect(await repository.countQuoteRequests({ spam: false })).toBe(1);
  });

  it("reports healthy", async () => {
    expect(await testDb().open().isHealthy()).toBe(true);
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
