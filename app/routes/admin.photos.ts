// GET /admin/photos/:token (?size=thumb): one photo sent with a quote request, for the signed-in
// owner only. The token is 192 random bits: the URL names no lead and can't be guessed. The
// bytes are our own re-encoding, served as exactly what they are, never sniffed, never cached.
import { ADMIN_HEADERS } from "~/lib/admin-headers";
import { adminDb, requireUserForData } from "~/server/accounts/auth.server";
import { photoBytes } from "~/server/photos/photos.server";
import type { Route } from "./+types/admin.photos";

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireUserForData(request);
  const size = new URL(request.url).searchParams.get("size") === "thumb" ? "thumb" : "full";
  const photo = await photoBytes(await adminDb(), params.token ?? "", size);
  const headers = new Headers({
    ...ADMIN_HEADERS,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (session.setCookie) headers.append("Set-Cookie", session.setCookie);
  if (!photo) {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response("No such photo. It may have been deleted with its lead.", {
      status: 404,
      headers,
    });
  }
  headers.set("Content-Type", photo.contentType);
  headers.set("Content-Length", String(photo.bytes.byteLength));
  const extension = photo.contentType === "image/webp" ? "webp" : "jpg";
  headers.set("Content-Disposition", `inline; filename="photo.${extension}"`);
  return new Response(new Uint8Array(photo.bytes), { headers });
}
