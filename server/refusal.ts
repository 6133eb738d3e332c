// The answer to a post that came from another website. A person may be looking at it (a
// copied form, a stale bookmark through a proxy), so it says what happened and how to reach
// us, never a bare "Forbidden".
import type { IncomingMessage } from "node:http";
import { escapeHtml } from "../app/lib/escape-html.ts";

export interface BusinessContact {
  name: string;
  phone: string;
  phoneHref: string;
}

function wantsJson(req: IncomingMessage): boolean {
  const type = String(req.headers["content-type"] ?? "");
  const accept = String(req.headers.accept ?? "");
  return (
    req.url?.startsWith("/api/") === true ||
    /json/i.test(type) ||
    (/json/i.test(accept) && !/html/i.test(accept))
  );
}

/**
 * A page of our own for answers the server gives before React Router (a refusal, "busy"):
 * plain, readable on a phone, noindex, with the business's name in the title. `paragraphs`
 * is HTML the caller has escaped.
 */
export function plainPage(
  page: { title: string; heading: string; paragraphs: string[] },
  business: BusinessContact,
): string {
  return `<!DOCTYPE html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | ${escapeHtml(business.name)}</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#0f2a3d}a{color:#9a3412;font-weight:700}</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.heading)}</h1>
${page.paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join("\n")}
</main>
</body>
</html>
`;
}

/** The business's number as a link, for those pages. */
export const phoneLink = (business: BusinessContact) =>
  `<a href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a>`;

export const CROSS_SITE_MESSAGE =
  "This request came from another website, so we didn't accept it. Please fill in the form on our own site, or give us a call.";

export function crossSiteRefusal(
  req: IncomingMessage,
  business: BusinessContact,
): { type: string; body: string } {
  if (wantsJson(req)) {
    return {
      type: "application/json",
      body: JSON.stringify({
        error: "cross_site",
        message: `${CROSS_SITE_MESSAGE} ${business.phone}`,
      }),
    };
  }
  const body = plainPage(
    {
      title: "That form came from somewhere else",
      heading: "Hang on, that form came from another website",
      paragraphs: [
        "For your safety we only take quote requests sent from our own pages, and this one arrived from somewhere else. Nothing was saved.",
        `<a href="/">Fill in the form on our site</a> (it takes a minute), or ring us on ${phoneLink(business)}.`,
      ],
    },
    business,
  );
  return { type: "text/html; charset=utf-8", body };
}
