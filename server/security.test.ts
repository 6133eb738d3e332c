import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security.ts";
import { inlineHashes } from "./static-files.ts";

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? [];

describe("inline hashes for the Content-Security-Policy", () => {
  const css = "body{color:#0f2a3d}";
  const script = "console.log('hi')";
  const html = `<html><head><style>${css}</style><script>${script}</script>
    <script type="module" src="/assets/entry.js"></script></head><body></body></html>`;

  it("hashes each inline style and inline script, and skips scripts with a src", () => {
    expect(inlineHashes(html)).toEqual({ scripts: [sha256(script)], styles: [sha256(css)] });
  });

  it("lets through exactly the page's own inline style, never inline styles in general", () => {
    const csp = contentSecurityPolicy(inlineHashes(html), false);
    expect(directive(csp, "style-src")).toEqual(["'self'", sha256(css)]);
    expect(directive(csp, "script-src")).toEqual(["'self'", sha256(script)]);
    expect(csp).not.toContain("unsafe-inline");
  });

  it("allows no inline style where the page has none", () => {
    const csp = contentSecurityPolicy(inlineHashes("<p>plain</p>"), false);
    expect(directive(csp, "style-src")).toEqual(["'self'"]);
  });
});
