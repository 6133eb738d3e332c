// Owner accounts: made, reset and removed from the command line (scripts/admin.ts).
import type { Kysely } from "kysely";
import type { Database } from "../db.server";
import { hashPassword, passwordProblem } from "./passwords.server";

export interface User {
  id: number;
  email: string;
  createdAt: string;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class AccountError extends Error {}

function checkEmail(email: string): string {
  const normalised = normaliseEmail(email);
  if (!EMAIL_SHAPE.test(normalised) || normalised.length > 254) {
    throw new AccountError(`"${email}" doesn't look like an e-mail address.`);
  }
  return normalised;
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new AccountError(problem);
}

export async function addUser(
  db: Kysely<Database>,
  email: string,
  password: string,
  now = Date.now(),
): Promise<User> {
  const address = checkEmail(email);
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  const created = await db
    .insertInto("users")
    .values({
      email: address,
      password_hash: passwordHash,
      created_at: new Date(now).toISOString(),
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning(["id", "email", "created_at"])
    .executeTakeFirst();
  if (!created) throw new AccountError(`There is already an account for ${address}.`);
  return { id: Number(created.id), email: created.email, createdAt: created.created_at };
}

/** Sets a new password and signs the user out everywhere. */
export async function resetPassword(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<void> {
  const address = normaliseEmail(email);
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable("users")
      .set({ password_hash: passwordHash })
      .where("email", "=", address)
      .returning("id")
      .executeTakeFirst();
    if (!user) throw new AccountError(`There is no account for ${address}.`);
    await trx.deleteFrom("sessions").where("user_id", "=", Number(user.id)).execute();
  });
}

/** Removes the account and its sessions; its notes and history entries keep its e-mail. */
export async function removeUser(db: Kysely<Database>, email: string): Promise<void> {
  const address = normaliseEmail(email);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", address)
      .executeTakeFirst();
    if (!user) throw new AccountError(`There is no account for ${address}.`);
    // Explicitly, not by cascade: SQLite enforces foreign keys only when asked per connection.
    await trx.deleteFrom("sessions").where("user_id", "=", Number(user.id)).execute();
    await trx.deleteFrom("known_devices").where("user_id", "=", Number(user.id)).execute();
    await trx.deleteFrom("users").where("id", "=", Number(user.id)).execute();
  });
}

export async function listUsers(db: Kysely<Database>): Promise<User[]> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "email", "created_at"])
    .orderBy("email")
    .execute();
  return rows.map((row) => ({ id: Number(row.id), email: row.email, createdAt: row.created_at }));
}

export async function findUserForSignIn(
  db: Kysely<Database>,
  email: string,
): Promise<{ id: number; email: string; passwordHash: string } | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["id", "email", "password_hash"])
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
  return row
    ? { id: Number(row.id), email: row.email, passwordHash: row.password_hash }
    : undefined;
}
