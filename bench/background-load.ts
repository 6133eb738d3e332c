// The background of the blocking-work bench, in a process of its own: 50 no-JavaScript invalid
// form posts and 50 requests for missing pages always in flight against BASE for MS
// milliseconds. Kept apart so its own event loop, busy with 100 streams, doesn't add to the
// home page's measured latency. Prints the two samples as JSON.
import { runLoad } from "./load-client.ts";

const [base = "", ms = "5000", invalidForm = ""] = process.argv.slice(2);
const BROWSER = { "Accept-Encoding": "gzip, deflate, br" };
const samples = await Promise.all([
  runLoad({
    // Where the home page's form posts.
    url: `${base}/?index`,
    method: "POST",
    headers: { ...BROWSER, "Content-Type": "application/x-www-form-urlencoded" },
    body: () => invalidForm,
    concurrency: 50,
    durationMs: Number(ms),
    okStatuses: [400],
  }),
  runLoad({
    url: `${base}/no-such-page`,
    headers: BROWSER,
    concurrency: 50,
    durationMs: Number(ms),
    okStatuses: [404],
  }),
]);
process.stdout.write(JSON.stringify(samples));
