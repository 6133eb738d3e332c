// Production entry: `npm start` builds, then runs this with the project's own Node (24), as
// `node --single-threaded-gc server.ts`. That flag has each thread collect its own garbage:
// V8's helper threads run at normal priority and serve every thread in the process, so the
// render threads' collections (they make most of the garbage) competed with the thread serving
// the static pages, and that thread's own collections waited for helpers busy elsewhere
// (issue 11, docs/decisions/010-scale-out.md). It must be on the command line: V8 applies it
// only at start-up, and Node takes no V8 flag from NODE_OPTIONS.
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
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || undefined;

// `npm start` means a person at a terminal: say where things are, in plain words, before the
// JSON log begins (and on stderr, so stdout stays one JSON object a line). Started any other
// way (a process manager, `npm run serve`, the tests) the output is the log alone.
if (process.env.npm_lifecycle_event === "start") {
  const hooks = (build.entry.module as { serverHooks?: { env?: { SITE_URL?: string } } })
    .serverHooks;
  process.stderr.write(startMessage(port, host, hooks?.env?.SITE_URL));
}

await startServer({
  build,
  entry: entry.href,
  clientDir: fileURLToPath(new URL(`./${buildDir}/client/`, import.meta.url)),
  port,
  host,
});

function startMessage(onPort: number, onHost: string | undefined, siteUrl: string | undefined) {
  const anyAddress = !onHost || onHost === "0.0.0.0" || onHost === "::";
  const shownHost = anyAddress ? "localhost" : onHost.includes(":") ? `[${onHost}]` : onHost;
  const local = `http://${shownHost}:${onPort}`;
  return [
    `Starting the site at ${local}${siteUrl ? ` (public address ${siteUrl})` : ""}`,
    `  The inbox for your leads: ${local}/admin`,
    "  First time? Make your account: npm run admin -- add-user you@example.com",
    ...(siteUrl
      ? []
      : [
          "  Alert links need SITE_URL in production (SITE_URL=https://your-domain in .env); without it they use the address each lead came in on.",
        ]),
    "",
  ].join("\n");
}
