import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import {
  BadRequest,
  fromTrustedProxy,
  isCrossOrigin,
  type ProxySettings,
  pathAndQuery,
  requestInfo,
} from "./request-info";

/** A real IncomingMessage on an unconnected socket, as Node's parser would build it. */
function incoming(
  headers: Record<string, string>,
  { url = "/", remote = "10.0.0.2" }: { url?: string; remote?: string } = {},
): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: remote });
  const req = new IncomingMessage(socket);
  req.url = url;
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.headers = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  req.rawHeaders = Object.entries(headers).flat();
  return req;
}

describe("pathAndQuery", () => {
  it.each([
    ["/roof-repairs?utm_source=x", "/roof-repairs", "?utm_source=x"],
    ["//a:b/", "//a:b/", ""],
    ["//x:99999/", "//x:99999/", ""],
    ["http://evil.example/thank-you", "/thank-you", ""],
  ])("%s is path %s", (target, pathname, search) => {
    expect(pathAndQuery(target)).toEqual({ pathname, search });
  });

  it.each(["*", "", "evil", "http://x:99999/", "/%E0%A4%A"])("refuses %j", (target) => {
    expect(() => pathAndQuery(target)).toThrow(BadRequest);
  });
});

describe("requestInfo", () => {
  // The fake proxies below sit on 10.0.0.0/8, which is configured as trusted.
  const info = (headers: Record<string, string>, trustProxy = 0, siteUrl?: string) =>
    requestInfo(incoming({ Host: "localhost:3000", ...headers }), {
      trustProxy,
      trustedProxies: ["10.0.0.0/8"],
      siteUrl,
    });

  it("trusts no forwarded header when no proxy is configured", () => {
    const seen = info({ "X-Forwarded-For": "1.2.3.4", "X-Forwarded-Proto": "https" });
    expect(seen).toMatchObject({ ip: "10.0.0.2", origin: "http://localhost:3000", secure: false });
  });

  it("takes the address that many hops from the right, never what the client wrote", () => {
    const forwarded = { "X-Forwarded-For": "6.6.6.6, 198.51.100.7, 10.0.0.9" };
    expect(info(forwarded, 1).ip).toBe("10.0.0.9");
    expect(info(forwarded, 2).ip).toBe("198.51.100.7");
  });

  it("builds the origin from the trusted proxy's scheme and host", () => {
    const seen = info(
      { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "www.example.com.au" },
      1,
    );
    expect(seen).toMatchObject({ origin: "https://www.example.com.au", secure: true });
  });

  it("reads forwarded scheme and host one hop from the right as well", () => {
    const seen = info(
      { "X-Forwarded-Proto": "http, https", "X-Forwarded-Host": "evil, good.example" },
      1,
    );
    expect(seen.origin).toBe("https://good.example");
  });

  it("lets a configured SITE_URL win over anything the request says", () => {
    const seen = info(
      { Host: "roof_site", "X-Forwarded-Host": "evil.example" },
      1,
      "https://site.example",
    );
    expect(seen).toMatchObject({ origin: "https://site.example", secure: true });
  });

  describe("forwarded headers count only from a configured proxy's address", () => {
    const forged = {
      Host: "localhost:3000",
      "X-Forwarded-For": "198.51.100.7",
      "X-Forwarded-Proto": "https",
      "X-Forwarded-Host": "evil.example",
    };
    const from = (remote: string, settings: Partial<ProxySettings> = {}) =>
      requestInfo(incoming(forged, { remote }), { trustProxy: 1, ...settings });

    it.each([
      ["203.0.113.9", undefined],
      ["10.0.0.2", undefined],
      ["127.0.0.2", ["127.0.0.1"]],
      ["::ffff:203.0.113.9", ["loopback"]],
    ])("a peer at %s (trusting %j) is the visitor itself", (remote, trustedProxies) => {
      expect(from(remote, { trustedProxies })).toEqual(
        expect.objectContaining({ ip: remote, origin: "http://localhost:3000", secure: false }),
      );
      expect(
        fromTrustedProxy(incoming(forged, { remote }), { trustProxy: 1, trustedProxies }),
      ).toBe(false);
    });

    it.each([
      ["127.0.0.1", undefined],
      ["::1", undefined],
      ["::ffff:127.0.0.1", undefined],
      ["10.1.2.3", ["loopback", "10.0.0.0/8"]],
      ["192.168.5.5", ["uniquelocal"]],
    ])("a peer at %s (trusting %j) is believed", (remote, trustedProxies) => {
      expect(from(remote, { trustedProxies })).toEqual(
        expect.objectContaining({
          ip: "198.51.100.7",
          origin: "https://evil.example",
          secure: true,
        }),
      );
      expect(
        fromTrustedProxy(incoming(forged, { remote }), { trustProxy: 1, trustedProxies }),
      ).toBe(true);
    });

    it("with two hops, stops at the first proxy that isn't a configured one", () => {
      const req = incoming(
        {
          Host: "localhost:3000",
          "X-Forwarded-For": "6.6.6.6, 203.0.113.50",
          "X-Forwarded-Proto": "https, http",
        },
        { remote: "127.0.0.1" },
      );
      // 203.0.113.50 claims to be the outer proxy, but isn't on the list: it is the visitor,
      // and the scheme is the one the inner (trusted) proxy saw.
      const seen = requestInfo(req, { trustProxy: 2, trustedProxies: ["loopback"] });
      expect(seen).toMatchObject({ ip: "203.0.113.50", secure: false });
      const both = requestInfo(req, {
        trustProxy: 2,
        trustedProxies: ["loopback", "203.0.113.0/24"],
      });
      expect(both).toMatchObject({ ip: "6.6.6.6", secure: true });
    });

    it("no hop count trusts no address at all", () => {
      expect(from("127.0.0.1", { trustProxy: 0 })).toMatchObject({
        ip: "127.0.0.1",
        secure: false,
      });
    });
  });

  it.each(["a b", "localhost:99999", "[", "evil/../x"])("refuses Host %j", (host) => {
    expect(() => info({ Host: host })).toThrow(BadRequest);
  });

  it("refuses two Host headers", () => {
    const req = incoming({ Host: "a" });
    req.rawHeaders = ["Host", "a", "host", "b"];
    expect(() => requestInfo(req, { trustProxy: 0 })).toThrow(BadRequest);
  });
});

describe("isCrossOrigin", () => {
  const origin = "https://site.example";
  it.each([
    [{}, false],
    [{ Origin: origin }, false],
    [{ "Sec-Fetch-Site": "same-origin", Origin: origin }, false],
    [{ "Sec-Fetch-Site": "none" }, false],
    [{ Origin: "https://evil.example" }, true],
    [{ Origin: "null" }, true],
    [{ Origin: "http://site.example" }, true],
    [{ "Sec-Fetch-Site": "cross-site" }, true],
    [{ "Sec-Fetch-Site": "same-site" }, true],
  ])("%j: %s", (headers, expected) => {
    expect(isCrossOrigin(incoming(headers as Record<string, string>), origin)).toBe(expected);
  });
});
