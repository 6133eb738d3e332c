// A real SMTP server (smtp-server) and a real webhook receiver that verifies Standard
// Webhooks signatures (standardwebhooks), started inside the test process. Both record what
// arrived and can be told to refuse, so tests see what a real mail server or receiver would.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { Webhook } from "standardwebhooks";

export interface ReceivedMail {
  receivedAt: number;
  envelopeTo: string[];
  parsed: ParsedMail;
  raw: string;
}

/** How the SMTP server answers; a code makes that step fail with that reply. */
export interface SmtpBehaviour {
  mailFrom?: { code: number; message: string };
  rcptTo?: (address: string) => { code: number; message: string } | undefined;
  /** Holds the answer to RCPT TO for these recipients until releaseStalled() (a stuck server). */
  stallRcptTo?: (address: string) => boolean;
  data?: { code: number; message: string };
  auth?: { user: string; pass: string };
}

export interface SmtpSink {
  readonly port: number;
  /** smtp://127.0.0.1:port (with user:pass when auth is required). */
  url(auth?: { user: string; pass: string }): string;
  readonly messages: ReceivedMail[];
  /** Every attempted delivery (accepted or refused), for counting retries. */
  readonly attempts: number;
  behave(behaviour: SmtpBehaviour): void;
  /** Recipients whose RCPT TO is being held right now. */
  readonly stalled: string[];
  /** Answers every held RCPT TO (accepting it, or with the reply given). */
  releaseStalled(reply?: { code: number; message: string }): void;
  /** Waits until `predicate` holds for the messages received so far. */
  waitFor(predicate: (messages: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Stops listening and drops every connection, as a crashed mail server would. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

function smtpError(reply: { code: number; message: string }): Error {
  return Object.assign(new Error(reply.message), { responseCode: reply.code });
}

export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function startSmtpSink(wantedPort = 0): Promise<SmtpSink> {
  let behaviour: SmtpBehaviour = {};
  const messages: ReceivedMail[] = [];
  let attempts = 0;
  let held: { address: string; answer: (error: Error | null) => void }[] = [];
  let server: SMTPServer | undefined;

  function create(): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      closeTimeout: 50,
      logger: false,
      onAuth(auth, _session, callback) {
        const want = behaviour.auth;
        if (!want || (auth.username === want.user && auth.password === want.pass)) {
          return callback(null, { user: auth.username ?? "" });
        }
        callback(smtpError({ code: 535, message: "5.7.8 Authentication credentials invalid" }));
      },
      onMailFrom(_address, session, callback) {
        attempts++;
        if (behaviour.auth && !session.user) {
          return callback(smtpError({ code: 530, message: "5.7.0 Authentication required" }));
        }
        callback(behaviour.mailFrom ? smtpError(behaviour.mailFrom) : null);
      },
      onRcptTo(address, _session, callback) {
        if (behaviour.stallRcptTo?.(address.address)) {
          held.push({ address: address.address, answer: (error) => callback(error) });
          return;
        }
        const refusal = behaviour.rcptTo?.(address.address);
        callback(refusal ? smtpError(refusal) : null);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          if (behaviour.data) return callback(smtpError(behaviour.data));
          const raw = Buffer.concat(chunks);
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          simpleParser(raw).then(
            (parsed) => {
              messages.push({ receivedAt: Date.now(), envelopeTo, parsed, raw: raw.toString() });
              callback(null);
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
  }

  async function listen(onPort: number): Promise<number> {
    server = create();
    // A client that dies mid-session (a server killed with SIGKILL) resets its connection; a
    // real mail server shrugs that off, and an unheard "error" would end the test process.
    server.on("error", () => {});
    server.listen(onPort, "127.0.0.1");
    await once(server.server, "listening");
    return (server.server.address() as AddressInfo).port;
  }

  const port = await listen(wantedPort);
  const closeCurrent = async () => {
    const current = server;
    server = undefined;
    const waiting = held;
    held = [];
    for (const h of waiting) h.answer(smtpError({ code: 421, message: "4.3.2 Shutting down" }));
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  return {
    port,
    url: (auth) =>
      auth
        ? `smtp://${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@127.0.0.1:${port}`
        : `smtp://127.0.0.1:${port}`,
    messages,
    get attempts() {
      return attempts;
    },
    behave(next) {
      behaviour = next;
    },
    get stalled() {
      return held.map((h) => h.address);
    },
    releaseStalled(reply) {
      const waiting = held;
      held = [];
      for (const h of waiting) h.answer(reply ? smtpError(reply) : null);
    },
    waitFor(predicate, timeoutMs = 15_000) {
      return waitUntil(() => predicate(messages), timeoutMs, "mail");
    },
    down: closeCurrent,
    async up() {
      await listen(port);
    },
    close: closeCurrent,
  };
}

// --- Webhook receiver ---------------------------------------------------------------------

export interface ReceivedWebhook {
  receivedAt: number;
  id: string;
  status: number;
  verified: boolean;
  payload: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

export interface WebhookReceiver {
  url: string;
  readonly secret: string;
  /** Every request, whatever we answered. */
  readonly requests: ReceivedWebhook[];
  /** Answers these statuses first, in order, then 200. */
  answerWith(statuses: number[]): void;
  waitFor(predicate: (requests: ReceivedWebhook[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A fixed test secret in the whsec_ form (24 random-looking bytes, base64). */
export const TEST_WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

export async function startWebhookReceiver(secret = TEST_WEBHOOK_SECRET): Promise<WebhookReceiver> {
  const verifier = new Webhook(secret);
  const requests: ReceivedWebhook[] = [];
  let queue: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers[name] = value;
      }
      let payload: Record<string, unknown> | undefined;
      let verified = false;
      try {
        payload = verifier.verify(body, headers) as Record<string, unknown>;
        verified = true;
      } catch {
        verified = false;
      }
      const status = verified ? (queue.shift() ?? 200) : 401;
      requests.push({
        receivedAt: Date.now(),
        id: headers["webhook-id"] ?? "",
        status,
        verified,
        payload,
        headers,
      });
      res.writeHead(status, { "Content-Type": "text/plain" });
      res.end(status === 200 ? "ok" : "no");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    secret,
    requests,
    answerWith(statuses) {
      queue = [...statuses];
    },
    waitFor(predicate, timeoutMs = 15_000) {
      return waitUntil(() => predicate(requests), timeoutMs, "webhook");
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
