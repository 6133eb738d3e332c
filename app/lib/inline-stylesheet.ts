// The page's stylesheet travels inside the HTML (docs/decisions/005-no-web-font.md), so the
// Nu Html Checker reads it. Its CSS grammar predates `@property`, which Tailwind uses to
// register its internal --tw-* variables, and rejects the `@supports` test around Tailwind's
// fallback for browsers without `@property`. We send every browser that fallback instead:
// the same variables, reset to the same initial values on every element, which is what
// `@property … { inherits: false }` achieved.

/** Tailwind's test for "this browser lacks @property", around the fallback rules. */
const FALLBACK_GUARD = /@layer properties\{@supports \([^{]*\)\{([^{}]*\{[^{}]*\})\}\}/;
const PROPERTY_RULE = /@property --tw-[\w-]+\{[^{}]*\}/g;

export function withoutPropertyRules(css: string): string {
  const guarded = FALLBACK_GUARD.exec(css);
  // Without the fallback, dropping @property would leave the variables inheriting; keep
  // Tailwind's output as it is if its shape ever changes.
  if (!guarded) return css;
  return css.replace(FALLBACK_GUARD, "@layer properties{$1}").replace(PROPERTY_RULE, "");
}
