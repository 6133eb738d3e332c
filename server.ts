// Production entry: `npm start` builds, then runs this with the project's own Node (24).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { startServer } from "./server/http-server.ts";

// BUILD_DIR picks another build (CI also builds one with ads tracking on).
const buildDir = process.env.BUILD_DIR || "build";
const entry = new URL(`./${buildDir}/server/index.js`, import.meta.url);
if (!existsSync(entry)) {
  console.error("No build found. Run `npm run build` first (or just `npm start`).");
  process.exit(1);
}
const build = (await import(entry.href)) as ServerBuild;
await startServer({
  build,
  entry: entry.href,
  clientDir: fileURLToPath(new URL(`./${buildDir}/client/`, import.meta.url)),
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST || undefined,
});
