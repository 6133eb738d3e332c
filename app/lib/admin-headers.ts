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

export function adminMeta(title: string) {
  return [{ title: `${title} · Leads` }, { name: "robots", content: "noindex, nofollow" }];
}
