// Where a lead's visit came from: the page, the other site that sent it, and the ad tags in
// the page's URL. Shared by the quote form (which reads the page's own URL and
// document.referrer) and the server (which also reads the Referer of a no-JavaScript post).

export const UTM_FIELDS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;
export const ATTRIBUTION_FIELDS = [
  "landing_page",
  "referrer_host",
  ...UTM_FIELDS,
  "gclid",
] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];
export type Attribution = Record<AttributionField, string | null>;

const MAX_LENGTH = 200;
// No control characters or lone surrogates: these values end up in CSV files.
const FORBIDDEN = /[\p{Cc}\p{Cs}]/u;
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/;

function clean(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed === "" || FORBIDDEN.test(trimmed)) return null;
  return trimmed.slice(0, MAX_LENGTH);
}

function parseUrl(value: unknown): URL | null {
  if (typeof value !== "string" || value.length > 4096) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Only the host of the referring site; nothing about the page on it. */
export function referrerHostOf(referrer: unknown, ownHost?: string): string | null {
  const url =
    typeof referrer === "string" && HOST.test(referrer.toLowerCase())
      ? { host: referrer.toLowerCase() }
      : parseUrl(referrer);
  const host = url?.host.toLowerCase() ?? "";
  if (!HOST.test(host) || host.length > 253 || host === ownHost?.toLowerCase()) return null;
  return host;
}

/**
 * From the page's full URL (the browser's location, or the Referer of a plain form post)
 * and the referring site's host. Anything malformed is left out, never refused: a lead is
 * worth more than its tags.
 */
export function attributionFrom(
  pageUrl: unknown,
  referrerHost: unknown,
  ownHost?: string,
): Attribution {
  const page = parseUrl(pageUrl);
  const params = page?.searchParams;
  const path = page ? clean(page.pathname) : null;
  return {
    landing_page: path?.startsWith("/") ? path : null,
    referrer_host: referrerHostOf(referrerHost, ownHost),
    utm_source: clean(params?.get("utm_source")),
    utm_medium: clean(params?.get("utm_medium")),
    utm_campaign: clean(params?.get("utm_campaign")),
    utm_term: clean(params?.get("utm_term")),
    utm_content: clean(params?.get("utm_content")),
    gclid: clean(params?.get("gclid")),
  };
}
