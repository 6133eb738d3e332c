import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { parseServerEnv } from "./env.server";

describe("server settings", () => {
  it(".env.example boots as it is, and its values are the defaults it claims", () => {
    const example = parseEnv(readFileSync(".env.example", "utf8"));
    expect(parseServerEnv(example)).toEqual(parseServerEnv({}));
  });

  it("refuses a typo loudly, naming the setting", () => {
    expect(() => parseServerEnv({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY/);
    expect(() => parseServerEnv({ SITE_URL: "example.com" })).toThrow(/SITE_URL/);
    expect(() => parseServerEnv({ HTTP_MAX_CONNECTIONS: "0" })).toThrow(/HTTP_MAX_CONNECTIONS/);
  });

  it("reads TRUST_PROXY as a hop count, old true/false included, and TRUSTED_PROXIES as a list", () => {
    expect(parseServerEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseServerEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseServerEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(parseServerEnv({ TRUSTED_PROXIES: "" }).TRUSTED_PROXIES).toEqual(["loopback"]);
    expect(
      parseServerEnv({ TRUSTED_PROXIES: " 10.0.0.0/8, loopback,fd00::/8 " }).TRUSTED_PROXIES,
    ).toEqual(["10.0.0.0/8", "loopback", "fd00::/8"]);
    for (const typo of ["10.0.0.0/33", "localhost", "10.0.0.1 10.0.0.2", ","]) {
      expect(() => parseServerEnv({ TRUSTED_PROXIES: typo }), typo).toThrow(/TRUSTED_PROXIES/);
    }
    expect(parseServerEnv({ SITE_URL: "https://www.example.com.au/" }).SITE_URL).toBe(
      "https://www.example.com.au",
    );
  });
});
