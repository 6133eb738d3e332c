// Hands React Router's work to render threads (server/render-worker.ts) and their answers back,
// within limits (issue 19): at most RENDER_QUEUE_MAX renders in flight (past it a request is
// refused at once, instead of waiting behind work that can't finish in time), and
// RENDER_TIMEOUT_MS for each answer, or each piece of a streamed one. A render past its time is
// refused, and its thread asked whether it is alive: one that doesn't answer within another
// RENDER_TIMEOUT_MS is stuck in synchronous code and is terminated. A thread that dies or is
// terminated fails only the requests it held (refused with 503: the visitor's retry, with the
// same idempotency key, finds anything that was stored) and is replaced at once.
import { Worker } from "node:worker_threads";
import type { ParsedUpload } from "../app/server/photos/upload.server.ts";
import type { Rendered, StreamHead } from "./rendered.ts";
import { finishRender, isStreamed, streamRender } from "./rendered.ts";
import type { Encoding } from "./responses.ts";

export interface RenderJob {
  type: "render";
  id: number;
  url: string;
  method: string;
  headers: [string, string][];
  body?: Uint8Array;
  client: { ip: string; userAgent: string };
  /** A photo upload the main thread has read and processed (only re-encoded photos cross). */
  upload?: ParsedUpload;
  /** The encoding this client gets, so the thread compresses the answer in it. */
  encoding: Encoding;
}

export type RenderRequest = Omit<RenderJob, "id" | "type">;

/** From the main thread to a render thread. */
export type ToThread =
  | RenderJob
  /** A streamed answer: send the next piece (the client has taken the last). */
  | { type: "pull"; id: number }
  /** A streamed answer nobody wants any more (the client left, or it ran out of time). */
  | { type: "cancel"; id: number }
  | { type: "ping"; seq: number };

/** From a render thread to the main thread. */
export type FromThread =
  | { ready: true }
  | { pong: number }
  | { id: number; rendered: Rendered }
  | { id: number; error: string }
  | { id: number; head: StreamHead }
  | { id: number; chunk: Uint8Array }
  | { id: number; end: true };

/** A streamed answer: its head now, its body a piece at a time. */
export interface RenderStream {
  head: StreamHead;
  /** The next piece, or undefined at the end. Rejects when the render fails or stalls. */
  next(): Promise<Uint8Array | undefined>;
  /** Stops it (the client left); safe to call at any time, also after the end. */
  cancel(): void;
}

export type RenderOutcome = { rendered: Rendered } | { stream: RenderStream };

/**
 * The render was not done, through no fault of the request: too many in flight, out of time,
 * or its thread died. Answered 503 with Retry-After.
 */
export class RenderRefused extends Error {
  readonly reason: "busy" | "timeout" | "thread_died";
  readonly retryAfterSeconds: number;
  constructor(reason: RenderRefused["reason"], retryAfterSeconds: number) {
    super(`render refused: ${reason}`);
    this.reason = reason;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * RENDER_QUEUE_MAX unset: sized for the threads. A render takes milliseconds, so this many
 * waiting on each thread is already a flood; one more would only wait to run out of time.
 */
export function defaultQueueMax(threads: number): number {
  return 128 * Math.max(1, threads);
}

export interface RenderLimits {
  timeoutMs: number;
  queueMax: number;
  log(fields: Record<string, unknown>): void;
  /** Called with a thread's id once it has died or been given up on. */
  onThreadGone?(threadId: number): void;
}

interface Waiting {
  thread: Thread;
  timer?: NodeJS.Timeout;
  /** The thread's next message for this job. */
  onMessage?(message: FromThread): void;
  fail(error: Error): void;
}

interface Thread {
  worker: Worker;
  /** Kept from the start: a worker's own threadId reads -1 once it has stopped. */
  threadId: number;
  jobs: Set<number>;
  /** A ping sent because a render ran out of time, and the timer that gives up on it. */
  probe?: { seq: number; timer: NodeJS.Timeout };
  /** Loaded the server bundle and taking work; until then its jobs' clocks don't run. */
  ready: boolean;
  /** Time limits that start when the thread is ready. */
  whenReady: (() => void)[];
}

/**
 * A thread that dies before it is ready (it couldn't load the server bundle, say) is replaced
 * after a wait that doubles with each such death in a row, up to the last: a fault that kills
 * every new thread at start-up would otherwise start threads in a tight loop, burning the CPU
 * the static pages need and filling the log.
 */
const RESPAWN_WAIT_MS = { first: 100, last: 30_000 } as const;

export class RenderPool {
  readonly #entry: string;
  readonly #limits: RenderLimits;
  readonly #threads: Thread[] = [];
  readonly #waiting = new Map<number, Waiting>();
  readonly #respawns = new Set<NodeJS.Timeout>();
  #nextId = 1;
  #nextPing = 1;
  #closing = false;
  /** Threads that died while starting, since one last became ready. */
  #failedStarts = 0;

  constructor(entry: string, size: number, limits: RenderLimits) {
    this.#entry = entry;
    this.#limits = limits;
    for (let i = 0; i < size; i++) this.#threads.push(this.#spawn());
  }

  #spawn(): Thread {
    const worker = new Worker(new URL("./render-worker.ts", import.meta.url), {
      workerData: { entry: this.#entry },
    });
    const thread: Thread = {
      worker,
      threadId: worker.threadId,
      jobs: new Set(),
      ready: false,
      whenReady: [],
    };
    worker.on("message", (message: FromThread) => {
      if ("ready" in message) {
        // A new thread loads the whole server bundle first, slowly on a busy machine (it runs
        // at a lower priority): that is no render running out of time.
        thread.ready = true;
        this.#failedStarts = 0;
        for (const arm of thread.whenReady.splice(0)) arm();
        return;
      }
      if ("pong" in message) {
        if (thread.probe?.seq === message.pong) {
          clearTimeout(thread.probe.timer);
          thread.probe = undefined;
        }
        return;
      }
      if (!("id" in message)) return;
      // A late answer to a render already refused (or a stream already cancelled) is dropped.
      this.#waiting.get(message.id)?.onMessage?.(message);
    });
    worker.on("error", (error) =>
      this.#replace(thread, "error", `${error.name}: ${error.message}`),
    );
    worker.on("exit", (code) => this.#replace(thread, "exit", `exit code ${code}`));
    return thread;
  }

  /** Fails every request the thread held and, unless it was replaced already, replaces it. */
  #replace(thread: Thread, reason: "error" | "exit" | "stuck", detail: string) {
    if (thread.probe) clearTimeout(thread.probe.timer);
    thread.probe = undefined;
    for (const id of thread.jobs) {
      this.#finish(id)?.fail(new RenderRefused("thread_died", 1));
    }
    const index = this.#threads.indexOf(thread);
    if (index < 0) return;
    // What it held in shared memory (password-hashing slots) it will never give back itself.
    this.#limits.onThreadGone?.(thread.threadId);
    if (this.#closing) {
      this.#threads.splice(index, 1);
      return;
    }
    if (!thread.ready) {
      const waitMs = Math.min(
        RESPAWN_WAIT_MS.last,
        RESPAWN_WAIT_MS.first * 2 ** Math.min(this.#failedStarts, 20),
      );
      this.#failedStarts++;
      this.#threads.splice(index, 1);
      const timer = setTimeout(() => {
        this.#respawns.delete(timer);
        if (!this.#closing) this.#threads.push(this.#spawn());
      }, waitMs);
      this.#respawns.add(timer);
      this.#limits.log({
        level: "error",
        event: "render.thread_failed_to_start",
        reason,
        detail,
        retryInMs: waitMs,
      });
      return;
    }
    this.#threads[index] = this.#spawn();
    this.#limits.log({ level: "error", event: "render.thread_replaced", reason, detail });
    if (reason === "stuck") void thread.worker.terminate();
  }

  /** Ends a job's wait: its timer stops and it no longer counts as in flight. */
  #finish(id: number): Waiting | undefined {
    const waiting = this.#waiting.get(id);
    if (!waiting) return undefined;
    clearTimeout(waiting.timer);
    this.#waiting.delete(id);
    waiting.thread.jobs.delete(id);
    return waiting;
  }

  /** Waits for the job's next message, RENDER_TIMEOUT_MS at most. */
  #await<T>(id: number, waiting: Waiting, take: (message: FromThread) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.fail = reject;
      waiting.onMessage = (message) => {
        clearTimeout(waiting.timer);
        waiting.onMessage = undefined;
        try {
          resolve(take(message));
        } catch (error) {
          reject(error);
        }
      };
      const arm = () => {
        if (!this.#waiting.has(id) || waiting.onMessage === undefined) return;
        waiting.timer = setTimeout(
          () => this.#timedOut(id, waiting.thread),
          this.#limits.timeoutMs,
        );
      };
      if (waiting.thread.ready) arm();
      else waiting.thread.whenReady.push(arm);
    });
  }

  #timedOut(id: number, thread: Thread) {
    const waiting = this.#finish(id);
    if (!waiting) return;
    this.#limits.log({ level: "error", event: "render.timeout", ms: this.#limits.timeoutMs });
    thread.worker.postMessage({ type: "cancel", id } satisfies ToThread);
    waiting.fail(new RenderRefused("timeout", 5));
    // Slow on a database is no reason to end a thread; stuck in a loop is.
    if (thread.probe) return;
    const seq = this.#nextPing++;
    thread.probe = {
      seq,
      timer: setTimeout(
        () => this.#replace(thread, "stuck", `no answer in ${this.#limits.timeoutMs} ms`),
        this.#limits.timeoutMs,
      ),
    };
    thread.worker.postMessage({ type: "ping", seq } satisfies ToThread);
  }

  /** The least busy thread renders it; refused at once when RENDER_QUEUE_MAX are in flight. */
  render(request: RenderRequest): Promise<RenderOutcome> {
    if (this.#waiting.size >= this.#limits.queueMax) {
      return Promise.reject(new RenderRefused("busy", 1));
    }
    // Every thread failed to start and the next is not due yet.
    if (this.#threads.length === 0) return Promise.reject(new RenderRefused("thread_died", 5));
    // A thread being asked whether it is stuck, or still starting, gets new work only when
    // every thread is.
    const load = (t: Thread) =>
      t.jobs.size +
      (t.probe ? 2 * this.#limits.queueMax : 0) +
      (t.ready ? 0 : this.#limits.queueMax);
    const thread = this.#threads.reduce((a, b) => (load(b) < load(a) ? b : a));
    const id = this.#nextId++;
    const waiting: Waiting = { thread, fail: () => {} };
    this.#waiting.set(id, waiting);
    thread.jobs.add(id);
    const answer = this.#await(id, waiting, (message): RenderOutcome => {
      if ("rendered" in message) {
        this.#finish(id);
        return { rendered: message.rendered };
      }
      if ("head" in message) return { stream: this.#stream(id, waiting, message.head) };
      this.#finish(id);
      throw new Error(`render thread: ${"error" in message ? message.error : "no answer"}`);
    });
    const transfer = request.body ? [request.body.buffer as ArrayBuffer] : [];
    if (request.upload?.ok) {
      for (const photo of request.upload.photos) {
        transfer.push(photo.bytes.buffer as ArrayBuffer, photo.thumb.buffer as ArrayBuffer);
      }
    }
    thread.worker.postMessage({ ...request, type: "render", id } satisfies ToThread, transfer);
    return answer;
  }

  #stream(id: number, waiting: Waiting, head: StreamHead): RenderStream {
    const { worker } = waiting.thread;
    return {
      head,
      next: () => {
        if (!this.#waiting.has(id)) return Promise.reject(new RenderRefused("thread_died", 1));
        const piece = this.#await(id, waiting, (message) => {
          if ("chunk" in message) return message.chunk;
          this.#finish(id);
          if ("end" in message) return undefined;
          throw new Error(`render thread: ${"error" in message ? message.error : "bad piece"}`);
        });
        worker.postMessage({ type: "pull", id } satisfies ToThread);
        return piece;
      },
      cancel: () => {
        if (this.#finish(id)) worker.postMessage({ type: "cancel", id } satisfies ToThread);
      },
    };
  }

  async close(): Promise<void> {
    this.#closing = true;
    for (const timer of this.#respawns) clearTimeout(timer);
    await Promise.all(this.#threads.map(({ worker }) => worker.terminate()));
  }
}

/**
 * RENDER_THREADS=0: renders on the main thread, under the same queue limit and time limit.
 * Nothing can stop a render stuck here, but the visitor still gets an answer in time.
 */
export class InlineRenderer {
  readonly #run: (request: RenderRequest) => Promise<Response>;
  readonly #limits: RenderLimits;
  #inFlight = 0;

  constructor(run: (request: RenderRequest) => Promise<Response>, limits: RenderLimits) {
    this.#run = run;
    this.#limits = limits;
  }

  #inTime<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.#limits.log({ level: "error", event: "render.timeout", ms: this.#limits.timeoutMs });
        reject(new RenderRefused("timeout", 5));
      }, this.#limits.timeoutMs);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  }

  /** Other work of this thread's (the JSON API) under the same queue limit and time limit. */
  async limit<T>(work: () => Promise<T>): Promise<T> {
    if (this.#inFlight >= this.#limits.queueMax) throw new RenderRefused("busy", 1);
    this.#inFlight++;
    try {
      return await this.#inTime(work());
    } finally {
      this.#inFlight--;
    }
  }

  async render(request: RenderRequest): Promise<RenderOutcome> {
    if (this.#inFlight >= this.#limits.queueMax) throw new RenderRefused("busy", 1);
    this.#inFlight++;
    let streaming = false;
    try {
      const response = await this.#inTime(this.#run(request));
      if (!isStreamed(response)) {
        return { rendered: await this.#inTime(finishRender(response, request.encoding, "async")) };
      }
      const { head, body, cancel } = streamRender(response, request.encoding);
      const pieces = body[Symbol.asyncIterator]();
      let done = false;
      const end = () => {
        if (done) return;
        done = true;
        this.#inFlight--;
        cancel();
      };
      streaming = true;
      return {
        stream: {
          head,
          next: async () => {
            if (done) return undefined;
            try {
              const piece = await this.#inTime(pieces.next());
              if (piece.done) end();
              return piece.done ? undefined : (piece.value as Uint8Array);
            } catch (error) {
              end();
              throw error;
            }
          },
          cancel: end,
        },
      };
    } finally {
      if (!streaming) this.#inFlight--;
    }
  }
}
