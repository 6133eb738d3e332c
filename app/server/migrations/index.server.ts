import type { Migration } from "kysely/migration";
import type { DialectName } from "../db.server";
import { createQuoteRequests } from "./0001-create-quote-requests.server";
import { createAccounts } from "./0004-create-accounts.server";
import { createInbox } from "./0005-create-inbox.server";

/**
 * Every migration, by name; names sort in the order they run. Listed here rather than
 * read from the folder so they travel inside the server bundle.
 */
export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    "0001_create_quote_requests": createQuoteRequests(dialect),
    "0004_create_accounts": createAccounts(dialect),
    "0005_create_inbox": createInbox(dialect),
  };
}
