// A render thread: React Router's handler for everything that isn't a prerendered file
// (404s, a no-JavaScript form re-rendered with its errors, the API, the inbox). React renders
// synchronously, so doing it here keeps the main thread free to answer static pages at once.
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ServerHooks } from "../app/entry.server.tsx";
import type { FromThread, RenderJob, ToThread } from "./render-pool.ts";
import { finishRender, isStreamed, streamRender } from "./rendered.ts";

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
const post = (message: FromThread, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

/** Streamed answers under way: each waits for the main thread to ask for its next piece. */
const streams = new Map<number, { pull(): void; cancel(): void }>();

const errorText = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

async function sendStream(id: number, response: Response, job: RenderJob) {
  const { head, body, cancel } = streamRender(response, job.encoding);
  let wanted: (() => void) | undefined;
  let cancelled = false;
  streams.set(id, {
    pull: () => wanted?.(),
    cancel: () => {
      cancelled = true;
      cancel();
      wanted?.();
    },
  });
  try {
    // One piece per request from the main thread: it asks once the client has taken the last.
    const next = () => new Promise<void>((resolve) => (wanted = resolve));
    let asked = next();
    post({ id, head });
    for await (const piece of body) {
      await asked;
      if (cancelled) return;
      asked = next();
      // Copied into memory of its own so it can move without a copy (zlib's may share a pool).
      const chunk = new Uint8Array(piece);
      post({ id, chunk }, [chunk.buffer as ArrayBuffer]);
    }
    await asked;
    if (!cancelled) post({ id, end: true });
  } catch (error) {
    if (!cancelled) post({ id, error: errorText(error) });
  } finally {
    streams.delete(id);
    cancel();
  }
}

async function render(job: RenderJob) {
  try {
    const request = new Request(job.url, {
      method: job.method,
      headers: job.headers,
      body: job.body && job.body.byteLength > 0 ? new Uint8Array(job.body) : undefined,
    });
    const context = new RouterContextProvider();
    context.set(hooks.clientInfoContext, job.client);
    if (job.upload) context.set(hooks.photos.context, job.upload);
    const response = await handle(request, context);
    if (isStreamed(response)) return await sendStream(job.id, response, job);
    const rendered = await finishRender(response, job.encoding, "sync");
    // The body moves to the main thread without a copy. The identity body owns its memory;
    // zlib's output may be a view of a pool other buffers share (moving that pool would empty
    // them), so it is copied into memory of its own first.
    if (rendered.encoding !== "identity") rendered.body = new Uint8Array(rendered.body);
    post({ id: job.id, rendered }, [rendered.body.buffer as ArrayBuffer]);
  } catch (error) {
    post({ id: job.id, error: errorText(error) });
  }
}

port.on("message", (message: ToThread) => {
  switch (message.type) {
    case "render":
      void render(message);
      break;
    case "pull":
      streams.get(message.id)?.pull();
      break;
    case "cancel":
      streams.get(message.id)?.cancel();
      break;
    case "ping":
      // Answered between renders: a thread that can answer isn't stuck.
      post({ pong: message.seq });
      break;
  }
});
post({ ready: true });
