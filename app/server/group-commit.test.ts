import BetterSqlite3 from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../tests/support/database";
import type { DatabaseHandle } from "./db.server";
import { groupCommitFor } from "./group-commit.server";

// Tables of the test's own, outside the app's schema.
type Db = Kysely<Record<string, Record<string, unknown>>>;
const loose = (handle: DatabaseHandle) => handle.db as unknown as Db;

describeEachDialect("group commit", (testDb) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = testDb().open();
    await sql`create table gc_rows (id integer primary key, label text not null)`.execute(
      handle.db,
    );
    await sql`create table gc_parents (id integer primary key)`.execute(handle.db);
    await sql`create table gc_children (id integer primary key,
      parent_id integer not null references gc_parents (id) deferrable initially deferred)`.execute(
      handle.db,
    );
  });

  const labels = async () =>
    (await loose(handle).selectFrom("gc_rows").select("label").orderBy("id").execute()).map(
      (row) => row.label,
    );

  it("each unit of work is kept or rolled back alone, whoever it arrived with", async () => {
    const group = groupCommitFor(handle.db);
    const failure = new Error("this one is refused");
    const outcomes = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((n) =>
        group.run(async (trx) => {
          await (trx as unknown as Db)
            .insertInto("gc_rows")
            .values({ id: n, label: `lead ${n}` })
            .execute();
          if (n === 3) throw failure;
          return n * 10;
        }),
      ),
    );
    expect(outcomes).toEqual([
      { status: "fulfilled", value: 10 },
      { status: "fulfilled", value: 20 },
      { status: "rejected", reason: failure },
      { status: "fulfilled", value: 40 },
      { status: "fulfilled", value: 50 },
    ]);
    expect(await labels()).toEqual(["lead 1", "lead 2", "lead 4", "lead 5"]);
  });

  it("a commit that fails is a failure for every unit of work in it, and stores none", async () => {
    const group = groupCommitFor(handle.db);
    await loose(handle).deleteFrom("gc_rows").execute();
    const outcomes = await Promise.allSettled([
      group.run(async (trx) => {
        await (trx as unknown as Db).insertInto("gc_rows").values({ id: 6, label: "ok" }).execute();
      }),
      // A deferred foreign key is checked at COMMIT: the commit itself fails.
      group.run(async (trx) => {
        await (trx as unknown as Db)
          .insertInto("gc_children")
          .values({ id: 1, parent_id: 999 })
          .execute();
      }),
    ]);
    if (testDb().dialect === "sqlite") {
      // One commit for both: neither is told it was stored.
      expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
      expect(await labels()).toEqual([]);
    } else {
      // A commit each: only the one that broke the rule fails.
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected"]);
      expect(await labels()).toEqual(["ok"]);
    }
    expect(
      await loose(handle).selectFrom("gc_children").selectAll().execute(),
      "the orphan is never stored",
    ).toEqual([]);
  });

  it("on SQLite, work arriving together shares one commit, and none of it shows before", async (context) => {
    if (testDb().dialect !== "sqlite") return context.skip();
    await loose(handle).deleteFrom("gc_rows").execute();
    const group = groupCommitFor(handle.db);
    // Another process's view of the file, as the sqlite3 shell or a backup would see it.
    const file = testDb().url.slice("file:".length);
    const outsider = new BetterSqlite3(file, { readonly: true });
    const visibleOutside = () =>
      (outsider.prepare("select count(*) as n from gc_rows").get() as { n: number }).n;
    try {
      const seen = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          group.run(async (trx) => {
            await (trx as unknown as Db)
              .insertInto("gc_rows")
              .values({ id: 10 + n, label: `lead ${n}` })
              .execute();
            return visibleOutside();
          }),
        ),
      );
      // One transaction per unit would have shown 0, 1, 2, 3 committed rows.
      expect(seen).toEqual([0, 0, 0, 0]);
      expect(visibleOutside(), "all four, once answered").toBe(4);
    } finally {
      outsider.close();
    }
  });
});
