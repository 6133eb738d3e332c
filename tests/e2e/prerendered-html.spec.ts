// Checks over the prerendered HTML itself, page by page as built (build/client), parsed by the
// browser with scripts off.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "../support/fixtures";

test.use({ javaScriptEnabled: false });

const CLIENT = join(process.env.BUILD_DIR || "build", "client");

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith(".html") ? [path] : [];
  });
}

test("every data-assembled row ends with its RowEnd marker, or it would never show", async ({
  page,
}) => {
  const files = htmlFiles(CLIENT);
  expect(files.length).toBeGreaterThan(10);
  let rows = 0;
  for (const file of files) {
    await page.setContent(readFileSync(file, "utf8"), { waitUntil: "domcontentloaded" });
    const found = await page.evaluate(() =>
      [...document.querySelectorAll("[data-assembled]")].map((row) => ({
        html: row.outerHTML.slice(0, 120),
        endsWithMarker: row.lastElementChild?.matches("[data-row-end]") ?? false,
      })),
    );
    rows += found.length;
    const missing = found.filter((row) => !row.endsWithMarker).map((row) => row.html);
    expect(missing, relative(CLIENT, file)).toEqual([]);
  }
  // The check saw real rows: the top bar, buttons and badges on every page.
  expect(rows).toBeGreaterThan(files.length * 2);
});
