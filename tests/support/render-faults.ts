// Test-only: lets a request make its render thread misbehave, so the tests can see what the
// server does with a stuck or crashed thread. It is loaded only by a test's command line,
// `node --import ./tests/support/render-faults.ts server.ts` (worker threads inherit the
// parent's --import, so each render thread loads it too); production never starts Node with
// it, so no header can reach it there.
//
// A render job carrying `x-test-render-fault` gets, before the render thread's own listener
// sees the job:
//   hang   a loop that never ends (a render stuck in synchronous code)
//   exit   the thread exits (code 3)
//   throw  an uncaught exception on the thread
//   exit-while-hashing  the job goes on; the thread exits once a password hash is running
//                       (the shared count of running hashes, app/server/accounts/passwords)
//
// TEST_RENDER_START_FAULT=exit makes every render thread exit as it starts, before it is ready
// (a server bundle that can't load on a thread).
import { getEnvironmentData, isMainThread, parentPort } from "node:worker_threads";

if (!isMainThread && process.env.TEST_RENDER_START_FAULT === "exit") process.exit(3);

interface Job {
  headers?: unknown;
}

if (!isMainThread && parentPort) {
  parentPort.on("message", (job: Job) => {
    // Render jobs carry the request's headers as [name, value] pairs; other messages don't.
    if (!Array.isArray(job?.headers)) return;
    const headers = job.headers as [string, string][];
    const fault = headers.find(([name]) => name.toLowerCase() === "x-test-render-fault")?.[1];
    if (!fault) return;
    // The test waits for this line before sending more, so it knows the thread is held.
    process.stderr.write(`render-fault: ${fault}\n`);
    if (fault === "hang") {
      for (;;) {
        // Deliberately stuck: only terminating the thread ends this.
      }
    }
    if (fault === "exit") process.exit(3);
    if (fault === "exit-while-hashing") {
      // Its first cell counts the hashes running in the process; this job's is the only one.
      const shared = getEnvironmentData("roof-site:password-hashing-slots");
      if (!(shared instanceof SharedArrayBuffer)) throw new Error("no hashing slots to watch");
      const running = new Int32Array(shared);
      setInterval(() => {
        if (Atomics.load(running, 0) > 0) process.exit(3);
      }, 2);
      return;
    }
    // Thrown from a listener: uncaught, so the thread fails before rendering this job.
    if (fault === "throw") throw new Error("render fault (test)");
  });
}
