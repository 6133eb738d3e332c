import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export interface StaticFile {
  body: Buffer;
  brotli?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  /** Hashes of the page's inline scripts and styles, for its Content-Security-Policy. */
  inlineHashes?: InlineHashes;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".data": "text/x-script",
};

const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".css",
  ".svg",
  ".json",
  ".txt",
  ".xml",
  ".data",
  ".ico",
]);
const ONE_YEAR = 31_536_000;

export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

export const NO_INLINE_HASHES: InlineHashes = { scripts: [], styles: [] };

function hashesOf(html: string, element: RegExp): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(element)) {
    const content = match[1] ?? "";
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * sha256 CSP sources for every inline <script> (JSON-LD included: hashing it is harmless) and
 * every inline <style> (the page's stylesheet is inlined, see docs/decisions/005-no-web-font.md).
 */
export function inlineHashes(html: string): InlineHashes {
  return {
    scripts: hashesOf(html, /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi),
    styles: hashesOf(html, /<style[^>]*>([\s\S]*?)<\/style>/gi),
  };
}

export function compress(body: Buffer): { brotli: Buffer; gzip: Buffer } {
  return {
    brotli: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/**
 * Loads the whole client build into memory, compressed once, keyed by URL path.
 * The site is small (well under a few MB), and serving from memory keeps the
 * prerendered pages as fast as a dedicated static server.
 */
export async function loadStaticFiles(root: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for await (const path of walk(root)) {
    const rel = relative(root, path).split(sep).join("/");
    const ext = extname(path);
    const body = await readFile(path);
    const hashed = rel.startsWith("assets/");
    const isHtml = ext === ".html";
    const file: StaticFile = {
      body,
      type: TYPES[ext] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      cacheControl: hashed
        ? `public, max-age=${ONE_YEAR}, immutable`
        : isHtml || ext === ".data"
          ? "public, max-age=0, must-revalidate"
          : "public, max-age=86400",
      inlineHashes: isHtml ? inlineHashes(body.toString("utf8")) : undefined,
    };
    if (COMPRESSIBLE.has(ext) && body.length > 512) Object.assign(file, compress(body));

    if (rel === "index.html") files.set("/", file);
    else if (rel.endsWith("/index.html"))
      files.set(`/${rel.slice(0, -"/index.html".length)}`, file);
    else if (!isHtml) files.set(`/${rel}`, file);
    // Other .html files (e.g. the SPA fallback) are never served as pages.
  }
  return files;
}
