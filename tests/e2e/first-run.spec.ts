// The first run: `npm start` says where the site and the inbox are, and how to make the first
// account, and builds only when something the build reads has changed
// (scripts/build-if-changed.ts). Server-level, so desktop only.
import { execFile } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { buildDecision, recordBuild } from "../../scripts/build-if-changed";
import { scratchSqlite } from "../support/db-helpers";
import { type RunningServer, spawnServer } from "../support/spawn-server";

test.beforeEach(() => {
  test.skip(test.info().project.name !== "desktop", "server-level");
});

/** A project with the inputs the real one has; the build is a stand-in that counts its runs. */
function scratchProject(): { root: string; runs(): number; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), "roof-build-"));
  for (const dir of ["app/routes", "server", "public"])
    mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, "app/root.tsx"), "export default 1;\n");
  writeFileSync(join(root, "app/routes/home.tsx"), "export default 2;\n");
  writeFileSync(join(root, "app/root.test.ts"), "// a test, no part of the build\n");
  writeFileSync(join(root, "server/http.ts"), "export {};\n");
  writeFileSync(join(root, "public/favicon.svg"), "<svg/>\n");
  writeFileSync(join(root, "vite.config.ts"), "export default {};\n");
  writeFileSync(join(root, "package-lock.json"), "{}\n");
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({ name: "scratch", private: true, scripts: { build: "node build.mjs" } }),
  );
  // Noisy like Vite, and failing when told to.
  writeFileSync(
    join(root, "build.mjs"),
    `import { appendFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
appendFileSync("runs.txt", "x");
console.log("vite v8 building ssr environment for production...");
if (existsSync("break-the-build")) { console.error("error TS2304: Cannot find name 'oops'"); process.exit(2); }
mkdirSync("build/server", { recursive: true });
writeFileSync("build/server/index.js", "export {};\\n");
console.log("✓ built in 38.2s");
`,
  );
  return {
    root,
    runs: () => {
      try {
        return readFileSync(join(root, "runs.txt"), "utf8").length;
      } catch {
        return 0;
      }
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Moves a file's modification time on, as an edit would. */
function touch(file: string): void {
  const later = new Date(statSync(file).mtimeMs + 5_000);
  utimesSync(file, later, later);
}

function runScript(root: string, env: Record<string, string> = {}) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [resolve("scripts/build-if-changed.ts")],
      { cwd: root, env: { ...process.env, ...env }, encoding: "utf8", timeout: 60_000 },
      (error, stdout, stderr) =>
        done({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test.describe("building only when something changed", () => {
  test("the decision: no build, then up to date, then each kind of input changed", () => {
    const project = scratchProject();
    const { root } = project;
    const env = { PATH: process.env.PATH ?? "" };
    try {
      expect(buildDecision(root, env)).toMatchObject({ build: true, reason: /no build yet/ });
      mkdirSync(join(root, "build/server"), { recursive: true });
      writeFileSync(join(root, "build/server/index.js"), "");
      expect(buildDecision(root, env)).toMatchObject({ build: true, reason: /no record/ });
      const built = () => recordBuild(root, env, buildDecision(root, env).stamp);
      built();
      expect(buildDecision(root, env)).toMatchObject({ build: false });

      // Another environment variable, or a test file, changes nothing the build reads.
      expect(buildDecision(root, { ...env, DATABASE_URL: "file:elsewhere.db" }).build).toBe(false);
      touch(join(root, "app/root.test.ts"));
      expect(buildDecision(root, env).build).toBe(false);

      for (const change of [
        () => touch(join(root, "app/routes/home.tsx")),
        () => touch(join(root, "server/http.ts")),
        () => touch(join(root, "public/favicon.svg")),
        () => touch(join(root, "vite.config.ts")),
        () => touch(join(root, "package-lock.json")),
        () => writeFileSync(join(root, "app/routes/new.tsx"), "export default 3;\n"),
        () => rmSync(join(root, "app/routes/new.tsx")),
        () => writeFileSync(join(root, ".env"), "VITE_BUSINESS_NAME=Other Roofing\n"),
      ]) {
        change();
        expect(buildDecision(root, env).build, String(change)).toBe(true);
        built();
        expect(buildDecision(root, env).build).toBe(false);
      }
      // A server setting in .env is read at start-up, not built in.
      writeFileSync(join(root, ".env"), "VITE_BUSINESS_NAME=Other Roofing\nPORT=4000\n");
      expect(buildDecision(root, env).build).toBe(false);
      // A VITE_ setting from the environment is built in.
      expect(buildDecision(root, { ...env, VITE_GOOGLE_ADS_ID: "AW-1" }).build).toBe(true);

      // A build made some other way (`npm run build`) since: the stamp no longer speaks for it.
      touch(join(root, "build/server/index.js"));
      expect(buildDecision(root, env).build).toBe(true);
      built();
      expect(buildDecision(root, env).build).toBe(false);

      rmSync(join(root, "build/server/index.js"));
      expect(buildDecision(root, env)).toMatchObject({ build: true, reason: /no build yet/ });
    } finally {
      project.remove();
    }
  });

  test("the script: builds quietly, skips the second time, rebuilds after a change, shows a failure", async () => {
    const project = scratchProject();
    try {
      const first = await runScript(project.root);
      expect(first.status).toBe(0);
      expect(project.runs()).toBe(1);
      // The build's own output goes to the log, not the terminal.
      expect(first.stdout).not.toContain("vite v8");
      expect(first.stdout.trim().split("\n").length).toBeLessThanOrEqual(2);
      expect(readFileSync(join(project.root, "build/build.log"), "utf8")).toContain("built in");

      const second = await runScript(project.root);
      expect(second).toMatchObject({ status: 0, stdout: "", stderr: "" });
      expect(project.runs()).toBe(1);

      touch(join(project.root, "app/root.tsx"));
      expect((await runScript(project.root)).status).toBe(0);
      expect(project.runs()).toBe(2);

      writeFileSync(join(project.root, "break-the-build"), "");
      touch(join(project.root, "app/root.tsx"));
      const broken = await runScript(project.root);
      expect(broken.status).not.toBe(0);
      expect(broken.stderr).toContain("error TS2304: Cannot find name 'oops'");
      expect(broken.stderr).toContain("The build failed");
      // A failed build is no record: the next start tries again.
      rmSync(join(project.root, "break-the-build"));
      expect((await runScript(project.root)).status).toBe(0);
      expect(project.runs()).toBe(4);
    } finally {
      project.remove();
    }
  });
});

test.describe("what npm start says", () => {
  const servers: RunningServer[] = [];
  test.afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
  });

  test("where the site and the inbox are, the first account's command, and SITE_URL when unset", async () => {
    const db = scratchSqlite("first-run");
    try {
      const server = await spawnServer({ DATABASE_URL: db.url, npm_lifecycle_event: "start" });
      servers.push(server);
      const lines = server.stderr().split("\n");
      expect(lines.slice(0, 4)).toEqual([
        `Starting the site at http://localhost:${server.port}`,
        `  The inbox for your leads: http://localhost:${server.port}/admin`,
        "  First time? Make your account: npm run admin -- add-user you@example.com",
        expect.stringMatching(/^ {2}Alert links need SITE_URL in production/),
      ]);
      // stdout stays the JSON log.
      for (const line of server.stdout().split("\n").filter(Boolean)) {
        expect(() => JSON.parse(line), line).not.toThrow();
      }

      const configured = await spawnServer({
        DATABASE_URL: db.url,
        npm_lifecycle_event: "start",
        SITE_URL: "https://www.roofs.example",
      });
      servers.push(configured);
      expect(configured.stderr()).toContain("(public address https://www.roofs.example)");
      expect(configured.stderr()).not.toContain("SITE_URL");

      // Started any other way, nothing but the log.
      const plain = await spawnServer({ DATABASE_URL: db.url });
      servers.push(plain);
      expect(plain.stderr()).toBe("");
    } finally {
      await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
      db.remove();
    }
  });
});
