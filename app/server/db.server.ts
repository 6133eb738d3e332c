// The quote database: SQLite in a local file by default, PostgreSQL when DATABASE_URL
// says postgres://. One Kysely instance per process, opened lazily.
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import BetterSqlite3 from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Generated,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import type { LeadStatus } from "~/lib/lead-status";
import type { AlertOutboxTable } from "./alerts/outbox.server";
import { SERVER_ENV } from "./env.server";
import { migrationsFor } from "./migrations/index.server";
import type { QuotePhotosTable } from "./photos/photos.server";
import type {
  PushDeliveriesTable,
  PushKeysTable,
  PushSubscriptionsTable,
} from "./push/tables.server";
import type { RateLimitsTable } from "./rate-limit/rate-limit.server";

export type DialectName = "sqlite" | "postgres";

export interface QuoteRequestsTable {
  id: Generated<number>;
  name: string;
  phone: string;
  phone_normalised: string;
  email: string | null;
  postcode: string;
  suburb: string;
  message: string | null;
  source_page: string | null;
  /** The client's key scoped to its address (k1:…), or one derived from the request (d1:…). */
  idempotency_key: string | null;
  /** sha256 of the normalised fields: a key reused with another request is refused. */
  request_hash: string | null;
  /** sha256 of the client's own key, unscoped: the same request retried from a new address. */
  key_hash: string | null;
  /** 0 or 1: better-sqlite3 refuses JS booleans, so both dialects store integers. */
  is_spam: number;
  spam_reason: string | null;
  outside_service_area: number;
  /** ISO 8601 text on both dialects. */
  created_at: string;
  // The inbox's columns (migration 0005): every lead starts "new".
  status: Generated<LeadStatus>;
  landing_page: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  /** The origin the lead was posted to (migration 0010): the alert's links when SITE_URL is unset. */
  request_origin: string | null;
  /** What the job was worth when won, in cents (migration 0011); null when not said or not won. */
  won_value_cents?: number | null;
  /** Photos stored with the request (migration 0013); set once, with them. */
  photo_count: Generated<number>;
}

export { LEAD_STATUSES, type LeadStatus } from "~/lib/lead-status";

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/** A browser an account signed in from (migration 0007); see accounts/devices.server.ts. */
export interface KnownDevicesTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface SignInFailuresTable {
  id: Generated<number>;
  subject: string;
  failed_at: string;
}

export interface LeadHistoryTable {
  id: Generated<number>;
  quote_request_id: number;
  kind: "status" | "note" | "not_spam";
  from_status: LeadStatus | null;
  to_status: LeadStatus | null;
  note: string | null;
  author: string;
  created_at: string;
  /** The job value this entry set, in cents (migration 0011). */
  value_cents?: number | null;
}

/** One row, rewritten by /healthz: proof the database takes a write, not just a read. */
export interface ServerHeartbeatTable {
  id: number;
  beat_at: string;
}

export interface Database {
  quote_requests: QuoteRequestsTable;
  server_heartbeat: ServerHeartbeatTable;
  alert_outbox: AlertOutboxTable;
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  known_devices: KnownDevicesTable;
  lead_history: LeadHistoryTable;
  rate_limits: RateLimitsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  push_keys: PushKeysTable;
  quote_photos: QuotePhotosTable;
}

const SQLITE_BUSY_TIMEOUT_MS = 5_000;
const MIGRATION_LOCK_WAIT_MS = 30_000;
const PG_CONNECT_TIMEOUT_MS = 2_000;
const PG_STATEMENT_TIMEOUT_MS = 5_000;
const HEALTH_TIMEOUT_MS = 1_500;

/** One JSON line on stderr. Callers pass no customer data; only the error's own fields go out. */
export function logDatabaseError(event: string, error: unknown): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const code = (err as { code?: unknown }).code;
  console.error(
    JSON.stringify({
      level: "error",
      time: new Date().toISOString(),
      event,
      error: err.name,
      code: typeof code === "string" ? code : undefined,
      message: err.message.slice(0, 300),
    }),
  );
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// --- SQLite -------------------------------------------------------------------------

function sqliteFile(url: string): string {
  const file = url.startsWith("file://") ? fileURLToPath(url) : url.slice("file:".length);
  return path.resolve(file);
}

function openSqliteFile(file: string): BetterSqlite3.Database {
  // Leads are personal data: a new folder and file are the server's user's alone.
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const isNew = !existsSync(file);
  const db = new BetterSqlite3(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  try {
    // Never open the database file ourselves, not even for a moment: closing any descriptor
    // of it drops every POSIX lock this process holds on it, and then another process (the
    // sqlite3 shell, a backup) takes itself for the only user and deletes the WAL under us
    // (https://www.sqlite.org/howtocorrupt.html, 2.2; issue 19). chmod works on the path.
    // SQLite has created the file by now and gives the -wal and -shm files its permissions
    // when it makes them, which is below.
    if (isNew) chmodSync(file, 0o600);
    db.pragma("journal_mode = WAL");
    // FULL: a commit is on disk before we tell the visitor their request arrived.
    db.pragma("synchronous = FULL");
    // From here on no waiting inside better-sqlite3, which would block the thread: a busy
    // lock is waited for by ImmediateSqliteDriver instead.
    db.pragma("busy_timeout = 0");
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Kysely prepares every statement again each time it runs one; a lead's transaction runs the
 * same handful of statements every time. Kept prepared here (issue 23), a bounded number, and
 * used one at a time, since Kysely gives the connection to one query or transaction at a time.
 */
function withStatementCache(db: BetterSqlite3.Database, max = 256): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => db.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = db.prepare(text);
        if (statements.size >= max) statements.clear();
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isBusy = (error: unknown) =>
  String((error as { code?: unknown }).code ?? "").startsWith("SQLITE_BUSY");

/** Runs `attempt` again while another process holds the lock, waiting without blocking. */
async function whileBusy<T>(attempt: () => Promise<T>, waitMs: number): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error;
      await sleep(10 + Math.random() * 40);
    }
  }
}

/**
 * Transactions start with BEGIN IMMEDIATE, taking SQLite's write lock up front; that lock
 * is what serialises migrations between servers sharing one file. better-sqlite3 would wait
 * for a lock held by another process (a second server, the sqlite3 shell, a backup) by
 * blocking the whole thread, so the connection's busy_timeout is 0 and every statement that
 * finds the lock taken is tried again here, polling without blocking. That also saves the two
 * pragmas each transaction used to spend switching the timeout off and on (issue 23).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    return {
      executeQuery: (query) =>
        whileBusy(() => connection.executeQuery(query), SQLITE_BUSY_TIMEOUT_MS),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // The wrapped connection retries for SQLITE_BUSY_TIMEOUT_MS; migrations may wait longer.
    await whileBusy(
      () => connection.executeQuery(CompiledQuery.raw("begin immediate")),
      MIGRATION_LOCK_WAIT_MS,
    );
  }
}

/** SQLite does run DDL inside transactions; saying so lets the Migrator use ours. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class AppSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
  override createAdapter() {
    return new TransactionalDdlSqliteAdapter();
  }
}

// --- PostgreSQL ---------------------------------------------------------------------

const INT8_OID = 20;
/**
 * bigint (lead ids, count(*)) as a JS number, as SQLite gives it; pg's default is a string.
 * Every bigint we store is far below 2^53.
 */
const typeParser = ((oid: number, format?: "text" | "binary") =>
  oid === INT8_OID && format !== "binary"
    ? (value: string) => Number(value)
    : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser;

function postgresPool(url: string, searchPath?: string): pg.Pool {
  if (searchPath !== undefined && !/^[a-z_][a-z0-9_]*$/.test(searchPath)) {
    throw new Error(`Unsafe search_path: ${searchPath}`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Fail fast while the database is down; the pool makes fresh connections once it's back.
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    statement_timeout: PG_STATEMENT_TIMEOUT_MS,
    query_timeout: PG_STATEMENT_TIMEOUT_MS + 1_000,
    idle_in_transaction_session_timeout: 10_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: "roof-repair-site",
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
    types: { getTypeParser: typeParser },
  });
  // A connection that drops emits "error"; with no listener that crashes the process.
  // Idle ones surface on the pool. A checked-out one has no pool listener, so give every
  // client a quiet one: its query fails anyway, and the pool discards it on release.
  pool.on("error", (error) => logDatabaseError("db.pool_error", error));
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

/** Lead ids count from here: milliseconds since this instant (see leadIdFloor). */
const LEAD_ID_EPOCH_MS = Date.UTC(2026, 0, 1);

/**
 * An id goes out in alerts, webhooks and links, so it must never name another customer later,
 * even if the rows that used it are gone: a backup restored over newer leads, or a tail of the
 * file lost another way, takes the id sequence back with it. The clock doesn't go back with
 * it, so every start raises the sequence to the milliseconds since LEAD_ID_EPOCH_MS: each new
 * id is above every id answered before, unless leads once came faster than one a millisecond.
 * (Ids are 64-bit on both dialects, migration 0009, and far below 2^53.)
 */
export function leadIdFloor(now = Date.now()): number {
  return Math.max(0, now - LEAD_ID_EPOCH_MS);
}

async function raiseLeadIdFloor(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const floor = leadIdFloor();
  if (dialect === "sqlite") {
    // The AUTOINCREMENT counter, which also keeps the id of a deleted lead from coming back.
    await sql`update sqlite_sequence set seq = ${floor}
      where name = 'quote_requests' and seq < ${floor}`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) select 'quote_requests', ${floor}
      where not exists (select 1 from sqlite_sequence where name = 'quote_requests')`.execute(db);
    return;
  }
  // Only ever upwards: another server may be handing out ids from the same sequence now.
  await sql`select setval(seq, ${floor})
    from (select pg_get_serial_sequence('quote_requests', 'id')::regclass as seq) s
    where coalesce(pg_sequence_last_value(seq), 0) < ${floor}`.execute(db);
}

// --- Either -------------------------------------------------------------------------

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  /** Brings the schema up to date; safe to run repeatedly and from several servers at once. */
  migrate(): Promise<void>;
  isHealthy(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: the schema to work in (tests use one per file). */
  searchPath?: string;
}

/** Opens nothing yet: connections are made on first use, so this never throws for I/O. */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  const dialect: DialectName = url.startsWith("file:") ? "sqlite" : "postgres";
  const db = new Kysely<Database>({
    dialect:
      dialect === "sqlite"
        ? new AppSqliteDialect({
            database: async () => withStatementCache(openSqliteFile(sqliteFile(url))),
          })
        : new PostgresDialect({ pool: postgresPool(url, options.searchPath) }),
  });
  const provider = { getMigrations: async () => migrationsFor(dialect) };

  async function migrate(): Promise<void> {
    if (dialect === "sqlite") {
      // The whole run, bookkeeping included, happens under one write lock and rolls back
      // as a unit if any step fails.
      await db.transaction().execute(async (trx) => {
        const { error } = await new Migrator({ db: trx, provider }).migrateToLatest();
        if (error) throw error;
        await raiseLeadIdFloor(trx, "sqlite");
      });
      return;
    }
    // Kysely looks for its bookkeeping tables in every schema unless told which one;
    // name ours so another schema's tables in the same database can't be mistaken for it.
    const { rows } = await sql<{
      schema: string | null;
    }>`select current_schema() as schema`.execute(db);
    const migrationTableSchema = rows[0]?.schema ?? undefined;
    const { error } = await new Migrator({ db, provider, migrationTableSchema }).migrateToLatest();
    if (error) throw error;
    await raiseLeadIdFloor(db, "postgres");
  }

  /**
   * A real, committed write: `select 1` passes on a read-only file, a full disk or a role
   * that lost its write grant, while every quote request would fail. One row, rewritten.
   */
  async function isHealthy(timeoutMs = HEALTH_TIMEOUT_MS): Promise<boolean> {
    try {
      await withTimeout(
        db
          .insertInto("server_heartbeat")
          .values({ id: 1, beat_at: new Date().toISOString() })
          .onConflict((oc) =>
            oc.column("id").doUpdateSet((eb) => ({ beat_at: eb.ref("excluded.beat_at") })),
          )
          .execute(),
        timeoutMs,
        "health check",
      );
      return true;
    } catch {
      return false;
    }
  }

  return { db, dialect, migrate, isHealthy, close: () => db.destroy() };
}

// --- The process-wide instance --------------------------------------------------------

let current: DatabaseHandle | undefined;
let started: Promise<void> | undefined;

function handle(): DatabaseHandle {
  current ??= openDatabase(SERVER_ENV.DATABASE_URL);
  return current;
}

export function getDb(): Kysely<Database> {
  return handle().db;
}

/**
 * Opens the database and applies migrations. Call once at server start; later calls
 * reuse the same run. A failed run is forgotten so the next call (or submission) retries,
 * which lets a server that started during a database outage heal itself.
 */
export function startDatabase(): Promise<void> {
  started ??= handle()
    .migrate()
    .catch((error: unknown) => {
      started = undefined;
      throw error;
    });
  return started;
}

/** For /healthz: migrated and taking a write within a second and a half. */
export async function databaseIsHealthy(): Promise<boolean> {
  try {
    await withTimeout(startDatabase(), HEALTH_TIMEOUT_MS, "database start");
  } catch {
    return false;
  }
  return handle().isHealthy();
}

export async function closeDatabase(): Promise<void> {
  const closing = current;
  current = undefined;
  started = undefined;
  await closing?.close();
}
