// The answer when a render couldn't be done in time, or at all (issue 19): 503 with
// Retry-After. A person may be looking at it, so it says what happened and how to reach us;
// the API gets JSON in the shape of its other errors.
import { escapeHtml } from "../app/lib/escape-html.ts";
import type { BusinessContact } from "./refusal.ts";

export const BUSY_MESSAGE =
  "We're flat out right now and couldn't get that done. Please try again in a moment, or give us a call.";

export function busyAnswer(
  pathname: string,
  accept: string,
  business: BusinessContact,
): { type: string; body: string } {
  if (pathname.startsWith("/api/") || (/json/i.test(accept) && !/html/i.test(accept))) {
    return {
      type: "application/json",
      body: JSON.stringify({ error: "busy", message: `${BUSY_MESSAGE} ${business.phone}` }),
    };
  }
  const name = escapeHtml(business.name);
  const phone = escapeHtml(business.phone);
  const body = `<!DOCTYPE html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Give us a moment | ${name}</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#0f2a3d}a{color:#9a3412;font-weight:700}</style>
</head>
<body>
<main>
<h1>Sorry, we're a bit busy</h1>
<p>The site couldn't get that done just now. Nothing's broken on your end: please try again in a moment.</p>
<p>If it's urgent, ring us on <a href="${escapeHtml(business.phoneHref)}">${phone}</a>.</p>
</main>
</body>
</html>
`;
  return { type: "text/html; charset=utf-8", body };
}
