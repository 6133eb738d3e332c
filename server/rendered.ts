// React Router's answer made ready to send: read whole, its inline scripts hashed for the CSP,
// and compressed in the one encoding the client will get. On a render thread all of this runs
// there (synchronously, at the thread's low priority), so the thread serving the static pages
// does no per-byte work for a dynamic answer (issue 11).
import { pipeline, Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { promisify } from "node:util";
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
} from "node:zlib";
import type { Encoding } from "./responses.ts";
import { type InlineHashes, inlineHashes } from "./static-files.ts";

export interface Rendered {
  status: number;
  headers: [string, string][];
  /**
   * The body in the one encoding this client gets: the one asked for, or identity when the
   * answer is too small or not text. Only this crosses to the main thread: a copy the client
   * won't get would be memory for its garbage collector to chase (issue 11).
   */
  body: Uint8Array;
  encoding: Encoding;
  /** Worth compressing: the answer varies with Accept-Encoding even where identity is sent. */
  compressible: boolean;
  /** HTML only: what its Content-Security-Policy must allow. */
  hashes?: InlineHashes;
}

// A moderate level: a re-rendered page is sent once, so brotli 11's extra bytes saved are not
// worth its time (prerendered files get 11, once, at start-up).
const BROTLI = (size: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const GZIP = { level: 6 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function isCompressible(body: Uint8Array, type: string): boolean {
  return body.byteLength > 1024 && /^(text\/|application\/(json|xml))/.test(type);
}

/**
 * `sync` on a render thread, where blocking is the point; `async` (libuv's pool) when rendering
 * on the main thread (RENDER_THREADS=0), which must keep serving meanwhile.
 */
export async function finishRender(
  response: Response,
  encoding: Encoding,
  mode: "sync" | "async",
): Promise<Rendered> {
  const body = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get("content-type") ?? "";
  const rendered: Rendered = {
    status: response.status,
    headers: [...response.headers],
    body,
    encoding: "identity",
    compressible: isCompressible(body, type),
  };
  if (type.startsWith("text/html")) rendered.hashes = inlineHashes(body.toString("utf8"));
  if (rendered.compressible && encoding !== "identity") {
    rendered.encoding = encoding;
    rendered.body =
      encoding === "br"
        ? mode === "sync"
          ? brotliCompressSync(body, BROTLI(body.byteLength))
          : await brotliAsync(body, BROTLI(body.byteLength))
        : mode === "sync"
          ? gzipSync(body, GZIP)
          : await gzipAsync(body, GZIP);
  }
  return rendered;
}

/**
 * A download (Content-Disposition: attachment, e.g. a CSV export of every lead) may be large
 * and is never HTML, so it is streamed: sent as it is made, a piece at a time, instead of read
 * whole first (a 100,000-lead export held every other render for most of a second; issue 19).
 */
export function isStreamed(response: Response): boolean {
  return /^\s*attachment\b/i.test(response.headers.get("content-disposition") ?? "");
}

/** A streamed answer's status and headers, sent ahead of its body. */
export interface StreamHead {
  status: number;
  headers: [string, string][];
  encoding: Encoding;
  /** Text: the answer varies with Accept-Encoding. */
  compressible: boolean;
}

// Pieces of about this size cross to the main thread (and to the client) at a time.
const STREAM_CHUNK = 64 * 1024;

/**
 * The head of a streamed answer, and its body as the client gets it (compressed on the way
 * when it is text). The body is pulled: nothing is read from the route's stream until the
 * client has taken what came before, so a slow download holds no more than a piece or two.
 */
export function streamRender(
  response: Response,
  encoding: Encoding,
): { head: StreamHead; body: AsyncIterable<Uint8Array>; cancel(): void } {
  const type = response.headers.get("content-type") ?? "";
  const compressible = /^(text\/|application\/(json|xml))/.test(type);
  const used: Encoding = compressible ? encoding : "identity";
  const headers = [...response.headers].filter(([name]) => name.toLowerCase() !== "content-length");
  const source = response.body
    ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>, {
        highWaterMark: STREAM_CHUNK,
      })
    : Readable.from([]);
  // pipeline, not pipe: a route's stream that fails must end the compressed one too, with
  // its error, or whoever reads it would wait for ever.
  const ignore = () => {};
  const body =
    used === "br"
      ? pipeline(source, createBrotliCompress({ ...BROTLI(0), chunkSize: STREAM_CHUNK }), ignore)
      : used === "gzip"
        ? pipeline(source, createGzip({ ...GZIP, chunkSize: STREAM_CHUNK }), ignore)
        : source;
  return {
    head: { status: response.status, headers, encoding: used, compressible },
    body,
    cancel() {
      source.destroy();
      if (body !== source) body.destroy();
    },
  };
}
