// The Nu Html Checker (vnu-jar) over every prerendered page plus the live 404 page, in one
// Java run (starting the JVM once per file would take minutes).
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { AUDIT_ROUTES, NOT_FOUND_PATH, prerenderedFile } from "../support/audit-routes";
import { expect, test } from "../support/fixtures";

const CLIENT_DIR = resolve("build/client");
const VNU_JAR = resolve("node_modules/vnu-jar/build/dist/vnu.jar");

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => join(entry.parentPath, entry.name));
}

test("the Nu Html Checker finds no errors in any page", async ({ request }) => {
  test.setTimeout(120_000);
  const files = htmlFiles(CLIENT_DIR);
  // Every prerendered route is checked (the 404 page is live-rendered: saved below).
  for (const route of AUDIT_ROUTES.filter((r) => r.status === 200)) {
    expect(existsSync(join(CLIENT_DIR, prerenderedFile(route.path))), route.path).toBe(true);
  }

  const dir = mkdtempSync(join(tmpdir(), "vnu-"));
  try {
    const notFound = await request.get(NOT_FOUND_PATH);
    expect(notFound.status()).toBe(404);
    const notFoundFile = join(dir, "404.html");
    writeFileSync(notFoundFile, await notFound.body());

    const { stdout } = await promisify(execFile)(
      "java",
      ["-jar", VNU_JAR, "--format", "json", "--stdout", ...files, notFoundFile],
      // vnu exits 1 when it reports errors; the JSON is what we judge, so read it either way.
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      if (!error.stdout) throw new Error(`vnu failed to run: ${error.stderr ?? error}`);
      return { stdout: error.stdout };
    });
    const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
    const name = (url = "") => {
      const path = decodeURIComponent(url.replace(/^file:/, ""));
      return path === notFoundFile ? `404 page (${NOT_FOUND_PATH})` : relative(CLIENT_DIR, path);
    };
    const errors = messages
      .filter((m) => m.type !== "info")
      .map((m) => `${name(m.url)}:${m.lastLine ?? "?"}: ${m.message} [${m.extract ?? ""}]`);
    const warnings = messages.filter((m) => m.type === "info" && m.subType === "warning");
    if (warnings.length > 0) {
      console.log(
        `vnu warnings (not failing):\n${warnings.map((m) => `${name(m.url)}: ${m.message}`).join("\n")}`,
      );
    }
    expect(errors, `${files.length + 1} documents checked`).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
