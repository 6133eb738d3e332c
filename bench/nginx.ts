// nginx as the yardstick: the same prerendered file, served by nginx from a temp folder on a
// free localhost port, one worker process (our Node server is one process too).
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NGINX_PATH, nginxAvailable } from "../tests/support/nginx-proxy.ts";
import { freePort } from "../tests/support/spawn-server.ts";

export { NGINX_PATH, nginxAvailable };

export interface RunningNginx {
  url: string;
  version: string;
  stop(): Promise<void>;
}

async function versionOf(): Promise<string> {
  const child = spawn(NGINX_PATH, ["-v"], { stdio: ["ignore", "ignore", "pipe"] });
  let text = "";
  child.stderr?.on("data", (chunk) => {
    text += chunk;
  });
  await once(child, "exit");
  return text.trim().replace(/^nginx version:\s*/, "");
}

/** Serves `htmlFile` at "/" (as index.html), like our server serves the prerendered page. */
export async function startNginx(htmlFile: string): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), "bench-nginx-"));
  const root = join(dir, "root");
  const port = await freePort();
  // nginx's workers run as "nobody": the folder must be readable by everyone.
  chmodSync(dir, 0o755);
  mkdirSync(root, { mode: 0o755 });
  copyFileSync(htmlFile, join(root, "index.html"));
  chmodSync(join(root, "index.html"), 0o644);

  const config = `
daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  types { text/html html; }
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.html;
  }
}
`;
  const configFile = join(dir, "nginx.conf");
  writeFileSync(configFile, config);
  const child: ChildProcess = spawn(
    NGINX_PATH,
    ["-c", configFile, "-p", dir, "-e", `${dir}/error.log`],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = once(child, "exit");
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      const response = await fetch(`${url}/`);
      if (response.status !== 200) throw new Error(`nginx answered ${response.status}`);
      break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`nginx did not start: ${error} ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    version: await versionOf(),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGQUIT: graceful shutdown of the master and its worker.
        child.kill("SIGQUIT");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
