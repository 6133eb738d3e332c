// `npm run admin -- COMMAND`: owner accounts from the command line (scripts/admin.ts loads
// this). Uses the same DATABASE_URL as the server and brings its schema up to date first.
import { openDatabase } from "../db.server";
import { SERVER_ENV } from "../env.server";
import { purgeOldLeads } from "../inbox/retention.server";
import { AccountError, addUser, listUsers, removeUser, resetPassword } from "./users.server";

export const USAGE = `Usage: npm run admin -- COMMAND

  add-user EMAIL         make an account (password from standard input, or asked for)
  reset-password EMAIL   set a new password and sign that user out everywhere
  remove-user EMAIL      remove an account and end its sessions
  list-users             list the accounts
  purge-old-leads        delete leads older than LEAD_RETENTION_DAYS now (the server does it daily)
`;

export interface CliIo {
  readPassword(prompt: string): Promise<string>;
  out(line: string): void;
  err(line: string): void;
}

/** Runs one command; returns the process exit code. */
export async function runAdminCommand(args: string[], io: CliIo): Promise<number> {
  const [command, email, ...rest] = args;
  const needsEmail = ["add-user", "reset-password", "remove-user"].includes(command ?? "");
  if (!command || (needsEmail && (!email || rest.length > 0))) {
    io.err(USAGE);
    return 2;
  }
  const handle = openDatabase(SERVER_ENV.DATABASE_URL);
  try {
    await handle.migrate();
    const db = handle.db;
    switch (command) {
      case "add-user": {
        const password = await io.readPassword(`Password for ${email}: `);
        const user = await addUser(db, email as string, password);
        io.out(`Added ${user.email}. They can sign in at /admin/login.`);
        return 0;
      }
      case "reset-password": {
        const password = await io.readPassword(`New password for ${email}: `);
        await resetPassword(db, email as string, password);
        io.out(`New password set for ${email}; their sessions are ended.`);
        return 0;
      }
      case "remove-user":
        await removeUser(db, email as string);
        io.out(`Removed ${email}; their sessions are ended.`);
        return 0;
      case "list-users": {
        const users = await listUsers(db);
        if (users.length === 0)
          io.out("No accounts yet. Add one with: npm run admin -- add-user EMAIL");
        for (const user of users) io.out(`${user.email}\tsince ${user.createdAt}`);
        return 0;
      }
      case "purge-old-leads": {
        const days = SERVER_ENV.LEAD_RETENTION_DAYS;
        if (days === undefined) {
          io.out("LEAD_RETENTION_DAYS is not set: leads are kept.");
          return 0;
        }
        const deleted = await purgeOldLeads(db, days);
        io.out(`Deleted ${deleted} lead(s) older than ${days} days.`);
        return 0;
      }
      default:
        io.err(`Unknown command "${command}".\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof AccountError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}
