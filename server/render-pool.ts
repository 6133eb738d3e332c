// Hands React Router's work to render threads (server/render-worker.ts) and their answers back.
// A thread that dies fails only the requests it held (the visitor's retry, with the same
// idempotency key, finds anything that was stored) and is replaced.
import { Worker } from "node:worker_threads";
import type { Rendered } from "./rendered.ts";
import type { Encoding } from "./responses.ts";

export interface RenderJob {
  id: number;
  url: string;
  method: string;
  headers: [string, string][];
  body?: Uint8Array;
  client: { ip: string; userAgent: string };
  /** The encoding this client gets, so the thread compresses the answer in it. */
  encoding: Encoding;
}

export type RenderResult = { id: number } & ({ rendered: Rendered } | { error: string });

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve(r: RenderResult): void; reject(e: Error): void }>;
}

export class RenderPool {
  readonly #entry: string;
  readonly #threads: Thread[] = [];
  #nextId = 1;
  #closing = false;

  constructor(entry: string, size: number) {
    this.#entry = entry;
    for (let i = 0; i < size; i++) this.#threads.push(this.#spawn());
  }

  #spawn(): Thread {
    const worker = new Worker(new URL("./render-worker.ts", import.meta.url), {
      workerData: { entry: this.#entry },
    });
    const thread: Thread = { worker, pending: new Map() };
    worker.on("message", (message: RenderResult | { ready: true }) => {
      if (!("id" in message)) return;
      const waiting = thread.pending.get(message.id);
      thread.pending.delete(message.id);
      waiting?.resolve(message);
    });
    const fail = (error: Error) => {
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
      if (this.#closing) return;
      const index = this.#threads.indexOf(thread);
      if (index >= 0) this.#threads[index] = this.#spawn();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`render thread exited (${code})`)));
    return thread;
  }

  /** The least busy thread renders it. */
  render(job: Omit<RenderJob, "id">): Promise<RenderResult> {
    const thread = this.#threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.#nextId++;
    return new Promise<RenderResult>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      const transfer = job.body ? [job.body.buffer as ArrayBuffer] : [];
      thread.worker.postMessage({ ...job, id }, transfer);
    });
  }

  async close(): Promise<void> {
    this.#closing = true;
    await Promise.all(this.#threads.map(({ worker }) => worker.terminate()));
  }
}
