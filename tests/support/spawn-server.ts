import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { resolve } from "node:path";

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  stdout(): string;
  /** SIGTERM (graceful) by default; SIGKILL to simulate a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * Starts the built server (`node --single-threaded-gc server.ts`, i.e. what `npm start` runs
 * after building) as a separate process with its own settings, and waits until /healthz
 * answers (any status).
 * Uses "localhost" so that the browser's Origin matches the Host header.
 */
export async function spawnServer(
  env: Record<string, string> = {},
  /**
   * A port of the caller's choosing, e.g. to restart a server where a proxy expects it;
   * Node flags to add, e.g. `--import` of a test-only module.
   */
  options: { port?: number; nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const child = spawn(
    process.execPath,
    ["--single-threaded-gc", ...(options.nodeArgs ?? []), resolve("server.ts")],
    {
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let err = "";
  let out = "";
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  child.stdout?.on("data", (chunk) => {
    out += chunk;
  });
  const exited = once(child, "exit");

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${err}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`server did not start: ${err}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return {
    url,
    port,
    process: child,
    stderr: () => err,
    stdout: () => out,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}
