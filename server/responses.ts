// Writing an answer: content negotiation, conditional requests and HEAD, done by the
// maintained pieces Express itself uses (negotiator, fresh) rather than by hand.
import type { IncomingMessage, ServerResponse } from "node:http";
import fresh from "fresh";
import Negotiator from "negotiator";

export type Encoding = "br" | "gzip" | "identity";

// Accept-Encoding is one of a handful of strings in practice (one per browser family), and
// parsing it anew for every static page was a good part of what each answer allocated (issue
// 11). The cache is bounded, so a client making up a new header each time can't grow it.
const PICKED_LIMIT = 256;
const picked = new Map<string, Encoding>();

/** The best encoding the client accepts among those we have, by RFC 9110's q-value rules. */
export function pickEncoding(req: IncomingMessage, available: readonly Encoding[]): Encoding {
  const header = req.headers["accept-encoding"];
  const key = `${available.join()} ${header ?? ""}`;
  const known = picked.get(key);
  if (known) return known;
  // Equal q-values (e.g. "gzip, br") are a tie the client leaves to us: brotli is smaller.
  // @types/negotiator predates the `preferred` option of negotiator 1.x.
  const negotiator = new Negotiator(req) as unknown as {
    encoding(available: Encoding[], options: { preferred: Encoding[] }): string | undefined;
  };
  const chosen = negotiator.encoding([...available], { preferred: ["br", "gzip", "identity"] });
  // Nothing acceptable (e.g. "identity;q=0" alone): identity is still the safest answer.
  const encoding = (chosen as Encoding | undefined) ?? "identity";
  if (picked.size >= PICKED_LIMIT) picked.clear();
  picked.set(key, encoding);
  return encoding;
}

/** Header names and values in one flat list, as `writeHead` takes them without copying. */
export type HeaderList = readonly string[];

export interface Representations {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

interface SendCommon {
  status: number;
  headers: Record<string, string>;
  /** Headers of this one request (its id), added to the rest. */
  own?: HeaderList;
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
    res.writeHead(304, withOwn(headers, options.own));
    res.end();
    return;
  }
  headers["Content-Length"] = String(body.length);
  res.writeHead(options.status, withOwn(headers, options.own));
  // HEAD gets the headers GET would have had, Content-Length included, and no body.
  res.end(req.method === "HEAD" ? undefined : body);
}

function withOwn(headers: Record<string, string>, own: HeaderList = []): string[] {
  const list = Object.entries(headers).flat();
  list.push(...own);
  return list;
}

interface PreparedVariant {
  body: Buffer;
  etag: string;
  ok: HeaderList;
  notModified: HeaderList;
}

/**
 * A file that is always answered the same way (a prerendered page, an asset), with every
 * header worked out once: per encoding, the 200's and the 304's. Answering one then allocates
 * next to nothing, so the garbage collector seldom has to pause the thread that serves them
 * (issue 11).
 */
export interface PreparedFile {
  available: readonly Encoding[];
  cacheControl: string;
  variants: Partial<Record<Encoding, PreparedVariant>>;
}

export function prepareFile(
  bodies: Representations,
  headers: Record<string, string>,
  etag: string,
): PreparedFile {
  const available: Encoding[] = [
    ...(bodies.br ? (["br"] as const) : []),
    ...(bodies.gzip ? (["gzip"] as const) : []),
    "identity",
  ];
  const variants: Partial<Record<Encoding, PreparedVariant>> = {};
  for (const encoding of available) {
    const body = (encoding === "identity" ? bodies.identity : bodies[encoding]) as Buffer;
    const tag = etagFor(etag, encoding);
    const common = Object.entries({
      ...headers,
      ...(available.length > 1 ? { Vary: "Accept-Encoding" } : {}),
      ...(encoding !== "identity" ? { "Content-Encoding": encoding } : {}),
      ETag: tag,
    }).flat();
    variants[encoding] = {
      body,
      etag: tag,
      ok: [...common, "Content-Length", String(body.length)],
      notModified: common,
    };
  }
  return { available, cacheControl: headers["Cache-Control"] ?? "", variants };
}

/** The same as `send` gives for these bodies and headers, from the prepared answers. */
export function sendPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  file: PreparedFile,
  own: HeaderList,
): void {
  const encoding = file.available.length > 1 ? pickEncoding(req, file.available) : "identity";
  const variant = file.variants[encoding] ?? file.variants.identity;
  if (!variant) throw new Error("a prepared file without an identity body");
  const isRead = req.method === "GET" || req.method === "HEAD";
  if (isRead && fresh(req.headers, { etag: variant.etag, "cache-control": file.cacheControl })) {
    res.writeHead(304, [...variant.notModified, ...own]);
    res.end();
    return;
  }
  res.writeHead(200, [...variant.ok, ...own]);
  res.end(req.method === "HEAD" ? undefined : variant.body);
}
