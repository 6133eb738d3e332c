// The app's copy and business modules use two Vite features that Playwright's own TypeScript
// loader does not know: `import x from "./art.svg"` and `import.meta.env`. This module teaches
// the loader both (a synchronous module hook, Node >= 22.15), then loads the modules, so the
// tests read the very data the pages are built from instead of a copy of it.
// Import business facts and copy from here; landing-pages.ts and navigation.ts have neither
// feature and can be imported directly.
import { existsSync, readFileSync } from "node:fs";
import { registerHooks } from "node:module";
import { resolve } from "node:path";
import { parseEnv } from "node:util";

/** The VITE_ settings a production build sees: .env files, then the real environment. */
function buildEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const file of [".env", ".env.local", ".env.production", ".env.production.local"]) {
    const path = resolve(file);
    if (existsSync(path)) Object.assign(env, parseEnv(readFileSync(path, "utf8")));
  }
  Object.assign(env, process.env);
  const vite = Object.entries(env).filter(
    (entry): entry is [string, string] => entry[0].startsWith("VITE_") && entry[1] !== undefined,
  );
  return { ...Object.fromEntries(vite), MODE: "production", PROD: "true" };
}

const APP_URL = new URL("../../app/", import.meta.url).href;
const ENV_PRELUDE = `import.meta.env = ${JSON.stringify(buildEnv())};`;

if (typeof registerHooks !== "function") {
  throw new Error(
    "module.registerHooks is missing: run Playwright with the project's Node 24 (npx).",
  );
}

registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith(APP_URL) && url.endsWith(".svg")) {
      // Vite turns an asset import into its public URL; the file's own URL stands in for it.
      return {
        format: "module",
        source: `export default ${JSON.stringify(url)};`,
        shortCircuit: true,
      };
    }
    const loaded = nextLoad(url, context);
    if (!url.startsWith(APP_URL) || loaded.source === undefined || loaded.source === null) {
      return loaded;
    }
    const source = String(loaded.source);
    if (!source.includes("import.meta.env")) return loaded;
    // Kept on the first line so stack traces still point at the right lines.
    return { ...loaded, source: `${ENV_PRELUDE}${source}` };
  },
});

export const BUSINESS_MODULE = await import("../../app/content/business");
export const COPY = await import("../../app/content/landing-copy");
export const PRIVACY = await import("../../app/content/privacy-policy");

export const { BUSINESS, FIGURES, HOURS, ADDRESS_LINE, EMERGENCY_LINE, TRACKING } = BUSINESS_MODULE;
export const { PRIVACY_POLICY } = PRIVACY;
