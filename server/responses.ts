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

export interface SendOptions {
  status: number;
  headers: Record<string, string>;
  /** The request's id header, sent with the rest. */
  idHeader: HeaderList;
  /** The body in `encoding` (identity unless a render thread compressed it for this client). */
  body: Buffer;
  encoding?: Encoding;
  /** The answer depends on Accept-Encoding even when this client gets identity. */
  negotiated?: boolean;
}

/** `"abc"` for identity, `"abc-br"` / `"abc-gzip"` for the encoded bodies: a tag per representation. */
function etagFor(base: string, encoding: Encoding): string {
  return encoding === "identity" ? base : `${base.slice(0, -1)}-${encoding}"`;
}

/** An answer made for this one request (an error, a refusal, a render). */
export function send(req: IncomingMessage, res: ServerResponse, options: SendOptions): void {
  const { body, encoding = "identity" } = options;
  const headers = Object.entries({
    ...options.headers,
    ...(options.negotiated ? { Vary: "Accept-Encoding" } : {}),
    ...(encoding !== "identity" ? { "Content-Encoding": encoding } : {}),
    "Content-Length": String(body.length),
  }).flat();
  res.writeHead(options.status, [...headers, ...options.idHeader]);
  // HEAD gets the headers GET would have had, Content-Length included, and no body.
  res.end(req.method === "HEAD" ? undefined : body);
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

/** A prepared file's answer in the client's encoding: 200, or 304 when its copy is fresh. */
export function sendPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  file: PreparedFile,
  idHeader: HeaderList,
): void {
  const encoding = file.available.length > 1 ? pickEncoding(req, file.available) : "identity";
  const variant = file.variants[encoding] ?? file.variants.identity;
  if (!variant) throw new Error("a prepared file without an identity body");
  const isRead = req.method === "GET" || req.method === "HEAD";
  if (isRead && fresh(req.headers, { etag: variant.etag, "cache-control": file.cacheControl })) {
    res.writeHead(304, [...variant.notModified, ...idHeader]);
    res.end();
    return;
  }
  res.writeHead(200, [...variant.ok, ...idHeader]);
  res.end(req.method === "HEAD" ? undefined : variant.body);
}
