// What the /admin routes use: the session cookie, "who is signed in", and the same-origin
// rule for every request that changes something.
import { createCookie, redirect } from "react-router";
import { ADMIN_HEADERS } from "~/lib/admin-headers";
import { getDb, startDatabase } from "../db.server";
import { DEVICE_DAYS } from "./devices.server";
import {
  deleteSession,
  readSession,
  renewSession,
  SESSION_DAYS,
  type SessionUser,
} from "./sessions.server";

export const LOGIN_PATH = "/admin/login";

// Scoped to /admin: the public pages never see it. The token is 256 random bits and is looked
// up in the database, so there is nothing to sign. SameSite=Lax, not Strict, so a link to a
// lead in an alert e-mail opens signed in.
const sessionCookie = createCookie("inbox_session", {
  path: "/admin",
  httpOnly: true,
  sameSite: "lax",
});

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function sessionCookieHeader(request: Request, token: string): Promise<string> {
  return sessionCookie.serialize(token, {
    secure: isHttps(request),
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

// The known-device cookie (devices.server.ts): set at each successful sign-in, kept across
// sign-outs, so the owner's browser is never held back by what strangers do. Its token too
// is random and looked up by its hash.
const deviceCookie = createCookie("inbox_device", {
  path: "/admin",
  httpOnly: true,
  sameSite: "lax",
});

export function deviceCookieHeader(request: Request, token: string): Promise<string> {
  return deviceCookie.serialize(token, {
    secure: isHttps(request),
    maxAge: DEVICE_DAYS * 24 * 60 * 60,
  });
}

export async function deviceTokenFrom(request: Request): Promise<string | undefined> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function clearedSessionCookieHeader(request: Request): Promise<string> {
  return sessionCookie.serialize("", { secure: isHttps(request), maxAge: 0 });
}

export async function adminDb() {
  await startDatabase();
  return getDb();
}

async function tokenFrom(request: Request): Promise<string | undefined> {
  const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value !== "" ? value : undefined;
}

export interface AdminSession {
  user: SessionUser;
  token: string;
  /** Set-Cookie to send with the answer when the session was renewed. */
  setCookie?: string;
}

export async function currentSession(request: Request): Promise<AdminSession | undefined> {
  const token = await tokenFrom(request);
  if (!token) return undefined;
  const db = await adminDb();
  const user = await readSession(db, token);
  if (!user) return undefined;
  const renewed = await renewSession(db, token, user);
  return {
    user,
    token,
    setCookie: renewed ? await sessionCookieHeader(request, token) : undefined,
  };
}

/** Pages: no valid session means 303 to the sign-in page, which brings you back after. */
export async function requireUser(request: Request): Promise<AdminSession> {
  const session = await currentSession(request);
  if (session) return session;
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const target = back === "/admin" ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(back)}`;
  throw redirect(target, { status: 303, headers: ADMIN_HEADERS });
}

/** Files and JSON: no valid session means 401, since a download can't follow a redirect to a form. */
export async function requireUserForData(request: Request): Promise<AdminSession> {
  const session = await currentSession(request);
  if (session) return session;
  throw new Response("Sign in first.", {
    status: 401,
    headers: { ...ADMIN_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * Refuses (403) a state-changing request that doesn't come from our own pages, on top of the
 * SameSite cookie: a browser says where a request came from in Sec-Fetch-Site and Origin.
 * A request with neither is refused too; every browser that can run the inbox sends Origin on
 * a POST. (React Router itself answers 400 to a page's POST whose Origin names another host,
 * before this runs; the server refuses Sec-Fetch-Site: cross-site with 403.)
 */
export function assertSameOrigin(request: Request): void {
  const site = request.headers.get("Sec-Fetch-Site");
  const origin = request.headers.get("Origin");
  const ours = new URL(request.url).origin;
  const siteOk = site === null || site === "same-origin";
  const originOk = origin === null ? site === "same-origin" : origin === ours;
  if (siteOk && originOk) return;
  throw new Response("This request has to come from the inbox's own pages.", {
    status: 403,
    headers: { ...ADMIN_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** A redirect target from ?next=, only ever a path inside /admin. */
export function safeNext(value: unknown): string {
  if (typeof value !== "string") return "/admin";
  return /^\/admin(\/[A-Za-z0-9/_-]*)?(\?[^\s\\]*)?$/.test(value) && !value.startsWith("//")
    ? value
    : "/admin";
}

export async function signOut(request: Request): Promise<void> {
  const token = await tokenFrom(request);
  if (token) await deleteSession(await adminDb(), token);
}
