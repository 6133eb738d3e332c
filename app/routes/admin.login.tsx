// /admin/login: the owner's sign-in form (works without JavaScript).
import { data, redirect } from "react-router";
import { BUSINESS } from "~/content/business";
import { ADMIN_HEADERS, adminMeta, adminRouteHeaders } from "~/lib/admin-headers";
import {
  adminDb,
  assertSameOrigin,
  currentSession,
  deviceCookieHeader,
  deviceTokenFrom,
  safeNext,
  sessionCookieHeader,
  signOut,
} from "~/server/accounts/auth.server";
import { signIn } from "~/server/accounts/sign-in.server";
import { clientInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.login";

export const meta: Route.MetaFunction = () => adminMeta("Sign in");
export const headers: Route.HeadersFunction = adminRouteHeaders;

const WRONG = "That e-mail address and password don't match an account.";
const BUSY = "Lots of sign-ins are being checked right now. Try again in a few seconds.";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const next = safeNext(params.get("next"));
  if (await currentSession(request)) throw redirect(next, { status: 303, headers: ADMIN_HEADERS });
  return { next, signedOut: params.has("signed-out") };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ error: "That wasn't a sign-in form.", email: "" }, { status: 400 });
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const email = field("email").slice(0, 254);
  const result = await signIn(await adminDb(), {
    email,
    password: field("password"),
    ip: context.get(clientInfoContext).ip,
    deviceToken: await deviceTokenFrom(request),
  });
  if (!result.ok && result.reason === "busy") {
    return data(
      { error: BUSY, email },
      { status: 503, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (!result.ok && result.reason === "throttled") {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return data(
      {
        error: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        email,
      },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (!result.ok) return data({ error: WRONG, email }, { status: 401 });

  // The browser's old session, if it had one, ends here: a sign-in always gets a new id.
  await signOut(request);
  const headers = new Headers(ADMIN_HEADERS);
  headers.append("Set-Cookie", await sessionCookieHeader(request, result.token));
  headers.append("Set-Cookie", await deviceCookieHeader(request, result.deviceToken));
  throw redirect(safeNext(field("next")), { status: 303, headers });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-md px-4 py-12 focus:outline-none">
      <h1 className="text-3xl font-extrabold">Sign in to your leads</h1>
      <p className="mt-2 text-ink-soft">{BUSINESS.name}</p>
      <form
        method="post"
        className="mt-8 space-y-5"
        aria-describedby={error ? "login-error" : undefined}
      >
        {loaderData?.signedOut && !error && (
          <p
            role="status"
            className="rounded-lg border-2 border-green-700 bg-green-50 p-3 font-medium text-green-900"
          >
            You're signed out.
          </p>
        )}
        {error && (
          <p
            id="login-error"
            role="alert"
            className="rounded-lg border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900"
          >
            {error}
          </p>
        )}
        <input type="hidden" name="next" value={loaderData?.next ?? "/admin"} />
        <div>
          <label htmlFor="login-email" className="block font-semibold">
            E-mail address
          </label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={actionData?.email}
            className="mt-1 block min-h-12 w-full rounded-lg border-2 border-slate-400 px-3 text-lg"
          />
        </div>
        <div>
          <label htmlFor="login-password" className="block font-semibold">
            Password
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="mt-1 block min-h-12 w-full rounded-lg border-2 border-slate-400 px-3 text-lg"
          />
        </div>
        <button
          type="submit"
          className="min-h-12 w-full rounded-lg bg-action-dark px-4 text-lg font-bold text-white hover:bg-action"
        >
          Sign in
        </button>
      </form>
    </main>
  );
}
