// Load from a process of its own, for the blocking-work bench (bench/scale.ts): the background
// (busy with 100 streams) and the home page's probe each run here, apart from the bench's own
// process, which collects the server's log and would otherwise add its pauses to the figures.
// Takes a JSON list of loads as its one argument, runs them at once, prints their samples.
import { type LoadOptions, type LoadSample, runLoad, runPaced } from "./load-client.ts";

export type LoadSpec = Omit<LoadOptions, "body" | "concurrency"> & { body?: string } & (
    | { concurrency: number }
    | { perSecond: number }
  );

const specs = JSON.parse(process.argv[2] ?? "[]") as LoadSpec[];
const samples: LoadSample[] = await Promise.all(
  specs.map((spec) => {
    const body = spec.body;
    const options = { ...spec, body: body === undefined ? undefined : () => body };
    return "perSecond" in spec
      ? runPaced({ ...options, perSecond: spec.perSecond })
      : runLoad({ ...options, concurrency: spec.concurrency });
  }),
);
process.stdout.write(JSON.stringify(samples));
