// POST /admin/logout: ends this session in the database and clears the cookie.
import { redirect } from "react-router";
import { ADMIN_HEADERS } from "~/lib/admin-headers";
import {
  assertSameOrigin,
  clearedSessionCookieHeader,
  LOGIN_PATH,
  signOut,
} from "~/server/accounts/auth.server";
import type { Route } from "./+types/admin.logout";

export function loader() {
  // Signing out changes state, so only a POST does it.
  return redirect("/admin", { status: 303, headers: ADMIN_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  await signOut(request);
  return redirect(`${LOGIN_PATH}?signed-out=1`, {
    status: 303,
    headers: { ...ADMIN_HEADERS, "Set-Cookie": await clearedSessionCookieHeader(request) },
  });
}
