// The quote form's photo limits, shared by the browser (checked before sending) and the server
// (enforced while the upload streams in). The server's word is final.

export const PHOTO_LIMITS = {
  /** Photos per request. */
  files: 5,
  /** One photo, as sent: a phone's full-size JPEG is 2 to 8 MB; 15 leaves room. */
  fileBytes: 15 * 1024 * 1024,
  /** All photos of one request together. */
  totalBytes: 50 * 1024 * 1024,
  /** Stored photos are re-encoded to at most this on their long edge. */
  longEdge: 2560,
  /** Thumbnails for the inbox, long edge. */
  thumbEdge: 320,
  /**
   * Pixels a photo may have, read from its header before anything is decoded: phone cameras
   * make up to about 50 megapixels (8160 x 6120). A decompression bomb (a few KB of PNG that
   * claims 20,000 x 20,000) is refused here without being decoded.
   */
  pixels: 52_000_000,
} as const;

/** The types the form's file input offers, and the only ones the server keeps. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/**
 * The file input's accept list. HEIC is left off on purpose: iPhones convert a photo to JPEG
 * when the list doesn't ask for HEIC, and our image library can't read HEIC.
 */
export const PHOTO_ACCEPT = PHOTO_TYPES.join(",");

/** The form field's name, in the no-JavaScript post and the API's multipart body. */
export const PHOTO_FIELD = "photos";

const MB = 1024 * 1024;
export const megabytes = (bytes: number) =>
  bytes >= 10 * MB ? `${Math.round(bytes / MB)} MB` : `${(bytes / MB).toFixed(1)} MB`;

/** Why a set of photos can't be sent; the messages are the visitor's. */
export type PhotoProblem =
  | { kind: "too_many_files" }
  | { kind: "file_too_large"; name: string }
  | { kind: "too_large" }
  | { kind: "not_a_photo"; name: string }
  | { kind: "too_many_pixels"; name: string }
  | { kind: "heic"; name: string }
  | { kind: "malformed" }
  | { kind: "busy" };

/** A file name as typed on the visitor's device, short enough to quote in a sentence. */
export function shownName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = name.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  const short = clean.length > 60 ? `${clean.slice(0, 57)}…` : clean;
  return short || "one of the files";
}

export function photoProblemMessage(problem: PhotoProblem): string {
  const limit = `up to ${PHOTO_LIMITS.files} photos, ${megabytes(PHOTO_LIMITS.fileBytes)} each and ${megabytes(PHOTO_LIMITS.totalBytes)} in all`;
  switch (problem.kind) {
    case "too_many_files":
      return `That's more than ${PHOTO_LIMITS.files} photos. Pick your best ${PHOTO_LIMITS.files} and send it again.`;
    case "file_too_large":
      return `"${shownName(problem.name)}" is too big: we take ${limit}. Try a smaller copy, or leave it off and show us on the day.`;
    case "too_large":
      return `Those photos are too big together: we take ${limit}. Leave one or two off and send it again.`;
    case "not_a_photo":
      return `"${shownName(problem.name)}" isn't a photo we can open. We take JPEG, PNG and WebP photos. Nothing was sent: leave it off and try again.`;
    case "too_many_pixels":
      return `"${shownName(problem.name)}" has more pixels than any camera photo we take. Try a smaller copy, or leave it off.`;
    case "heic":
      return `"${shownName(problem.name)}" is a HEIC photo, which we can't open yet. Choose it again from your photo library (your phone will send a JPEG), or leave it off.`;
    case "malformed":
      return "Your form didn't arrive whole. Please try sending it again.";
    case "busy":
      return "We're taking a lot of photos right now. Please try again in a minute.";
  }
}

/** What a browser can check before sending: count and sizes. Undefined when they're fine. */
export function checkPhotoSizes(files: readonly { name: string; size: number }[]) {
  if (files.length > PHOTO_LIMITS.files) return { kind: "too_many_files" } as const;
  const big = files.find((file) => file.size > PHOTO_LIMITS.fileBytes);
  if (big) return { kind: "file_too_large", name: big.name } as const;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > PHOTO_LIMITS.totalBytes) return { kind: "too_large" } as const;
  return undefined;
}
