// `npm run db:backup -- FILE`: a consistent copy of the SQLite database while the server keeps
// running (SQLite's online backup API), or, on PostgreSQL, the pg_dump line to use.
import { closeSync, existsSync, openSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";

const DEFAULT_DATABASE_URL = "file:./data/quotes.db";
const url = process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
const target = process.argv[2];

function shown(databaseUrl: string): string {
  try {
    const parsed = new URL(databaseUrl);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(your DATABASE_URL)";
  }
}

if (!url.startsWith("file:")) {
  const file = target ?? "quotes.dump";
  console.log(
    [
      "DATABASE_URL is PostgreSQL: back it up with pg_dump, which takes a consistent snapshot",
      "while the servers keep running. Nothing was copied. Run:",
      "",
      `  pg_dump --format=custom --no-owner --file=${file} "${shown(url)}"`,
      "",
      `(with the real password, or PGPASSWORD set). Restore into an empty database with:`,
      "",
      `  pg_restore --no-owner --dbname="postgres://USER:PASSWORD@HOST:5432/NEW_DB" ${file}`,
    ].join("\n"),
  );
  process.exit(2);
}

if (!target) {
  console.error("Usage: npm run db:backup -- FILE   (FILE must not exist yet)");
  process.exit(1);
}

const source = path.resolve(
  url.startsWith("file://") ? fileURLToPath(url) : url.slice("file:".length),
);
const destination = path.resolve(target);
if (!existsSync(source)) {
  console.error(`No SQLite database at ${source} (DATABASE_URL=${url}). Nothing was copied.`);
  process.exit(1);
}

// Created here, exclusively and owner-only (the copy holds customers' details): an existing
// file is never overwritten, not even one that appears between a check and the copy.
try {
  closeSync(openSync(destination, "wx", 0o600));
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(
    code === "EEXIST"
      ? `Refusing to overwrite ${destination}: it already exists. Pick a new file name.`
      : `Cannot create ${destination}: ${(error as Error).message}`,
  );
  process.exit(1);
}

let db: Database.Database | undefined;
try {
  db = new Database(source, { fileMustExist: true, timeout: 5_000 });
  // All pages in one step: each step reads one snapshot, and a write by the server between
  // steps would make SQLite start over.
  await db.backup(destination, { progress: () => 1_000_000_000 });
  db.close();
  db = undefined;

  const copy = new Database(destination, { readonly: true, fileMustExist: true });
  try {
    const integrity = copy.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new Error(`the copy failed its integrity check: ${integrity}`);
    const count = (table: string) =>
      (copy.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const tables = new Set(
      (
        copy.prepare("select name from sqlite_master where type = 'table'").all() as {
          name: string;
        }[]
      ).map((row) => row.name),
    );
    const leads = tables.has("quote_requests") ? count("quote_requests") : 0;
    const alerts = tables.has("alert_outbox") ? count("alert_outbox") : 0;
    const kb = Math.ceil(statSync(destination).size / 1024);
    console.log(
      `Backed up ${source} to ${destination} (${kb} KB): ${leads} quote requests, ` +
        `${alerts} alert jobs, integrity ok.`,
    );
    console.log(
      "To restore: stop the server, copy this file over the database file (and delete its " +
        "-wal and -shm files), start the server.",
    );
  } finally {
    copy.close();
  }
} catch (error) {
  db?.close();
  rmSync(destination, { force: true });
  console.error(`Backup failed, nothing kept: ${(error as Error).message}`);
  process.exit(1);
}
