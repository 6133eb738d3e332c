// SIGTERM, as a deploy or an orchestrator sends it: the server stops taking connections,
// finishes what it was doing, hands back the alert jobs it holds, closes the database and
// exits 0 within 10 s (issue 11).
import { once } from "node:events";
import http from "node:http";
import { createServer, type Server, type Socket } from "node:net";
import { expect, test } from "@playwright/test";
import { scratchSqlite, sqliteRowsNamed, withSqlite } from "../support/db-helpers";
import { waitUntil } from "../support/mail-sink";
import { postQuote, QUOTE_API, uniqueName, validQuote } from "../support/quote-helpers";
import { spawnServer } from "../support/spawn-server";

interface OutboxRow {
  channel: string;
  status: string;
  locked_by: string | null;
  locked_until: string | null;
}

/** A mail server that accepts connections and never says a word: deliveries hang on it. */
async function silentSmtp(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

test("SIGTERM: the request in flight is answered and stored, claimed alerts are handed back, exit 0 within 10 s", async () => {
  const db = scratchSqlite("shutdown");
  const smtp = await silentSmtp();
  const outbox = () =>
    withSqlite(
      db.file,
      (conn) =>
        conn
          .prepare("select * from alert_outbox where channel = 'email' order by id")
          .all() as OutboxRow[],
    );
  try {
    const server = await spawnServer({
      DATABASE_URL: db.url,
      SMTP_URL: smtp.url,
      LEAD_ALERT_TO: "owner@roofs.example",
      LEAD_ALERT_FROM: "leads@roofs.example",
      LEAD_ACK_EMAIL: "off",
      ALERT_POLL_MS: "50",
      QUOTE_MIN_FILL_MS: "0",
    });
    const exited = once(server.process, "exit");

    // A lead whose alert the worker has claimed and is stuck delivering.
    expect((await postQuote(server.url, validQuote())).status).toBe(201);
    await waitUntil(() => outbox()[0]?.locked_by != null, 10_000, "the alert job to be claimed");

    // A request the server has begun: its headers are in (the server said 100 Continue),
    // its body not yet.
    const name = uniqueName("Shutdown");
    const body = JSON.stringify(validQuote({ name }));
    const request = http.request(`${server.url}${QUOTE_API}`, {
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(body)),
        Expect: "100-continue",
      },
    });
    const answered = new Promise<{ status: number; connection: string; text: string }>(
      (resolve, reject) => {
        request.on("response", (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => {
            text += chunk;
          });
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              connection: String(response.headers.connection),
              text,
            }),
          );
        });
        request.on("error", reject);
      },
    );
    request.flushHeaders();
    await once(request, "continue");

    server.process.kill("SIGTERM");
    const deadline = setTimeout(() => server.process.kill("SIGKILL"), 10_000);
    await waitUntil(() => server.stdout().includes('"shutdown.start"'), 5_000, "shutdown to begin");
    // No new connections once it is shutting down.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    request.end(body);
    const answer = await answered;
    expect(answer.status, answer.text).toBe(201);
    expect(answer.connection).toBe("close");

    const [code, signal] = await exited;
    clearTimeout(deadline);
    expect(signal, "killed at the 10 s deadline").toBeNull();
    expect(code).toBe(0);
    expect(server.stdout()).toContain('"shutdown.done"');

    expect(sqliteRowsNamed(db.file, name)).toHaveLength(1);
    // Both leads' e-mail jobs wait for the next server, held by nobody.
    const jobs = outbox();
    expect(jobs).toHaveLength(2);
    for (const job of jobs)
      expect(job).toMatchObject({ status: "pending", locked_by: null, locked_until: null });
  } finally {
    await smtp.close();
    db.remove();
  }
});
