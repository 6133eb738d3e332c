// Looking at what the server stored, from the outside: the real SQLite file (read-only) or a
// PostgreSQL database of the test's own. Nothing here talks to the app's modules.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";

export interface QuoteRow {
  id: number;
  name: string;
  phone: string;
  phone_normalised: string;
  email: string | null;
  postcode: string;
  suburb: string;
  message: string | null;
  source_page: string | null;
  idempotency_key: string | null;
  is_spam: number;
  spam_reason: string | null;
  outside_service_area: number;
  created_at: string;
}

// --- SQLite --------------------------------------------------------------------------------

/** Runs `read` on a read-only connection to the file, closed straight after. */
export function withSqlite<T>(file: string, read: (db: BetterSqlite3.Database) => T): T {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export function sqliteRowsWhere(file: string, column: keyof QuoteRow, value: string): QuoteRow[] {
  return withSqlite(file, (db) => {
    const exists = db
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = ?")
      .get("quote_requests") as { n: number };
    if (exists.n === 0) return [];
    return db
      .prepare(`select * from quote_requests where ${column} = ? order by id`)
      .all(value) as QuoteRow[];
  });
}

export function sqliteRowsNamed(file: string, name: string): QuoteRow[] {
  return sqliteRowsWhere(file, "name", name);
}

export function sqliteRowsLike(file: string, pattern: string): QuoteRow[] {
  return withSqlite(
    file,
    (db) =>
      db
        .prepare("select * from quote_requests where name like ? order by id")
        .all(pattern) as QuoteRow[],
  );
}

/** A fresh folder for a spawned server's SQLite file; call the returned function to remove it. */
export function scratchSqlite(label: string): { file: string; url: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `quotes-e2e-${label}-`));
  const file = join(dir, "quotes.db");
  return {
    file,
    url: `file:${file}`,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

// --- PostgreSQL ----------------------------------------------------------------------------

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://app:app@127.0.0.1:5432/app_test";
/** CI sets REQUIRE_POSTGRES=1: there an unreachable PostgreSQL fails instead of skipping. */
export const REQUIRE_POSTGRES = process.env.REQUIRE_POSTGRES === "1";

/** TEST_DATABASE_URL without its password, for messages. */
export function shownDatabaseUrl(url = TEST_DATABASE_URL): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable database URL)";
  }
}

function client(url: string): pg.Client {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  c.on("error", () => {});
  return c;
}

export async function pgQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const c = client(url);
  await c.connect();
  try {
    const result = await c.query<R>(text, values);
    return result.rows;
  } finally {
    await c.end().catch(() => {});
  }
}

export async function postgresReachable(url = TEST_DATABASE_URL): Promise<boolean> {
  try {
    await pgQuery(url, "select 1");
    return true;
  } catch {
    return false;
  }
}

export interface ScratchPostgres {
  name: string;
  /** The new database's URL, for the server under test. */
  url: string;
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<R[]>;
  /** Refuses (false) or allows (true) new connections; refusing also ends the current ones. */
  allowConnections(allowed: boolean): Promise<void>;
  drop(): Promise<void>;
}

/**
 * A new database (quotes_e2e_<random>) on the TEST_DATABASE_URL cluster, created by the
 * admin connection there (the role must be allowed to create databases).
 */
export async function createScratchPostgres(): Promise<ScratchPostgres> {
  const name = `quotes_e2e_${randomBytes(6).toString("hex")}`;
  await pgQuery(TEST_DATABASE_URL, `create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  return {
    name,
    url: dbUrl,
    query: (text, values = []) => pgQuery(dbUrl, text, values),
    async allowConnections(allowed) {
      await pgQuery(TEST_DATABASE_URL, `alter database ${name} allow_connections ${allowed}`);
      if (!allowed) {
        await pgQuery(
          TEST_DATABASE_URL,
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [name],
        );
      }
    },
    async drop() {
      await pgQuery(TEST_DATABASE_URL, `drop database if exists ${name} with (force)`);
    },
  };
}

export function pgRowsNamed(db: ScratchPostgres, name: string): Promise<QuoteRow[]> {
  return db.query<QuoteRow>("select * from quote_requests where name = $1 order by id", [name]);
}
