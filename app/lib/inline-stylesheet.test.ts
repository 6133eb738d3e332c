import { describe, expect, it } from "vitest";
import { withoutPropertyRules } from "./inline-stylesheet";

// The shape of Tailwind 4's minified output, cut down.
const GUARD =
  "@supports (((-webkit-hyphens:none)) and (not (margin-trim:block))) or ((-moz-orient:inline) and (not (color:rgb(from red r g b))))";
const RESET = "*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;--tw-ring-inset:initial}";
const TAILWIND = [
  `@layer properties{${GUARD}{${RESET}}}`,
  "@layer utilities{.shadow{box-shadow:var(--tw-shadow)}",
  "@supports (color:color-mix(in lab, red, red)){.bg-white\\/95{background-color:color-mix(in oklab, #fff 95%, transparent)}}}",
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-ring-inset{syntax:"*";inherits:false}',
].join("");

describe("the inlined stylesheet", () => {
  const out = withoutPropertyRules(TAILWIND);

  it("drops the @property registrations", () => {
    expect(out).not.toContain("@property");
  });

  it("gives every browser Tailwind's fallback: the same variables reset on every element", () => {
    expect(out).toContain(`@layer properties{${RESET}}`);
    expect(out).not.toContain("margin-trim");
  });

  it("leaves the rest alone, other @supports blocks included", () => {
    expect(out).toContain(".shadow{box-shadow:var(--tw-shadow)}");
    expect(out).toContain("@supports (color:color-mix(in lab, red, red)){.bg-white");
  });

  it("changes nothing when Tailwind's output has no such fallback", () => {
    const noFallback = `@layer utilities{.p-4{padding:1rem}}@property --tw-x{syntax:"*";inherits:false}`;
    expect(withoutPropertyRules(noFallback)).toBe(noFallback);
  });
});
