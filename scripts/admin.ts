// `npm run admin -- COMMAND` (see app/server/accounts/cli.server.ts for the commands).
//
// The app's server code is written for Vite: extensionless relative imports and the "~/"
// alias. Rather than a second build for one small command, these resolve hooks let Node's own
// TypeScript support load it as it is.

import { existsSync } from "node:fs";
import { registerHooks } from "node:module";
import { stderr, stdin, stdout } from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

const appDir = fileURLToPath(new URL("../app/", import.meta.url));

registerHooks({
  resolve(specifier, context, nextResolve) {
    let target = specifier;
    if (target.startsWith("~/")) target = pathToFileURL(appDir + target.slice(2)).href;
    const isRelative = target.startsWith(".") || target.startsWith("file:");
    if (isRelative && !/\.[cm]?[jt]sx?$/.test(target)) {
      const base = new URL(target, context.parentURL);
      for (const ext of [".ts", ".tsx"]) {
        const candidate = new URL(`${base.href}${ext}`);
        if (existsSync(candidate)) return nextResolve(candidate.href, context);
      }
    }
    return nextResolve(target, context);
  },
});

/** The password: from standard input when piped, else asked for twice without echo. */
async function readPassword(prompt: string): Promise<string> {
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString("utf8")
      .replace(/\r?\n$/, "");
  }
  const first = await askHidden(prompt);
  const second = await askHidden("Again, to be sure: ");
  if (first !== second) {
    stderr.write("The two passwords differ.\n");
    process.exit(1);
  }
  return first;
}

function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const onData = (chars: string) => {
      for (const char of chars) {
        if (char === "\r" || char === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          stdout.write("\n");
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          stdin.setRawMode(false);
          stdout.write("\n");
          process.exit(130);
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on("data", onData);
  });
}

const { runAdminCommand } = await import("../app/server/accounts/cli.server.ts");
process.exitCode = await runAdminCommand(process.argv.slice(2), {
  readPassword,
  out: (line) => stdout.write(`${line}\n`),
  err: (line) => stderr.write(`${line}\n`),
});
