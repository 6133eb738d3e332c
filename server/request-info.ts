// What a raw Node request says about itself once we stop believing everything it claims:
// the path it asked for, the origin the visitor is really on, and the visitor's address.
import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";

export interface ProxySettings {
  /** How many proxies stand in front of us; 0 trusts no forwarded header at all. */
  trustProxy: number;
  /**
   * Where those proxies connect from (TRUSTED_PROXIES): proxy-addr's names ("loopback",
   * "linklocal", "uniquelocal"), addresses and CIDRs. Default: loopback.
   */
  trustedProxies?: readonly string[];
  /** The public origin when configured (SITE_URL); it wins over anything a request says. */
  siteUrl?: string;
}

export class BadRequest extends Error {}

/**
 * The path and query of the request target. Origin-form ("/a?b") is what browsers send;
 * absolute-form ("http://host/a") must be accepted too (RFC 9112 3.2.2). Anything else, and
 * anything `new URL` chokes on, is a client error, never an exception that escapes.
 */
export function pathAndQuery(target: string | undefined): { pathname: string; search: string } {
  const raw = target ?? "";
  let url: URL;
  try {
    if (raw.startsWith("/")) url = new URL(`http://placeholder${raw}`);
    else if (/^https?:\/\//i.test(raw)) url = new URL(raw);
    else throw new BadRequest("request target");
  } catch {
    throw new BadRequest("request target");
  }
  try {
    // A path that isn't valid percent-encoding can't name anything we serve.
    decodeURIComponent(url.pathname);
  } catch {
    throw new BadRequest("request target encoding");
  }
  return { pathname: url.pathname, search: url.search };
}

// A host name or IPv4 address, or a bracketed IPv6 address, with an optional port. Underscores
// too: proxies name their upstreams that way (nginx can send `Host: roof_site`).
const HOST =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function validHost(value: string | undefined): string | undefined {
  if (!value || value.length > 255 || !HOST.test(value)) return undefined;
  const port = value.match(/:(\d+)$/)?.[1];
  if (port !== undefined && Number(port) > 65_535) return undefined;
  return value.toLowerCase();
}

const DEFAULT_TRUSTED_PROXIES: readonly string[] = ["loopback"];

const compiled = new Map<string, (address: string, index: number) => boolean>();

/**
 * The settings as proxy-addr's trust function, as Express's `trust proxy` builds it: an address
 * is a proxy's when it is one of the last N hops AND on the configured list. A header that a
 * peer elsewhere sends straight to our port is then the visitor's own word, and ignored.
 */
function trustFunction(settings: ProxySettings) {
  const list = settings.trustedProxies ?? DEFAULT_TRUSTED_PROXIES;
  const key = list.join(",");
  let isProxy = compiled.get(key);
  if (!isProxy) {
    isProxy = proxyAddr.compile([...list]);
    compiled.set(key, isProxy);
  }
  const hops = settings.trustProxy;
  const check = isProxy;
  return (address: string, index: number) => index < hops && check(address, index);
}

/**
 * How many proxies in front of us we believe: walking from the socket's peer outwards through
 * X-Forwarded-For, the hops that are on the list, at most TRUST_PROXY of them. The socket's
 * peer counts even when it sent no X-Forwarded-For (a proxy passing on only the scheme).
 */
function trustedHops(req: IncomingMessage, settings: ProxySettings): number {
  if (settings.trustProxy < 1) return 0;
  const trust = trustFunction(settings);
  // The socket's address, then X-Forwarded-For from right to left.
  const addresses = proxyAddr.all(req);
  let hops = 0;
  while (hops < addresses.length && trust(addresses[hops] ?? "", hops)) hops++;
  return hops;
}

/** Whether the socket's peer is a proxy we trust (for X-Request-Id and the like). */
export function fromTrustedProxy(req: IncomingMessage, settings: ProxySettings): boolean {
  return trustedHops(req, settings) > 0;
}

/**
 * The value a forwarded header had when the outermost trusted proxy received the request.
 * Each proxy appends to the list, so with N proxies that is the N-th value from the right;
 * anything left of it was written by the client and proves nothing.
 */
function forwardedValue(header: string | string[] | undefined, hops: number): string | undefined {
  if (hops < 1 || header === undefined) return undefined;
  const values = (Array.isArray(header) ? header.join(",") : header)
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length === 0) return undefined;
  return values[Math.max(0, values.length - hops)];
}

export interface RequestInfo {
  /** The origin the visitor is on, e.g. https://www.example.com.au. */
  origin: string;
  secure: boolean;
  /** The visitor's address: the socket's, or the trusted proxies' account of it. */
  ip: string;
  pathname: string;
  search: string;
}

/** Throws BadRequest for a target or Host header no honest client would send. */
export function requestInfo(req: IncomingMessage, settings: ProxySettings): RequestInfo {
  const { pathname, search } = pathAndQuery(req.url);
  const hops = trustedHops(req, settings);
  const ip =
    hops > 0 ? proxyAddr(req, trustFunction(settings)) : (req.socket.remoteAddress ?? "unknown");

  const encrypted = "encrypted" in req.socket && Boolean(req.socket.encrypted);
  const forwardedProto = forwardedValue(req.headers["x-forwarded-proto"], hops)?.toLowerCase();
  const secure =
    encrypted || forwardedProto === "https" || (settings.siteUrl?.startsWith("https:") ?? false);

  // RFC 9112 3.2: more than one Host is a 400; Node would quietly keep the first.
  const hostLines = req.rawHeaders.filter(
    (_, i) => i % 2 === 0 && /^host$/i.test(req.rawHeaders[i] ?? ""),
  );
  if (hostLines.length > 1) throw new BadRequest("several Host headers");
  const rawHost = req.headers.host;
  const host = validHost(rawHost);
  // HTTP/1.1 requires Host; one that isn't a host name is refused rather than trusted anywhere.
  if (rawHost !== undefined && host === undefined) throw new BadRequest("Host header");
  if (rawHost === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
    throw new BadRequest("missing Host header");
  }

  let origin: string;
  if (settings.siteUrl) origin = settings.siteUrl;
  else {
    const forwardedHost = validHost(forwardedValue(req.headers["x-forwarded-host"], hops));
    const scheme = forwardedProto === "https" || encrypted ? "https" : "http";
    origin = `${scheme}://${forwardedHost ?? host ?? "localhost"}`;
  }
  return { origin, secure, ip, pathname, search };
}

/**
 * Whether a state-changing request comes from a page of ours. Browsers say so with
 * Sec-Fetch-Site and Origin; a request with neither (curl, a server-side client) is not a
 * browser being tricked, so it passes, as it does for React Router's own check.
 */
export function isCrossOrigin(req: IncomingMessage, origin: string): boolean {
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return true;
  const from = req.headers.origin;
  if (from === undefined) return false;
  return from !== origin;
}
