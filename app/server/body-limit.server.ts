// One limit on request bodies, shared by the Node server (for every POST) and the JSON API's
// action (which can also run under another adapter, or straight from a test).

/** Only the quote form and its API accept bodies, and a quote is far smaller than this. */
export const MAX_BODY_BYTES = 16 * 1024;

export class BodyTooLarge extends Error {}

export const PAYLOAD_TOO_LARGE = {
  error: "payload_too_large",
  message: `Keep requests under ${MAX_BODY_BYTES / 1024} KB.`,
} as const;

/**
 * The whole body, refused as soon as it passes the limit. Content-Length is checked first so
 * an honest oversized request is turned away unread, but the bytes are counted too: the
 * header can lie, or be absent when the body is chunked.
 */
export async function readLimitedBody(
  chunks: AsyncIterable<Uint8Array> | null,
  declaredLength: string | null | undefined,
): Promise<Buffer> {
  if (Number(declaredLength ?? 0) > MAX_BODY_BYTES) throw new BodyTooLarge();
  if (!chunks) return Buffer.alloc(0);
  const received: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    received.push(chunk);
  }
  return Buffer.concat(received);
}
