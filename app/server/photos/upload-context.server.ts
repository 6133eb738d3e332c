// How a route's action gets the quote form's photos: from the Node server, which read the
// multipart body as it streamed in (server/http-server.ts), or, where nothing did (the dev
// server, a test calling the action), by reading the request's body itself the same way.
import { createContext, type RouterContextProvider } from "react-router";
import { isMultipart, type ParsedUpload, readPhotoUpload } from "./upload.server";

/** Set by the server for a multipart post to a path that takes photos; null otherwise. */
export const photoUploadContext = createContext<ParsedUpload | null>(null);

/** The paths whose forms carry photos: the landing pages (no JavaScript) and the API. */
export function takesPhotos(pathname: string, landingPaths: ReadonlySet<string>): boolean {
  return pathname === "/api/quote-requests" || landingPaths.has(pathname);
}

/** The upload, or null when the request isn't multipart. */
export async function photoUploadFor(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<ParsedUpload | null> {
  const contentType = request.headers.get("Content-Type");
  if (!isMultipart(contentType)) return null;
  const read = context.get(photoUploadContext);
  if (read) return read;
  return readPhotoUpload(request.body as AsyncIterable<Uint8Array> | null, {
    contentType,
    contentLength: request.headers.get("Content-Length"),
  });
}
