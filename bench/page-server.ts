// A tiny local server for pages that are not our site: the floor page (a bare page holding
// only the headline, the best LCP any page could get here) and the first-window probe's cuts.
import http from "node:http";
import { brotliCompressSync, constants } from "node:zlib";
import { HOME_HEADLINE } from "../app/content/landing-pages.ts";
import { freePort } from "../tests/support/spawn-server.ts";

export const FLOOR_HTML = `<!doctype html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head>
<body><h1>${HOME_HEADLINE}</h1></body>
</html>
`;

export interface PageServer {
  /** The address of each page, by the name it was given. */
  urls: Record<string, string>;
  stop(): Promise<void>;
}

export const brotli = (html: string) =>
  brotliCompressSync(Buffer.from(html), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  });

/** Serves each page at /<name>, brotli-compressed when `compressed` (as our server does). */
export async function startPageServer(
  pages: Record<string, string>,
  { compressed = false } = {},
): Promise<PageServer> {
  const port = await freePort();
  const bodies = new Map(
    Object.entries(pages).map(([name, html]) => [
      `/${name}`,
      compressed ? brotli(html) : Buffer.from(html),
    ]),
  );
  const server = http.createServer((req, res) => {
    const body = bodies.get(req.url ?? "");
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": body.length,
      ...(compressed ? { "Content-Encoding": "br" } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  return {
    urls: Object.fromEntries(
      Object.keys(pages).map((name) => [name, `http://127.0.0.1:${port}/${name}`]),
    ),
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
