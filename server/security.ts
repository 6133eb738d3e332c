// Headers every response carries (issue 3, "Abuse and safety").

const GOOGLE_ADS_HOSTS =
  "https://www.googletagmanager.com https://www.google.com https://googleads.g.doubleclick.net";

import type { InlineHashes } from "./static-files.ts";

export function contentSecurityPolicy(inline: InlineHashes, trackingOn: boolean): string {
  const scripts = ["'self'", ...inline.scripts, ...(trackingOn ? [GOOGLE_ADS_HOSTS] : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    // Inline styles only by hash: the page's own stylesheet, never a style="" attribute.
    `style-src ${["'self'", ...inline.styles].join(" ")}`,
    `img-src 'self' data:${trackingOn ? ` ${GOOGLE_ADS_HOSTS}` : ""}`,
    // No web font (docs/decisions/005-no-web-font.md); 'self' in case one comes back.
    "font-src 'self'",
    `connect-src 'self'${trackingOn ? ` ${GOOGLE_ADS_HOSTS}` : ""}`,
    // The service-area map is an OpenStreetMap embed, loaded only when a visitor asks for it.
    "frame-src https://www.openstreetmap.org",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

export function securityHeaders(secure: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(secure ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
