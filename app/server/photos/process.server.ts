// One uploaded file to one stored photo: what it is is read from its bytes, then sharp decodes
// it, turns it upright, drops every piece of metadata (GPS above all: a photo of a roof says
// where the customer lives) and encodes it again, smaller, with a thumbnail for the inbox.
// sharp does its work on libuv's and libvips's threads, never on the event loop.
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import sharp, { type Sharp } from "sharp";
import { PHOTO_LIMITS, type PhotoProblem } from "~/lib/photo-limits";

// Every upload is a different image: libvips's operation cache would only hold memory.
sharp.cache(false);
// One libvips thread per photo: photos are worked on side by side (AT_ONCE), and the cores
// left over keep serving pages while uploads arrive.
sharp.concurrency(1);

export type StoredPhotoType = "image/jpeg" | "image/webp";

export interface ProcessedPhoto {
  contentType: StoredPhotoType;
  width: number;
  height: number;
  bytes: Uint8Array;
  thumb: Uint8Array;
  /** sha256 of the file as sent: the same photos sent again make the same request. */
  digest: string;
}

export type SniffedType = "jpeg" | "png" | "webp" | "heic";

/** The file's type from its first bytes; anything we don't take is undefined. */
export function sniffPhoto(head: Uint8Array): SniffedType | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (head.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  // ISO base media: HEIC/HEIF from a phone that sent its own format anyway.
  if (
    head.length >= 12 &&
    ascii(4, 8) === "ftyp" &&
    /^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(ascii(8, 12))
  ) {
    return "heic";
  }
  return undefined;
}

/** How long one photo may take to decode and encode before it counts as unreadable. */
const PROCESS_SECONDS = 30;
/**
 * Photos being decoded at once in this process: one core short of all of them, so pages and
 * the API always have one. Each holds a decoded image in memory (a few hundred MB for the
 * largest); the rest wait their turn.
 */
const AT_ONCE = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const options = {
  limitInputPixels: PHOTO_LIMITS.pixels,
  // A truncated or damaged file is refused, not stored half grey.
  failOn: "warning",
  // One frame: an animated WebP is a photo's first frame here.
  animated: false,
} as const;

/** Memory of its own, so it can move to a render thread without a copy. */
const owned = (buffer: Buffer) => new Uint8Array(buffer);

/**
 * The file as a stored photo, or why it can't be one. Never throws for what the file holds.
 * `name` is only for the visitor's message.
 */
export async function processPhoto(
  input: Buffer,
  name: string,
): Promise<{ ok: true; photo: ProcessedPhoto } | { ok: false; problem: PhotoProblem }> {
  const sniffed = sniffPhoto(input.subarray(0, 16));
  if (sniffed === "heic") return { ok: false, problem: { kind: "heic", name } };
  if (!sniffed) return { ok: false, problem: { kind: "not_a_photo", name } };
  const digest = createHash("sha256").update(input).digest("base64url");
  return inTurn(async () => {
    try {
      // The header alone: a bomb's claimed size is refused before a pixel is decoded.
      const meta = await sharp(input, options).metadata();
      if (meta.format !== sniffed) return { ok: false, problem: { kind: "not_a_photo", name } };
      if ((meta.width ?? 0) * (meta.height ?? 0) > PHOTO_LIMITS.pixels) {
        return { ok: false, problem: { kind: "too_many_pixels", name } };
      }
      // Transparency (a screenshot, a PNG with a cut-out) keeps it in WebP; photos are JPEG.
      const webp = meta.hasAlpha === true;
      const encode = (image: Sharp) =>
        webp ? image.webp({ quality: 80 }) : image.jpeg({ quality: 82, mozjpeg: true });
      const upright = sharp(input, options)
        .timeout({ seconds: PROCESS_SECONDS })
        // Before resizing: a phone's portrait photo is stored landscape with an Orientation tag.
        .autoOrient()
        .resize(PHOTO_LIMITS.longEdge, PHOTO_LIMITS.longEdge, {
          fit: "inside",
          withoutEnlargement: true,
        });
      // Output carries no metadata unless asked for (keepExif, withMetadata…): we never ask.
      const full = await encode(upright).toBuffer({ resolveWithObject: true });
      const thumb = await encode(
        sharp(full.data)
          .timeout({ seconds: PROCESS_SECONDS })
          .resize(PHOTO_LIMITS.thumbEdge, PHOTO_LIMITS.thumbEdge, {
            fit: "inside",
            withoutEnlargement: true,
          }),
      ).toBuffer();
      return {
        ok: true,
        photo: {
          contentType: webp ? "image/webp" : "image/jpeg",
          width: full.info.width,
          height: full.info.height,
          bytes: owned(full.data),
          thumb: owned(thumb),
          digest,
        },
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/pixel limit/i.test(message)) {
        return { ok: false, problem: { kind: "too_many_pixels", name } };
      }
      return { ok: false, problem: { kind: "not_a_photo", name } };
    }
  });
}
