import { INDEXABLE_PATHS } from "~/content/site-routes";
import { absoluteUrl } from "~/lib/seo";

export function sitemapXml(): string {
  const urls = INDEXABLE_PATHS.map((path) => `  <url><loc>${absoluteUrl(path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function loader() {
  return new Response(sitemapXml(), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
