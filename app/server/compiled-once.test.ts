import { type Kysely, sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../tests/support/database";
import { compiledOnce, namedValues, rowHoles, rowValues } from "./compiled-once.server";
import type { Database, DatabaseHandle } from "./db.server";

interface Note {
  label: string;
  detail?: string | null;
  size: number;
}
// A table of the test's own, outside the app's schema.
type Db = Kysely<{ co_notes: Note }>;

describeEachDialect("statements compiled once", (testDb) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = testDb().open();
    await sql`create table co_notes (label text not null, detail text, size integer not null)`.execute(
      handle.db,
    );
  });

  const insertNotes = compiledOnce(
    (db, hole, notes: readonly Note[]) =>
      (db as unknown as Db).insertInto("co_notes").values(rowHoles(notes, hole)),
    rowValues<Note>(),
  );
  const notesAbove = compiledOnce(
    (db, hole) =>
      (db as unknown as Db)
        .selectFrom("co_notes")
        .select(["label", "detail", "size"])
        .where("size", ">", hole<number>("min"))
        .orderBy("label")
        .limit(10),
    namedValues<{ min: number }>(),
  );

  it("binds each run's own values, and compiles a new text for another set of columns", async () => {
    const db = handle.db as Kysely<Database>;
    await insertNotes.run(db, [{ label: "a", size: 1 }]);
    await insertNotes.run(db, [{ label: "b", detail: "with detail", size: 2 }]);
    await insertNotes.run(db, [
      { label: "c", detail: undefined, size: 3 },
      { label: "d", detail: "two rows, one text", size: 4 },
    ]);
    expect((await notesAbove.run<Note>(db, { min: 1 })).rows).toEqual([
      { label: "b", detail: "with detail", size: 2 },
      { label: "c", detail: null, size: 3 },
      { label: "d", detail: "two rows, one text", size: 4 },
    ]);
    expect((await notesAbove.run<Note>(db, { min: 3 })).rows.map((n) => n.label)).toEqual(["d"]);
  });
});
