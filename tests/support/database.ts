// Shared by the database tests: a fresh SQLite file or a fresh PostgreSQL schema for each
// test file, so files can run in parallel without seeing each other's rows.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, it } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "../../app/server/db.server";
import type { StoredQuoteRequest } from "../../app/server/quote-repository.server";

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://app:app@127.0.0.1:5432/app_test";
/** CI sets REQUIRE_POSTGRES=1: there an unreachable PostgreSQL fails the run instead of skipping. */
export const REQUIRE_POSTGRES = process.env.REQUIRE_POSTGRES === "1";

async function probePostgres(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 2_000,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export const POSTGRES_AVAILABLE = await probePostgres();

/** The URL without its password, for messages. */
function shownUrl(): string {
  try {
    const url = new URL(TEST_DATABASE_URL);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(unparseable TEST_DATABASE_URL)";
  }
}

export function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "quotes-test-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 2_000,
  });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface TestLocation {
  url: string;
  searchPath?: string;
  /** A new handle (its own connection or pool) on this database, closed after the file's tests. */
  open(): DatabaseHandle;
}

export interface TestDatabase extends TestLocation {
  dialect: "sqlite" | "postgres";
  /** A database of its own: empty, unmigrated and not shared with any other test. */
  fresh(): Promise<TestLocation>;
}

/**
 * Runs `define` once per dialect: always on SQLite, and on PostgreSQL when it answers at
 * TEST_DATABASE_URL. `get()` is only usable inside tests and hooks.
 */
export function describeEachDialect(
  title: string,
  define: (get: () => TestDatabase) => void,
): void {
  describe(`${title} [sqlite]`, () => define(setUp("sqlite")));

  if (!POSTGRES_AVAILABLE && REQUIRE_POSTGRES) {
    describe(`${title} [postgres]`, () => {
      it("needs PostgreSQL (REQUIRE_POSTGRES=1)", () => {
        throw new Error(`PostgreSQL is not reachable at ${shownUrl()}`);
      });
    });
    return;
  }
  if (!POSTGRES_AVAILABLE) {
    console.warn(
      `[tests] PostgreSQL not reachable at ${shownUrl()}: skipping "${title} [postgres]". ` +
        "Set TEST_DATABASE_URL, or REQUIRE_POSTGRES=1 to make this an error.",
    );
  }
  describe.skipIf(!POSTGRES_AVAILABLE)(`${title} [postgres]`, () => define(setUp("postgres")));
}

function setUp(dialect: "sqlite" | "postgres"): () => TestDatabase {
  let current: TestDatabase | undefined;
  const handles: DatabaseHandle[] = [];
  const schemas: string[] = [];
  let dir = "";

  async function newLocation(): Promise<TestLocation> {
    let url = TEST_DATABASE_URL;
    let searchPath: string | undefined;
    if (dialect === "sqlite") {
      url = `file:${path.join(dir, `${uniqueName("db")}.db`)}`;
    } else {
      searchPath = uniqueName("t");
      await adminQuery(`create schema ${searchPath}`);
      schemas.push(searchPath);
    }
    return {
      url,
      searchPath,
      open() {
        const handle = openDatabase(url, { searchPath });
        handles.push(handle);
        return handle;
      },
    };
  }

  beforeAll(async () => {
    if (dialect === "sqlite") dir = mkdtempSync(path.join(tmpdir(), "quotes-test-"));
    current = { dialect, ...(await newLocation()), fresh: newLocation };
  });

  afterAll(async () => {
    await Promise.allSettled(handles.map((handle) => handle.close()));
    if (dialect === "sqlite" && dir) rmSync(dir, { recursive: true, force: true });
    for (const schema of schemas) await adminQuery(`drop schema if exists ${schema} cascade`);
  });

  return () => {
    if (!current) throw new Error("The test database is only available inside tests");
    return current;
  };
}

/** How many quote requests are stored: all, only spam (true) or only leads (false). */
export async function countQuoteRequests(
  db: Kysely<Database>,
  filter: { spam?: boolean } = {},
): Promise<number> {
  let query = db.selectFrom("quote_requests").select((eb) => eb.fn.countAll().as("count"));
  if (filter.spam !== undefined) query = query.where("is_spam", "=", filter.spam ? 1 : 0);
  const { count } = await query.executeTakeFirstOrThrow();
  // PostgreSQL returns count(*) as a string.
  return Number(count);
}

/** Every stored quote request, oldest first, with numbers as numbers on both dialects. */
export async function listQuoteRequests(db: Kysely<Database>): Promise<StoredQuoteRequest[]> {
  const rows = await db.selectFrom("quote_requests").selectAll().orderBy("id").execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    is_spam: Number(row.is_spam),
    outside_service_area: Number(row.outside_service_area),
  }));
}
