// Shared by the inbox's specs: owner accounts made with the real CLI, sign-in over HTTP, and
// leads sent through the real quote API.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";

export const PASSWORD = "correct horse battery staple";

/** `npm run admin -- …` against a database, as the owner would run it. */
export function adminCli(
  databaseUrl: string,
  args: string[],
  input?: string,
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [resolve("scripts/admin.ts"), ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    input: input ?? "",
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString("hex")}@example.com`;
}

export function addOwner(databaseUrl: string, email: string, password = PASSWORD): void {
  const result = adminCli(databaseUrl, ["add-user", email], `${password}\n`);
  if (result.status !== 0) throw new Error(`add-user failed: ${result.stderr}`);
}

/**
 * Signs in over HTTP; the session cookie ("inbox_session=…"), the known-device cookie
 * ("inbox_device=…") and their Set-Cookie lines, or the failed answer.
 */
export async function signInOverHttp(
  base: string,
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  cookie?: string;
  /** The session's Set-Cookie line, or null. */
  setCookie: string | null;
  deviceCookie?: string;
  deviceSetCookie: string | null;
  body: string;
  headers: Headers;
}> {
  const response = await fetch(new URL("/admin/login", base), {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: new URL(base).origin,
      ...headers,
    },
    body: new URLSearchParams({ email, password }),
  });
  const lines = response.headers.getSetCookie();
  const setCookie = lines.find((line) => line.startsWith("inbox_session=")) ?? null;
  const deviceSetCookie = lines.find((line) => line.startsWith("inbox_device=")) ?? null;
  return {
    status: response.status,
    setCookie,
    cookie: setCookie?.split(";")[0],
    deviceSetCookie,
    deviceCookie: deviceSetCookie?.split(";")[0],
    body: await response.text(),
    headers: response.headers,
  };
}

/** A lead through the JSON API; returns its id. */
export async function sendLead(base: string, fields: Record<string, unknown>): Promise<number> {
  const response = await fetch(new URL("/api/quote-requests", base), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ phone: "0412 345 678", postcode: "3056", ...fields }),
  });
  const body = (await response.json()) as { id?: number };
  if (response.status !== 201 || typeof body.id !== "number") {
    throw new Error(`lead not stored: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.id;
}
