// GET /admin/push.js: the phone-alerts control's script, loaded by /admin/devices only.
import source from "~/server/push/browser/push.js?raw";

export function loader() {
  return new Response(source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      // Revalidated on every load (it is small): a fix reaches the owner at once.
      "Cache-Control": "no-cache",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
