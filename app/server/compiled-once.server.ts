// Statements a lead runs every time, built and compiled by Kysely once instead of per lead.
//
// Kysely builds a tree of frozen objects for each query and walks it to make the SQL text, on
// every call: for a lead's handful of statements that cost about as much of the main thread
// as running them (issue 23, a CPU profile under `npm run bench:inserts`). Here the query is
// built once per shape with a placeholder in each value's place, Kysely compiles it for the
// dialect in use, and each run sends that same text with the lead's own values in the
// placeholders' places. Kysely still writes every word of the SQL; values are only ever bound
// parameters, never text.
import { CompiledQuery, type Kysely, type QueryResult } from "kysely";
import type { Database } from "./db.server";

const HOLE = "\u0000hole\u0000";

/** Stands in for a value while the query is compiled; `name` says which value goes there. */
export type Hole = <T = unknown>(name: string) => T;

interface Compiled<I> {
  sql: string;
  /** Per parameter: how a run finds its value, or a constant of the query's own. */
  slots: ({ get: (input: I) => unknown } | { constant: unknown })[];
}

/** How a run's input fills the holes. */
export interface Binder<I> {
  /** What else the text depends on (which columns, how many keys): one text per shape. */
  shape(input: I): string;
  /** Where the value for the hole called `name` is in an input; asked once per shape. */
  getter(name: string): (input: I) => unknown;
}

export interface CompiledOnce<I> {
  run<R>(db: Kysely<Database>, input: I): Promise<QueryResult<R>>;
}

/**
 * `build` is called once per dialect and shape, with `hole(name)` wherever a run's value goes;
 * `binder` says where each run's values are.
 */
export function compiledOnce<I>(
  build: (db: Kysely<Database>, hole: Hole, input: I) => { compile(): CompiledQuery<unknown> },
  binder: Binder<I>,
): CompiledOnce<I> {
  // Per dialect (a transaction shares its database's adapter), then per shape.
  const byAdapter = new WeakMap<object, Map<string, Compiled<I>>>();
  const hole: Hole = <T>(name: string) => `${HOLE}${name}` as T;

  function compile(db: Kysely<Database>, input: I): Compiled<I> {
    const query = build(db, hole, input).compile();
    return {
      sql: query.sql,
      slots: query.parameters.map((parameter) =>
        typeof parameter === "string" && parameter.startsWith(HOLE)
          ? { get: binder.getter(parameter.slice(HOLE.length)) }
          : { constant: parameter },
      ),
    };
  }

  return {
    run<R>(db: Kysely<Database>, input: I) {
      const shape = binder.shape(input);
      const adapter = db.getExecutor().adapter;
      let shapes = byAdapter.get(adapter);
      if (!shapes) {
        shapes = new Map();
        byAdapter.set(adapter, shapes);
      }
      let compiled = shapes.get(shape);
      if (!compiled) {
        compiled = compile(db, input);
        shapes.set(shape, compiled);
      }
      const parameters = compiled.slots.map((slot) =>
        "get" in slot ? slot.get(input) : slot.constant,
      );
      return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    },
  };
}

/** Values by name, in a text of one shape. */
export function namedValues<V extends Record<string, unknown>>(): Binder<V> {
  return { shape: () => "", getter: (name) => (values) => values[name] };
}

/** Rows for an insert with a hole for each value (Kysely leaves undefined ones out). */
export function rowHoles<T extends object>(rows: readonly T[], hole: Hole): T[] {
  return rows.map(
    (row, i) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([, value]) => value !== undefined)
          .map(([column]) => [column, hole(`${i}.${column}`)]),
      ) as T,
  );
}

/** The binder for rowHoles' holes: one text per set of columns. */
export function rowValues<T extends object>(): Binder<readonly T[]> {
  return {
    shape: (rows) =>
      rows
        .map((row) =>
          Object.keys(row)
            .filter((column) => row[column as keyof T] !== undefined)
            .join(","),
        )
        .join(";"),
    getter(name) {
      const dot = name.indexOf(".");
      const index = Number(name.slice(0, dot));
      const column = name.slice(dot + 1) as keyof T;
      return (rows) => rows[index]?.[column];
    },
  };
}
