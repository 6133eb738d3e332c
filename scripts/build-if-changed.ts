// `npm start`'s prestart: builds the site only when something the build reads has changed
// since the last build, and quietly. The build takes the better part of a minute and prints
// pages of Vite's output; a restart with nothing changed should take neither. The build's
// output goes to build/build.log, and to the terminal only when the build fails.
//
// What the build reads: app/, server/, public/, the Vite and React Router configs, the
// lockfile and package.json, and the VITE_ settings (from the environment and the .env files
// Vite loads). Their paths, sizes and modification times, with those settings, make a stamp
// kept beside the build; the same stamp next time means the same build. A changed time with
// unchanged content (a checkout) rebuilds, which is only slower, never wrong.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const INPUT_DIRS = ["app", "server", "public"];
const INPUT_FILES = [
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
  "package.json",
  "tsconfig.json",
];
/** The files Vite reads VITE_ settings from in a production build. */
const ENV_FILES = [".env", ".env.local", ".env.production", ".env.production.local"];
const STAMP_FILE = ".inputs-stamp";
/** Tests sit beside their source but are no part of the build. */
const NOT_INPUT = /\.test\.tsx?$/;

function filesUnder(dir: string, into: string[]): void {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(path, into);
    else if (entry.isFile() && !NOT_INPUT.test(entry.name)) into.push(path);
  }
}

/** A digest of everything the build reads, as it is now. */
export function inputsStamp(root: string, env: NodeJS.ProcessEnv): string {
  const hash = createHash("sha256");
  const files: string[] = [];
  for (const dir of INPUT_DIRS) filesUnder(join(root, dir), files);
  for (const file of INPUT_FILES) if (existsSync(join(root, file))) files.push(join(root, file));
  for (const file of files.sort()) {
    const stat = statSync(file);
    const name = relative(root, file).split(sep).join("/");
    hash.update(`file ${name} ${stat.size} ${stat.mtimeMs}\n`);
  }
  for (const file of ENV_FILES) {
    let text = "";
    try {
      text = readFileSync(join(root, file), "utf8");
    } catch {
      continue;
    }
    const settings = text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => /^(export\s+)?VITE_/.test(line));
    hash.update(`env-file ${file}\n${settings.join("\n")}\n`);
  }
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith("VITE_"))
    .sort()) {
    hash.update(`env ${name}=${env[name]}\n`);
  }
  return hash.digest("hex");
}

export function buildDirectory(root: string, env: NodeJS.ProcessEnv): string {
  return resolve(root, env.BUILD_DIR || "build");
}

export interface BuildDecision {
  build: boolean;
  reason: string;
  stamp: string;
}

/**
 * The build's own identity: its server entry's modification time. A build made some other
 * way (`npm run build`, with other VITE_ settings perhaps) changes it, so the stamp beside
 * it no longer speaks for it.
 */
function outputMark(dir: string): string {
  return String(statSync(join(dir, "server", "index.js")).mtimeMs);
}

/** Whether the build in `root` is out of date, and why. */
export function buildDecision(root: string, env: NodeJS.ProcessEnv): BuildDecision {
  const dir = buildDirectory(root, env);
  const stamp = inputsStamp(root, env);
  if (!existsSync(join(dir, "server", "index.js"))) {
    return { build: true, reason: "there is no build yet", stamp };
  }
  let previous: string;
  try {
    previous = readFileSync(join(dir, STAMP_FILE), "utf8").trim();
  } catch {
    return { build: true, reason: "the last build left no record of its inputs", stamp };
  }
  return previous === `${stamp} ${outputMark(dir)}`
    ? { build: false, reason: "nothing changed since the last build", stamp }
    : { build: true, reason: "something changed since the last build", stamp };
}

/** After a build that succeeded: what it was built from (the stamp taken before it began). */
export function recordBuild(root: string, env: NodeJS.ProcessEnv, stamp: string): void {
  const dir = buildDirectory(root, env);
  writeFileSync(join(dir, STAMP_FILE), `${stamp} ${outputMark(dir)}\n`);
}

function main(): number {
  const root = process.cwd();
  const env = process.env;
  const decision = buildDecision(root, env);
  if (!decision.build) return 0;
  console.log(`Building the site (${decision.reason}); this takes under a minute…`);
  const started = Date.now();
  const result = spawnSync("npm", ["run", "--silent", "build"], {
    cwd: root,
    env,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  const dir = buildDirectory(root, env);
  mkdirSync(dir, { recursive: true });
  const log = join(dir, "build.log");
  writeFileSync(log, output);
  if (result.status !== 0) {
    process.stderr.write(output);
    console.error(
      `\nThe build failed${result.error ? ` (${result.error.message})` : ""}; its output is above and in ${relative(root, log)}.`,
    );
    return result.status || 1;
  }
  recordBuild(root, env, decision.stamp);
  console.log(
    `Built in ${Math.round((Date.now() - started) / 1000)} s (details in ${relative(root, log)}).`,
  );
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
