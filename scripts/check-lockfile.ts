// `npm test` runs this first: package.json and package-lock.json must name the same
// dependencies at the same versions, or `npm ci` (CI, and a newcomer on any platform) refuses
// to install. Offline and instant, unlike asking npm to re-resolve the tree.
import { readFileSync } from "node:fs";

type Deps = Record<string, string>;
const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
  dependencies?: Deps;
  devDependencies?: Deps;
  optionalDependencies?: Deps;
};
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  lockfileVersion: number;
  packages: Record<string, { version?: string } & typeof manifest>;
};

const problems: string[] = [];
if (lock.lockfileVersion < 3) problems.push(`lockfileVersion ${lock.lockfileVersion}, want 3`);
const root = lock.packages[""] ?? {};
for (const field of ["dependencies", "devDependencies", "optionalDependencies"] as const) {
  const wanted = manifest[field] ?? {};
  const locked = root[field] ?? {};
  for (const name of new Set([...Object.keys(wanted), ...Object.keys(locked)])) {
    if (wanted[name] !== locked[name]) {
      problems.push(`${field}.${name}: package.json ${wanted[name]}, lock ${locked[name]}`);
      continue;
    }
    const installed = lock.packages[`node_modules/${name}`]?.version;
    // Versions here are exact: what package.json pins is what the lock installs.
    if (/^\d+\.\d+\.\d+/.test(wanted[name] ?? "") && installed !== wanted[name]) {
      problems.push(`${name}: package.json pins ${wanted[name]}, lock installs ${installed}`);
    }
  }
}
// Other platforms' builds of native tools, which npm ci needs on macOS and Windows.
for (const name of ["@biomejs/cli-darwin-arm64", "@biomejs/cli-win32-x64"]) {
  if (!lock.packages[`node_modules/${name}`]) problems.push(`${name} missing from the lock`);
}

if (problems.length > 0) {
  console.error(
    `package-lock.json disagrees with package.json:\n  ${problems.join("\n  ")}\n` +
      "Run `npm install` and commit both files.",
  );
  process.exit(1);
}
console.log("package-lock.json matches package.json");
