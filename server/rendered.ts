// React Router's answer made ready to send: read whole, its inline scripts hashed for the CSP,
// and compressed in the one encoding the client will get. On a render thread all of this runs
// there (synchronously, at the thread's low priority), so the thread serving the static pages
// does no per-byte work for a dynamic answer (issue 11).
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
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
