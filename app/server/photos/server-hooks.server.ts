// What the Node server needs to read photo uploads before React Router sees the request.
import { LANDING_PAGES } from "~/content/landing-pages";
import { isMultipart, readPhotoUpload } from "./upload.server";
import { photoUploadContext, takesPhotos } from "./upload-context.server";

const LANDING_PATHS: ReadonlySet<string> = new Set(LANDING_PAGES.map((page) => page.path));

export const photoServerHooks = {
  context: photoUploadContext,
  /** A post the server reads as a photo upload, streamed, instead of its 16 KB body limit. */
  isUpload: (pathname: string, contentType: string | undefined) =>
    isMultipart(contentType) && takesPhotos(pathname, LANDING_PATHS),
  read: readPhotoUpload,
};
