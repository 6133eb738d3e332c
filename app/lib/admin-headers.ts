// Headers on every /admin answer: never stored by a browser or proxy, never indexed. Not a
// .server module because route modules' `headers` exports import it.

export const ADMIN_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/** A route's `headers` export: ours, plus what its loader or action set (cookies, Retry-After). */
export function adminRouteHeaders({
  loaderHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers;
  actionHeaders?: Headers;
}): Headers {
  const headers = new Headers(ADMIN_HEADERS);
  for (const source of [loaderHeaders, actionHeaders]) {
    source?.forEach((value, name) => {
      if (name === "set-cookie") headers.append(name, value);
      else if (name !== "cache-control") headers.set(name, value);
    });
  }
  return headers;
}

/**
 * The inbox's spelling of a path that names it in any case or percent-encoding ("/ADMIN/x",
 * "/%61dmin"): "/admin" and the rest as it was. Undefined for paths outside the inbox. Only
 * the first segment is rewritten; the routes below it are matched by React Router, whose
 * matching ignores case, under the right layout and cookie path once the prefix is right.
 */
export function canonicalAdminPath(pathname: string): string | undefined {
  const [, first = "", rest = ""] = pathname.match(/^\/([^/]*)(.*)$/s) ?? [];
  let decoded: string;
  try {
    decoded = decodeURIComponent(first);
  } catch {
    return undefined;
  }
  return decoded.toLowerCase() === "admin" ? `/admin${rest}` : undefined;
}

export function adminMeta(title: string) {
  return [{ title: `${title} · Leads` }, { name: "robots", content: "noindex, nofollow" }];
}
