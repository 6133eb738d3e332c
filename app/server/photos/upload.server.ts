// The quote form's multipart body, read as it streams in, with hard limits: at most
// PHOTO_LIMITS.files photos of PHOTO_LIMITS.fileBytes each and totalBytes together, small
// text fields, a bounded number of parts. At most one photo as sent is held in memory per
// request (the next one waits, unread, while the last is processed), and at most
// UPLOADS_AT_ONCE requests upload at a time in a process.
//
// The Node server runs this on its main thread, straight from the socket (server/http-server.ts):
// busboy's work is a boundary search, and sharp's happens on other threads, so a 50 MB body is
// never gathered whole and never copied to a render thread. Only the re-encoded photos (a few
// hundred KB each) go on to the route's action, in the request's context. Anything else that
// runs the action (the dev server, a test) reaches the same function from the action itself.
import busboy from "busboy";
import { PHOTO_FIELD, PHOTO_LIMITS, type PhotoProblem } from "~/lib/photo-limits";
import { type ProcessedPhoto, processPhoto } from "./process.server";

export const UPLOAD_LIMITS = {
  /** Text fields: the form has a dozen; the longest (the message) is 2,000 characters. */
  fields: 32,
  fieldBytes: 16 * 1024,
  parts: 48,
  headerPairs: 16,
  /** The whole body: the photos plus room for the fields and the multipart framing. */
  bodyBytes: PHOTO_LIMITS.totalBytes + 1024 * 1024,
  /**
   * A body refused for its size is still read (and thrown away) up to this many bytes, so the
   * browser is listening when the answer comes and shows our page, not a broken connection.
   */
  drainBytes: 2 * (PHOTO_LIMITS.totalBytes + 1024 * 1024),
  /** Uploads in progress in one process; past this they get 503 and a "try again" message. */
  atOnce: 16,
} as const;

export type UploadStatus = 400 | 413 | 503;

export type ParsedUpload =
  | { ok: true; fields: Record<string, string>; photos: ProcessedPhoto[] }
  | {
      ok: false;
      problem: PhotoProblem;
      status: UploadStatus;
      /** What was read of the text fields before the problem, to put back in the form. */
      fields: Record<string, string>;
      /** False when the body was left unread: the connection must close after the answer. */
      drained: boolean;
    };

export function isMultipart(contentType: string | null | undefined): boolean {
  return /^multipart\/form-data\s*;/i.test(contentType ?? "");
}

const STATUS: Record<PhotoProblem["kind"], UploadStatus> = {
  too_many_files: 413,
  file_too_large: 413,
  too_large: 413,
  not_a_photo: 400,
  too_many_pixels: 400,
  heic: 400,
  malformed: 400,
  busy: 503,
};

let inProgress = 0;

/**
 * Reads a multipart body to its end (or to UPLOAD_LIMITS.drainBytes once it is refused).
 * Never throws for what the client sent; a client that goes away ends it as malformed.
 */
export async function readPhotoUpload(
  body: AsyncIterable<Uint8Array> | null,
  headers: { contentType: string | null | undefined; contentLength?: string | null },
): Promise<ParsedUpload> {
  const fields: Record<string, string> = {};
  const refuse = (problem: PhotoProblem, drained: boolean): ParsedUpload => ({
    ok: false,
    problem,
    status: STATUS[problem.kind],
    fields,
    drained,
  });
  // An honest header past the drain limit: refused unread.
  if (Number(headers.contentLength ?? 0) > UPLOAD_LIMITS.drainBytes) {
    return refuse({ kind: "too_large" }, false);
  }
  if (!body) return refuse({ kind: "malformed" }, true);
  if (inProgress >= UPLOAD_LIMITS.atOnce) {
    return { ...(await drain(body, 0)), ...refuse({ kind: "busy" }, true) };
  }
  inProgress++;
  try {
    // Browsers say the size of a multipart body up front: past the limit, only the text
    // fields are read (to put back in the form), and every file is dropped unread.
    const tooLarge = Number(headers.contentLength ?? 0) > UPLOAD_LIMITS.bodyBytes;
    return await parse(body, headers.contentType ?? "", fields, refuse, tooLarge);
  } finally {
    inProgress--;
  }
}

/** Reads and drops the rest of a body, up to the drain limit. */
async function drain(
  body: AsyncIterable<Uint8Array>,
  already: number,
): Promise<{ drained: boolean }> {
  let received = already;
  for await (const chunk of body) {
    received += chunk.byteLength;
    if (received > UPLOAD_LIMITS.drainBytes) return { drained: false };
  }
  return { drained: true };
}

async function parse(
  body: AsyncIterable<Uint8Array>,
  contentType: string,
  fields: Record<string, string>,
  refuse: (problem: PhotoProblem, drained: boolean) => ParsedUpload,
  tooLarge: boolean,
): Promise<ParsedUpload> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        fields: UPLOAD_LIMITS.fields,
        fieldSize: UPLOAD_LIMITS.fieldBytes,
        files: PHOTO_LIMITS.files,
        fileSize: PHOTO_LIMITS.fileBytes,
        parts: UPLOAD_LIMITS.parts,
        headerPairs: UPLOAD_LIMITS.headerPairs,
      },
      defParamCharset: "utf8",
    });
  } catch {
    // No boundary, or not multipart at all.
    return refuse({ kind: "malformed" }, (await drain(body, 0)).drained);
  }

  let problem: PhotoProblem | undefined;
  let broken = false;
  const fail = (found: PhotoProblem) => {
    problem ??= found;
    // Nothing more is parsed: a file being read ends with an error, the rest is dropped. Not
    // from inside the parser's own write (a limit event), which would then write to nothing.
    setImmediate(() => {
      if (!parser.destroyed) parser.destroy();
    });
  };
  const photos: ProcessedPhoto[] = [];
  let photoBytes = 0;
  // Photos are read one after another: the next file's stream waits, unread (and so does the
  // socket behind it), until the one before is processed.
  let previous: Promise<void> = Promise.resolve();

  parser.on("field", (name, value) => {
    if (name !== PHOTO_FIELD && !(name in fields)) fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    const filename = info.filename ?? "";
    // A file still waiting its turn when the parser is destroyed errors with nobody reading.
    stream.on("error", () => {});
    stream.on("limit", () => fail({ kind: "file_too_large", name: filename }));
    const turn = previous.then(async () => {
      if (problem || tooLarge || name !== PHOTO_FIELD) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        photoBytes += chunk.byteLength;
        if (photoBytes > PHOTO_LIMITS.totalBytes) return fail({ kind: "too_large" });
        chunks.push(chunk);
      }
      // The input left empty: browsers send an unnamed, empty part for it.
      if (problem || (size === 0 && filename === "")) return;
      const done = await processPhoto(Buffer.concat(chunks, size), filename);
      if (done.ok) photos.push(done.photo);
      else fail(done.problem);
    });
    // A stream destroyed by fail() rejects here; the problem is already recorded.
    previous = turn.catch(() => fail({ kind: "malformed" }));
  });
  parser.on("filesLimit", () => fail({ kind: "too_many_files" }));
  parser.on("partsLimit", () => fail({ kind: "malformed" }));
  parser.on("fieldsLimit", () => fail({ kind: "malformed" }));

  const closed = new Promise<void>((resolve) => {
    parser.on("close", resolve);
    parser.on("error", () => {
      broken = true;
      problem ??= { kind: "malformed" };
      resolve();
    });
  });

  let received = 0;
  const chunks = body[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await chunks.next();
    } catch {
      // The client went away mid-body.
      fail({ kind: "malformed" });
      await previous;
      return refuse({ kind: "malformed" }, false);
    }
    if (next.done) break;
    const chunk = next.value;
    received += chunk.byteLength;
    if (received > UPLOAD_LIMITS.bodyBytes) fail({ kind: "too_large" });
    if (received > UPLOAD_LIMITS.drainBytes) {
      await chunks.return?.();
      await previous;
      return refuse(problem ?? { kind: "too_large" }, false);
    }
    // Once refused, the rest is only counted and dropped.
    if (problem || broken) continue;
    try {
      if (!parser.write(chunk)) {
        await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), closed]);
      }
    } catch {
      fail({ kind: "malformed" });
    }
  }
  if (!problem && !broken) {
    parser.end();
    await closed;
  }
  await previous;
  if (problem) return refuse(problem, true);
  if (tooLarge) return refuse({ kind: "too_large" }, true);
  return { ok: true, fields, photos };
}
