// Writing an answer: content negotiation, conditional requests and HEAD, done by the
// maintained pieces Express itself uses (negotiator, fresh) rather than by hand.
import type { IncomingMessage, ServerResponse } from "node:http";
import fresh from "fresh";
import Negotiator from "negotiator";

export type Encoding = "br" | "gzip" | "identity";

/** The best encoding the client accepts among those we have, by RFC 9110's q-value rules. */
export function pickEncoding(req: IncomingMessage, available: Encoding[]): Encoding {
  // Equal q-values (e.g. "gzip, br") are a tie the client leaves to us: brotli is smaller.
  // @types/negotiator predates the `preferred` option of negotiator 1.x.
  const negotiator = new Negotiator(req) as unknown as {
    encoding(available: Encoding[], options: { preferred: Encoding[] }): string | undefined;
  };
  const chosen = negotiator.encoding(available, { preferred: ["br", "gzip", "identity"] });
  // Nothing acceptable (e.g. "identity;q=0" alone): identity is still the safest answer.
  return (chosen as Encoding | undefined) ?? "identity";
}

export interface Representations {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

interface SendCommon {
  status: number;
  headers: Record<string, string>;
  /** The identity body's strong validator; each encoding gets its own tag derived from it. */
  etag?: string;
  /** The answer depends on Accept-Encoding even when this client gets identity. */
  negotiated?: boolean;
}

export type SendOptions = SendCommon &
  (
    | { bodies: Representations }
    /** Already in the encoding this client chose (a render thread compressed it). */
    | { encoded: { encoding: Encoding; body: Buffer } }
  );

/** `"abc"` for identity, `"abc-br"` / `"abc-gzip"` for the encoded bodies: a tag per representation. */
export function etagFor(base: string, encoding: Encoding): string {
  return encoding === "identity" ? base : `${base.slice(0, -1)}-${encoding}"`;
}

export function send(req: IncomingMessage, res: ServerResponse, options: SendOptions): void {
  let encoding: Encoding;
  let body: Buffer;
  let choice = false;
  if ("encoded" in options) ({ encoding, body } = options.encoded);
  else {
    const { bodies } = options;
    const available: Encoding[] = [
      ...(bodies.br ? (["br"] as const) : []),
      ...(bodies.gzip ? (["gzip"] as const) : []),
      "identity",
    ];
    choice = available.length > 1;
    encoding = choice ? pickEncoding(req, available) : "identity";
    body = encoding === "identity" ? bodies.identity : (bodies[encoding] ?? bodies.identity);
  }
  const headers: Record<string, string> = {
    ...options.headers,
    ...(choice || options.negotiated ? { Vary: "Accept-Encoding" } : {}),
    ...(encoding !== "identity" ? { "Content-Encoding": encoding } : {}),
    ...(options.etag ? { ETag: etagFor(options.etag, encoding) } : {}),
  };
  const isRead = req.method === "GET" || req.method === "HEAD";
  if (
    options.status === 200 &&
    isRead &&
    options.etag &&
    fresh(req.headers, { etag: headers.ETag, "cache-control": headers["Cache-Control"] })
  ) {
    delete headers["Content-Length"];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers["Content-Length"] = String(body.length);
  res.writeHead(options.status, headers);
  // HEAD gets the headers GET would have had, Content-Length included, and no body.
  res.end(req.method === "HEAD" ? undefined : body);
}
