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

interface Compiled {
  sql: string;
  /** Per parameter: the name of the value that goes there, or a constant of the query's own. */
  slots: ({ name: string } | { constant: unknown })[];
}

/** What a run binds: each hole's value by name, and what else the query's text depends on. */
export interface Binding {
  values: Record<string, unknown>;
  /** Runs of the same shape share one compiled text (e.g. the same columns, the same count). */
  shape: string;
}

export interface CompiledOnce<I> {
  run<R>(db: Kysely<Database>, input: I): Promise<QueryResult<R>>;
}

/**
 * `build` is called once per dialect and shape, with `hole(name)` wherever a run's value goes;
 * `bind` gives each run's values for those names, and the shape.
 */
export function compiledOnce<I>(
  build: (db: Kysely<Database>, hole: Hole, input: I) => { compile(): CompiledQuery<unknown> },
  bind: (input: I) => Binding,
): CompiledOnce<I> {
  // Per dialect (a transaction shares its database's adapter), then per shape.
  const byAdapter = new WeakMap<object, Map<string, Compiled>>();
  const hole: Hole = <T>(name: string) => `${HOLE}${name}` as T;

  function compile(db: Kysely<Database>, input: I): Compiled {
    const query = build(db, hole, input).compile();
    return {
      sql: query.sql,
      slots: query.parameters.map((parameter) =>
        typeof parameter === "string" && parameter.startsWith(HOLE)
          ? { name: parameter.slice(HOLE.length) }
          : { constant: parameter },
      ),
    };
  }

  return {
    run<R>(db: Kysely<Database>, input: I) {
      const { values, shape } = bind(input);
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
        "name" in slot ? values[slot.name] : slot.constant,
      );
      return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    },
  };
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

/** The binding for rowHoles' holes: the shape is the rows' columns. */
export function rowBinding<T extends object>(rows: readonly T[]): Binding {
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  rows.forEach((row, i) => {
    const columns: string[] = [];
    for (const [column, value] of Object.entries(row)) {
      if (value === undefined) continue;
      values[`${i}.${column}`] = value;
      columns.push(column);
    }
    shape.push(columns.join(","));
  });
  return { values, shape: shape.join(";") };
}
