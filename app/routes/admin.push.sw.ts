// GET /admin/sw.js: the inbox's service worker. Served from /admin with
// Service-Worker-Allowed, so its scope can be /admin itself (the inbox's own URL), not just
// /admin/…; never stored, so a new version reaches phones at the next check.
import source from "~/server/push/browser/sw.js?raw";

export function loader() {
  return new Response(source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "Service-Worker-Allowed": "/admin",
    },
  });
}
