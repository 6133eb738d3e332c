import { absoluteUrl } from "~/lib/seo";

/**
 * Crawl everything but the API and the owner's inbox. /thank-you is deliberately not disallowed: it carries a
 * robots noindex, and a crawler that may not fetch a page never sees its noindex.
 */
export function robotsTxt(): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /admin",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
}

export function loader() {
  return new Response(robotsTxt(), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
