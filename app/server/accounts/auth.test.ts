import { describe, expect, it } from "vitest";
import { assertSameOrigin, safeNext } from "./auth.server";

const request = (headers: Record<string, string>) =>
  new Request("https://roofs.example/admin/leads/1", { method: "POST", headers });

function refused(headers: Record<string, string>): number | undefined {
  try {
    assertSameOrigin(request(headers));
    return undefined;
  } catch (error) {
    return error instanceof Response ? error.status : -1;
  }
}

describe("the same-origin rule", () => {
  it("lets through our own pages' posts only", () => {
    expect(
      refused({ Origin: "https://roofs.example", "Sec-Fetch-Site": "same-origin" }),
    ).toBeUndefined();
    expect(refused({ Origin: "https://roofs.example" })).toBeUndefined();
    expect(refused({ "Sec-Fetch-Site": "same-origin" })).toBeUndefined();
    expect(refused({ Origin: "http://roofs.example" })).toBe(403);
    expect(refused({ Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" })).toBe(403);
    expect(refused({ Origin: "https://roofs.example", "Sec-Fetch-Site": "same-site" })).toBe(403);
    expect(refused({ Origin: "null" })).toBe(403);
    expect(refused({})).toBe(403);
  });
});

describe("where sign-in sends you back to", () => {
  it("only ever a path inside /admin", () => {
    expect(safeNext("/admin/leads/12")).toBe("/admin/leads/12");
    expect(safeNext("/admin?view=spam&q=sam")).toBe("/admin?view=spam&q=sam");
    for (const bad of [
      "//evil.example",
      "https://evil.example/admin",
      "/administrator",
      "/admin?x=\r\nSet-Cookie:a",
      "/admin\\@evil",
      undefined,
      42,
    ]) {
      expect(safeNext(bad)).toBe("/admin");
    }
  });
});
