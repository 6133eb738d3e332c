// The floor for durable inserts: the database alone, with no server in front. Runs in a
// process of its own, so the bench's load client doesn't share its event loop.
//   node bench/bare-inserts.ts sqlite FILE DURATION_MS
//   node bench/bare-inserts.ts postgres URL DURATION_MS CONCURRENCY
// Prints {"inserts": N, "durationMs": M} on stdout.
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";

const [dialect, target = "", durationArg = "10000", concurrencyArg = "20"] = process.argv.slice(2);
const durationMs = Number(durationArg);

// A row the size of a lead's, in a table of the same shape as far as the write goes.
const CREATE = `create table bare_leads (
  id integer primary key, name text not null, phone text not null, email text,
  postcode text not null, message text, idempotency_key text unique, created_at text not null)`;
const row = (i: number) => [
  `Bench Marker ${i}`,
  "0412 345 678",
  "bench@example.com",
  "3000",
  "Load test: a drip in the hallway.",
  `bare-${process.pid}-${i}`,
  new Date().toISOString(),
];

if (dialect === "sqlite") {
  const db = new BetterSqlite3(target);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL"); // as the server: each commit on disk before the answer
  db.exec(CREATE);
  const insert = db.prepare(
    "insert into bare_leads (name, phone, email, postcode, message, idempotency_key, created_at) values (?, ?, ?, ?, ?, ?, ?)",
  );
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < durationMs) insert.run(...row(n++));
  const elapsed = performance.now() - started;
  db.close();
  process.stdout.write(JSON.stringify({ inserts: n, durationMs: elapsed }));
} else if (dialect === "postgres") {
  const pool = new pg.Pool({ connectionString: target, max: Number(concurrencyArg) });
  await pool.query(CREATE.replace("id integer primary key", "id bigserial primary key"));
  let n = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Number(concurrencyArg) }, async () => {
      while (performance.now() - started < durationMs) {
        await pool.query(
          "insert into bare_leads (name, phone, email, postcode, message, idempotency_key, created_at) values ($1, $2, $3, $4, $5, $6, $7)",
          row(n++),
        );
      }
    }),
  );
  const elapsed = performance.now() - started;
  await pool.end();
  process.stdout.write(JSON.stringify({ inserts: n, durationMs: elapsed }));
} else {
  throw new Error(`unknown dialect ${dialect}`);
}
