// Group commit: the leads that arrive together share one transaction and one fsync, and each
// is answered only once that commit is on disk (issue 23, docs/decisions/010-scale-out.md).
//
// On SQLite every statement runs on this thread and a commit with synchronous = FULL waits
// for the disk, holding up every other request while it does. Leads that reach the database
// in the same turn of the event loop are written in one transaction instead, each inside a
// savepoint of its own, so one lead's failure or refusal (the rate limit, a duplicate key)
// rolls back that lead alone. Nobody hears "stored" before the shared commit: if it fails,
// every lead in it is told it failed, and none of them is on disk.
//
// PostgreSQL commits on its own connections without holding this thread, and groups
// concurrent commits itself; there each unit of work is simply its own transaction.
import { type Kysely, SqliteAdapter, sql, type Transaction } from "kysely";
import type { Database } from "./db.server";

/** A lead's writes; run inside a transaction, the group's or its own. */
export type Work<T> = (trx: Transaction<Database>) => Promise<T>;

export interface GroupCommit {
  /** Resolves with `work`'s result once its writes are committed; rejects if they aren't. */
  run<T>(work: Work<T>): Promise<T>;
}

/** Enough to share one fsync widely, few enough that the first in line isn't kept waiting. */
const MAX_GROUP = 64;

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

interface Waiting {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const groups = new WeakMap<Kysely<Database>, GroupCommit>();

/** The one group commit for this database handle (all callers must share it to share commits). */
export function groupCommitFor(db: Kysely<Database>): GroupCommit {
  let group = groups.get(db);
  if (!group) {
    group =
      db.getExecutor().adapter instanceof SqliteAdapter
        ? sqliteGroupCommit(db)
        : { run: (work) => db.transaction().execute(work) };
    groups.set(db, group);
  }
  return group;
}

function sqliteGroupCommit(db: Kysely<Database>): GroupCommit {
  let queue: Waiting[] = [];
  let scheduled = false;

  /** One lead's work inside the group: rolled back to its savepoint alone if it throws. */
  async function runOne(trx: Transaction<Database>, work: Work<unknown>): Promise<Outcome> {
    await sql`savepoint lead`.execute(trx);
    try {
      const value = await work(trx);
      await sql`release lead`.execute(trx);
      return { ok: true, value };
    } catch (error) {
      // If SQLite has already rolled back the whole transaction (a full disk, an I/O error),
      // the savepoint is gone and this throws: the group fails, and nobody is told "stored".
      await sql`rollback to lead`.execute(trx);
      await sql`release lead`.execute(trx);
      return { ok: false, error };
    }
  }

  async function commitGroup(group: Waiting[]): Promise<void> {
    const outcomes: Outcome[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        // Alone, a lead needs no savepoint: if it throws, the whole transaction rolls back.
        if (group.length === 1 && group[0]) {
          outcomes.push({ ok: true, value: await group[0].work(trx) });
          return;
        }
        for (const waiting of group) outcomes.push(await runOne(trx, waiting.work));
      });
    } catch (error) {
      for (const waiting of group) waiting.reject(error);
      return;
    }
    group.forEach((waiting, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome ? outcome.error : new Error("lead left out of its group"));
    });
  }

  async function flush(): Promise<void> {
    try {
      while (queue.length > 0) {
        const group = queue.slice(0, MAX_GROUP);
        queue = queue.slice(MAX_GROUP);
        await commitGroup(group);
      }
    } finally {
      scheduled = false;
    }
  }

  return {
    run<T>(work: Work<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          // After the I/O callbacks of this turn: every lead that reached here meanwhile
          // joins the same commit.
          setImmediate(() => void flush());
        }
      });
    },
  };
}
