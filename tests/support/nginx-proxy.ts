// Debian's nginx in front of our servers, as production runs: the shipped deploy/nginx.conf
// with only its "test:" lines swapped for local ports, a throwaway certificate and temp paths.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "./spawn-server.ts";

export const NGINX_PATH = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export interface ProxyOptions {
  /** Ports of our servers on 127.0.0.1. */
  upstreams: number[];
  /**
   * "visitor" keeps deploy/nginx.conf as shipped. "upstream" is the common mistake of a proxy
   * that sends its upstream's name as Host (nginx's default) and no X-Forwarded-Host.
   */
  host?: "visitor" | "upstream";
  /** The HTTPS port, when a server must know its public origin before the proxy starts. */
  httpsPort?: number;
}

export interface RunningProxy {
  /** https://localhost:PORT, the origin a visitor's browser is on. */
  httpsUrl: string;
  httpUrl: string;
  stop(): Promise<void>;
}

export function nginxAvailable(): boolean {
  return existsSync(NGINX_PATH);
}

/** CI sets REQUIRE_NGINX=1: there, a missing nginx fails the proxy tests instead of skipping them. */
export const REQUIRE_NGINX = process.env.REQUIRE_NGINX === "1";
export const NO_NGINX = `nginx is not installed at ${NGINX_PATH} (apt-get install nginx)`;

/** Whether to skip the tests that need nginx; throws where it is required (CI). */
export function skipWithoutNginx(): boolean {
  if (nginxAvailable()) return false;
  if (REQUIRE_NGINX) throw new Error(`${NO_NGINX}; REQUIRE_NGINX=1 makes this a failure`);
  return true;
}

function swap(config: string, marker: string, replacement: (line: string) => string): string {
  const lines = config.split("\n");
  let found = false;
  const out = lines.map((line) => {
    if (!line.includes(`# test: ${marker}`)) return line;
    found = true;
    return replacement(line);
  });
  if (!found) throw new Error(`deploy/nginx.conf has no "# test: ${marker}" line`);
  return out.join("\n");
}

export async function startProxy({
  upstreams,
  host = "visitor",
  ...ports
}: ProxyOptions): Promise<RunningProxy> {
  const dir = mkdtempSync(join(tmpdir(), "proxy-nginx-"));
  chmodSync(dir, 0o755);
  const httpsPort = ports.httpsPort ?? (await freePort());
  const httpPort = await freePort();
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );

  let site = readFileSync(resolve("deploy/nginx.conf"), "utf8");
  let upstreamLines = 0;
  site = swap(site, "upstream", () =>
    upstreamLines++ === 0
      ? upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n")
      : "",
  );
  site = swap(site, "https", () => `    listen 127.0.0.1:${httpsPort} ssl http2;`);
  site = swap(site, "http", () => `    listen 127.0.0.1:${httpPort};`);
  site = swap(site, "cert", () => `    ssl_certificate ${cert};`);
  site = swap(site, "key", () => `    ssl_certificate_key ${key};`);
  if (host === "upstream") {
    site = site
      .replaceAll("proxy_set_header Host $http_host;", "proxy_set_header Host $proxy_host;")
      .replaceAll("proxy_set_header X-Forwarded-Host $http_host;", "");
  }

  const config = `
daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
  const configFile = join(dir, "nginx.conf");
  writeFileSync(configFile, config);
  const child: ChildProcess = spawn(NGINX_PATH, ["-p", dir, "-c", configFile], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = once(child, "exit");

  const httpUrl = `http://localhost:${httpPort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      await fetch(httpUrl, { redirect: "manual" });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`nginx did not start: ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    httpsUrl: `https://localhost:${httpsPort}`,
    httpUrl,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
