// A render thread: React Router's handler for everything that isn't a prerendered file
// (404s, a no-JavaScript form re-rendered with its errors, the API, the inbox). React renders
// synchronously, so doing it here keeps the main thread free to answer static pages at once.
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ServerHooks } from "../app/entry.server.tsx";
import type { RenderJob, RenderResult } from "./render-pool.ts";
import { finishRender } from "./rendered.ts";

const { entry } = workerData as { entry: string };
// On Linux a thread has its own niceness, and pid 0 means this thread: renders yield the CPU to
// the main thread's static pages when both want it. Elsewhere this may apply to the process
// or fail; then it is left as it is.
try {
  if (process.platform === "linux") setPriority(0, 10);
} catch {}
const build = (await import(entry)) as ServerBuild;
const hooks = (build.entry.module as unknown as { serverHooks: ServerHooks }).serverHooks;
const handle = createRequestHandler(build, process.env.NODE_ENV ?? "production");
const port = parentPort;
if (!port) throw new Error("render-worker.ts runs as a worker thread");

port.on("message", async (job: RenderJob) => {
  try {
    const request = new Request(job.url, {
      method: job.method,
      headers: job.headers,
      body: job.body && job.body.byteLength > 0 ? new Uint8Array(job.body) : undefined,
    });
    const context = new RouterContextProvider();
    context.set(hooks.clientInfoContext, job.client);
    const rendered = await finishRender(await handle(request, context), job.encoding, "sync");
    // The body moves to the main thread without a copy. The identity body owns its memory;
    // zlib's output may be a view of a pool other buffers share (moving that pool would empty
    // them), so it is copied into memory of its own first.
    if (rendered.encoding !== "identity") rendered.body = new Uint8Array(rendered.body);
    port.postMessage({ id: job.id, rendered } satisfies RenderResult, [
      rendered.body.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    port.postMessage({
      id: job.id,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    } satisfies RenderResult);
  }
});
port.postMessage({ ready: true });
