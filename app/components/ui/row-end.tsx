/**
 * The last child of an element marked `data-assembled`: until the parser reaches it, app.css
 * keeps that element invisible. Rows whose items are placed against later content (a button
 * pushed right by the one after it, a centred label growing as its text arrives, an icon
 * centred against lines still coming) would otherwise be seen to jump on a slow connection,
 * which counts as layout shift (tests/e2e/layout-shift.spec.ts).
 */
export function RowEnd({ as: Tag = "span" }: { as?: "span" | "li" }) {
  return <Tag data-row-end hidden />;
}
