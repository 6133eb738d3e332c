import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../db.server";

/**
 * The owner's accounts (issue 10): users, their sessions and failed sign-ins. Sessions and
 * failures live here rather than in memory so that every server sees a sign-out, a password
 * reset or a lock-out at once.
 */
export function createAccounts(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("users")
        .ifNotExists()
        .addColumn("id", "integer", (col) =>
          dialect === "postgres"
            ? col.generatedAlwaysAsIdentity().primaryKey()
            : col.primaryKey().autoIncrement(),
        )
        // Stored lower-cased, so the unique constraint is case-insensitive.
        .addColumn("email", "text", (col) => col.notNull().unique())
        .addColumn("password_hash", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();

      await db.schema
        .createTable("sessions")
        .ifNotExists()
        // SHA-256 of the cookie's token: a copy of the database holds no usable session.
        .addColumn("token_hash", "text", (col) => col.primaryKey())
        .addColumn("user_id", "integer", (col) =>
          col.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("expires_at", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("sessions_user_id_idx")
        .ifNotExists()
        .on("sessions")
        .column("user_id")
        .execute();

      await db.schema
        .createTable("sign_in_failures")
        .ifNotExists()
        .addColumn("id", "integer", (col) =>
          dialect === "postgres"
            ? col.generatedAlwaysAsIdentity().primaryKey()
            : col.primaryKey().autoIncrement(),
        )
        // "account:<email>" or "address:<ip>".
        .addColumn("subject", "text", (col) => col.notNull())
        .addColumn("failed_at", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("sign_in_failures_subject_idx")
        .ifNotExists()
        .on("sign_in_failures")
        .columns(["subject", "failed_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("sign_in_failures").ifExists().execute();
      await db.schema.dropTable("sessions").ifExists().execute();
      await db.schema.dropTable("users").ifExists().execute();
    },
  };
}
