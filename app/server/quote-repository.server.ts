// The only queries the site runs on quote requests. Nothing here is reachable from a
// route that reads: the site stores requests, it never shows them.
import type { Insertable, Kysely, Selectable } from "kysely";
import { kickAlerts } from "./alerts/index.server";
import { enqueueLeadAlerts } from "./alerts/outbox.server";
import type { Database, QuoteRequestsTable } from "./db.server";

export type NewQuoteRequest = Insertable<Omit<QuoteRequestsTable, "id">>;
export type StoredQuoteRequest = Selectable<QuoteRequestsTable>;

export interface QuoteRepository {
  /** The new row's id, or null when a row with the same idempotency key already exists. */
  insertQuoteRequest(row: NewQuoteRequest): Promise<number | null>;
  findByIdempotencyKey(
    key: string,
  ): Promise<{ id: number; requestHash: string | null } | undefined>;
  /** A row stored for this client key and this very request, from whichever address. */
  findRetry(keyHash: string, requestHash: string): Promise<{ id: number } | undefined>;
}

export function createQuoteRepository(db: Kysely<Database>): QuoteRepository {
  return {
    async insertQuoteRequest(row) {
      // "do nothing" instead of catching a unique-violation error: the same statement
      // on both dialects, and on PostgreSQL it waits for a concurrent insert of the same
      // key to commit, so the read-back that follows always finds it.
      // The lead and its alert jobs commit together: no lead without its alerts, and no
      // alert for a lead that was rolled back (docs/decisions/007-alert-outbox.md).
      const id = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("quote_requests")
          .values(row)
          .onConflict((oc) => oc.column("idempotency_key").doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!inserted) return null;
        const leadId = Number(inserted.id);
        if (row.is_spam === 0)
          await enqueueLeadAlerts(trx, { id: leadId, email: row.email ?? null });
        return leadId;
      });
      if (id !== null && row.is_spam === 0) kickAlerts();
      return id;
    },

    async findByIdempotencyKey(key) {
      const found = await db
        .selectFrom("quote_requests")
        .select(["id", "request_hash"])
        .where("idempotency_key", "=", key)
        .executeTakeFirst();
      return found ? { id: Number(found.id), requestHash: found.request_hash } : undefined;
    },

    async findRetry(keyHash, requestHash) {
      const found = await db
        .selectFrom("quote_requests")
        .select("id")
        .where("key_hash", "=", keyHash)
        .where("request_hash", "=", requestHash)
        .executeTakeFirst();
      return found ? { id: Number(found.id) } : undefined;
    },
  };
}
