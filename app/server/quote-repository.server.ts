// The only queries the site runs on quote requests. Nothing here is reachable from a
// route that reads: the site stores requests, it never shows them.
import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import { kickAlerts } from "./alerts/index.server";
import { enqueueLeadAlerts } from "./alerts/outbox.server";
import { compiledOnce, rowHoles, rowValues } from "./compiled-once.server";
import type { Database, QuoteRequestsTable } from "./db.server";
import { groupCommitFor } from "./group-commit.server";

export type NewQuoteRequest = Insertable<Omit<QuoteRequestsTable, "id">>;
export type StoredQuoteRequest = Selectable<QuoteRequestsTable>;

/**
 * Checks that run inside the insert's transaction first: the replay check (`replayed`: the
 * request was stored before) and the shared rate limit.
 */
export type BeforeInsert = (
  trx: Transaction<Database>,
) => Promise<
  { ok: true } | { ok: false; retryAfterSeconds: number } | { ok: false; replayed: true }
>;

/** More rows written inside the lead's transaction once it has an id (its photos). */
export type AfterInsert = (trx: Transaction<Database>, leadId: number) => Promise<void>;

export type Stored =
  | { ok: true; id: number }
  /** Refused by `before`; nothing was written. */
  | { ok: false; retryAfterSeconds: number }
  | { ok: false; replayed: true }
  /** Another row holds the idempotency key; nothing was written, the count included. */
  | { ok: false; duplicateKey: true };

/** A stored row an incoming request may be a replay of. */
export interface EarlierRow {
  id: number;
  idempotencyKey: string | null;
  keyHash: string | null;
  requestHash: string | null;
}

export interface QuoteRepository {
  /** The new row's id, or null when a row with the same idempotency key already exists. */
  insertQuoteRequest(row: NewQuoteRequest): Promise<number | null>;
  /**
   * `before` (the rate limit), the lead and its alert jobs in one transaction: one durable
   * commit per lead, and the count and the row succeed or fail together (issue 23).
   */
  storeQuoteRequest(
    row: NewQuoteRequest,
    before: BeforeInsert,
    after?: AfterInsert,
  ): Promise<Stored>;
  /**
   * In one indexed read, the rows an incoming request may replay: those holding any of
   * `keys`, and the one stored for this client key and this very request (`retry`).
   */
  findEarlier(
    keys: string[],
    retry: { keyHash: string; requestHash: string } | undefined,
    /** The lead's transaction, to read and then write under one lock. */
    trx?: Transaction<Database>,
  ): Promise<EarlierRow[]>;
  findByIdempotencyKey(
    key: string,
  ): Promise<{ id: number; requestHash: string | null } | undefined>;
}

/**
 * The lead's insert, compiled once per set of columns. "do nothing" rather than a
 * unique-violation error: on PostgreSQL it waits for a concurrent insert of the same key to
 * commit, so the caller's read-back finds it.
 */
const insertLead = compiledOnce(
  (db, hole, rows: readonly NewQuoteRequest[]) =>
    db
      .insertInto("quote_requests")
      .values(rowHoles(rows, hole))
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .returning("id"),
  rowValues<NewQuoteRequest>(),
);

/** One indexed read for every row a request may replay; its text depends on what it asks. */
interface EarlierQuery {
  keys: readonly string[];
  retry: { keyHash: string; requestHash: string } | undefined;
}
const selectEarlier = compiledOnce(
  (db, hole, { keys, retry }: EarlierQuery) =>
    db
      .selectFrom("quote_requests")
      .select(["id", "idempotency_key", "key_hash", "request_hash"])
      .where((eb) =>
        eb.or([
          ...(keys.length > 0
            ? [
                eb(
                  "idempotency_key",
                  "in",
                  keys.map((_, i) => hole<string>(`key.${i}`)),
                ),
              ]
            : []),
          ...(retry
            ? [
                eb.and([
                  eb("key_hash", "=", hole<string>("keyHash")),
                  eb("request_hash", "=", hole<string>("requestHash")),
                ]),
              ]
            : []),
        ]),
      )
      // A retry can match a few rows only if two of its tries raced; a handful is plenty.
      .limit(keys.length + 4),
  {
    shape: ({ keys, retry }) => `${keys.length}:${Boolean(retry)}`,
    getter: (name) =>
      name === "keyHash"
        ? (query) => query.retry?.keyHash
        : name === "requestHash"
          ? (query) => query.retry?.requestHash
          : (query) => query.keys[Number(name.slice("key.".length))],
  },
);

/** Thrown inside a transaction to roll it back with an outcome already decided. */
const ROLLBACK = Symbol("rollback");

export function createQuoteRepository(db: Kysely<Database>): QuoteRepository {
  return {
    async insertQuoteRequest(row) {
      // The lead and its alert jobs commit together: no lead without its alerts, and no
      // alert for a lead that was rolled back (docs/decisions/007-alert-outbox.md).
      const id = await db.transaction().execute(async (trx) => {
        const [inserted] = (await insertLead.run<{ id: number }>(trx, [row])).rows;
        if (!inserted) return null;
        const leadId = Number(inserted.id);
        const waiting =
          row.is_spam === 0
            ? await enqueueLeadAlerts(trx, { id: leadId, email: row.email ?? null })
            : 0;
        return { leadId, waiting };
      });
      if (id === null) return null;
      if (id.waiting > 0) kickAlerts();
      return id.leadId;
    },

    async storeQuoteRequest(row, before, after) {
      let stored: Stored | undefined;
      // Jobs left for the worker: none when every channel is off, and then nothing to wake.
      let waiting = 0;
      try {
        // Shared with the leads arriving at the same moment (group-commit.server.ts); this
        // lead's writes roll back alone if it throws.
        await groupCommitFor(db).run(async (trx) => {
          const counted = await before(trx);
          if (!counted.ok) {
            stored = counted;
            throw ROLLBACK;
          }
          const [inserted] = (await insertLead.run<{ id: number }>(trx, [row])).rows;
          if (!inserted) {
            // Roll the count back with it: a replay costs no allowance.
            stored = { ok: false, duplicateKey: true };
            throw ROLLBACK;
          }
          const leadId = Number(inserted.id);
          // Spam or not, the photos stay with the lead (hidden in the spam view until opened).
          await after?.(trx, leadId);
          if (row.is_spam === 0) {
            waiting = await enqueueLeadAlerts(trx, { id: leadId, email: row.email ?? null });
          }
          stored = { ok: true, id: leadId };
        });
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      if (!stored) throw new Error("the quote transaction ended without an outcome");
      if (stored.ok && waiting > 0) kickAlerts();
      return stored;
    },

    async findEarlier(keys, retry, trx) {
      if (keys.length === 0 && !retry) return [];
      const { rows } = await selectEarlier.run<{
        id: number;
        idempotency_key: string | null;
        key_hash: string | null;
        request_hash: string | null;
      }>(trx ?? db, { keys, retry });
      return rows.map((row) => ({
        id: Number(row.id),
        idempotencyKey: row.idempotency_key,
        keyHash: row.key_hash,
        requestHash: row.request_hash,
      }));
    },

    async findByIdempotencyKey(key) {
      const found = await db
        .selectFrom("quote_requests")
        .select(["id", "request_hash"])
        .where("idempotency_key", "=", key)
        .executeTakeFirst();
      return found ? { id: Number(found.id), requestHash: found.request_hash } : undefined;
    },
  };
}
