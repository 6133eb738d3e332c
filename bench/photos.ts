// Photo uploads (issue 22): `node bench/photos.ts` (uses the current build).
// The server's /healthz latency, sampled one request at a time, with no upload going on and
// then while 10 uploads of about 10 MB each (a phone photo as sent: 4000 x 3000 JPEG with GPS
// and an Orientation tag) arrive at once through the no-JavaScript form; and the upload
// throughput (bytes sent / time until the last answer). Each upload is decoded, turned,
// stripped and re-encoded by sharp and stored in SQLite with its lead. Alternating turns.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { phonePhoto } from "../tests/support/photo-images.ts";
import { spawnServer } from "../tests/support/spawn-server.ts";

const UPLOADS = 10;
const TURNS = Number(process.env.BENCH_ROUNDS ?? 3);
const IDLE_SAMPLE_MS = 3_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function healthzWhile(base: string, busy: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (busy()) {
    const started = performance.now();
    const response = await fetch(`${base}/healthz`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

function uploadBody(photo: Buffer, i: number): FormData {
  const form = new FormData();
  form.append("name", `Bench Photo ${i} ${Date.now()}`);
  form.append("phone", "0412 345 678");
  form.append("postcode", "3056");
  form.append("message", `Upload ${i}`);
  form.append("photos", new File([new Uint8Array(photo)], `IMG_${i}.jpg`, { type: "image/jpeg" }));
  return form;
}

async function main() {
  // About 10 MB of JPEG: noise doesn't compress, which is what makes it phone-sized.
  const photo = await phonePhoto(5400, 4050, 94);
  const mb = photo.length / 1024 / 1024;
  const dir = mkdtempSync(join(tmpdir(), "bench-photos-"));
  const server = await spawnServer({
    DATABASE_URL: `file:${join(dir, "photos.db")}`,
    RATE_LIMIT_MAX: "1000000",
    QUOTE_MIN_FILL_MS: "0",
  });
  const idle: number[] = [];
  const loaded: number[] = [];
  const throughputs: number[] = [];
  try {
    for (let turn = 0; turn < TURNS; turn++) {
      const until = performance.now() + IDLE_SAMPLE_MS;
      idle.push(...(await healthzWhile(server.url, () => performance.now() < until)));

      let running = true;
      const started = performance.now();
      const uploads = Promise.all(
        Array.from({ length: UPLOADS }, async (_, i) => {
          const response = await fetch(`${server.url}/roof-repair-brunswick`, {
            method: "POST",
            body: uploadBody(photo, i),
            redirect: "manual",
            headers: { Origin: server.url },
          });
          await response.arrayBuffer();
          if (response.status !== 303) throw new Error(`upload answered ${response.status}`);
        }),
      ).finally(() => {
        running = false;
      });
      const during = healthzWhile(server.url, () => running);
      await uploads;
      const seconds = (performance.now() - started) / 1000;
      loaded.push(...(await during));
      throughputs.push((UPLOADS * mb) / seconds);
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const fmt = (n: number) => n.toFixed(1);
  const p50 = [percentile(idle, 50), percentile(loaded, 50)];
  const p99 = [percentile(idle, 99), percentile(loaded, 99)];
  console.log(`photo uploads: ${UPLOADS} at once, ${fmt(mb)} MB each, ${TURNS} turns`);
  console.log(
    `  upload throughput: ${fmt(percentile(throughputs, 50))} MB/s (median of turns: ${throughputs.map(fmt).join(", ")})`,
  );
  console.log(
    `  /healthz no upload:  p50 ${fmt(p50[0] ?? 0)} ms, p99 ${fmt(p99[0] ?? 0)} ms (${idle.length} requests)`,
  );
  console.log(
    `  /healthz uploading:  p50 ${fmt(p50[1] ?? 0)} ms, p99 ${fmt(p99[1] ?? 0)} ms (${loaded.length} requests)`,
  );
  console.log(
    `  ratio uploading / no upload: p50 ${fmt((p50[1] ?? 0) / (p50[0] ?? 1))}x, p99 ${fmt((p99[1] ?? 0) / (p99[0] ?? 1))}x`,
  );
}

await main();
