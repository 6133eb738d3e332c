// Lead alerts through the built server (`npm run build` first): a real SMTP server and a real
// webhook receiver run in this test process; the server is a separate process we can kill.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { leadReference } from "../../app/lib/lead-reference";
import {
  createScratchPostgres,
  postgresReachable,
  REQUIRE_POSTGRES,
  scratchSqlite,
  shownDatabaseUrl,
  sqliteRowsNamed,
  withSqlite,
} from "../support/db-helpers";
import {
  type SmtpSink,
  startSmtpSink,
  startWebhookReceiver,
  waitUntil,
} from "../support/mail-sink";
import { postQuote, validQuote } from "../support/quote-helpers";
import { type RunningServer, spawnServer } from "../support/spawn-server";

interface OutboxRow {
  quote_request_id: number;
  channel: string;
  status: string;
  attempts: number;
  last_error: string | null;
  delivery_id: string;
}

const FAST_RETRIES = {
  ALERT_RETRY_BASE_MS: "100",
  ALERT_RETRY_MAX_MS: "400",
  ALERT_POLL_MS: "50",
  RATE_LIMIT_MAX: "100000",
  QUOTE_MIN_FILL_MS: "0",
};

const mailEnv = (smtp: SmtpSink) => ({
  SMTP_URL: smtp.url(),
  LEAD_ALERT_TO: "owner@roofs.example",
  LEAD_ALERT_FROM: "Leads <leads@roofs.example>",
});

function sqliteOutbox(file: string): OutboxRow[] {
  return withSqlite(
    file,
    (db) => db.prepare("select * from alert_outbox order by id").all() as OutboxRow[],
  );
}

test.describe("lead alerts", () => {
  test.describe.configure({ mode: "serial" });
  const servers: RunningServer[] = [];
  test.afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
  });

  test("with nothing configured, the server says so once and records each lead's alerts as not configured", async () => {
    const db = scratchSqlite("alerts-off");
    try {
      const server = await spawnServer({ DATABASE_URL: db.url, ...FAST_RETRIES });
      servers.push(server);
      const answer = await postQuote(server.url, validQuote());
      expect(answer.status).toBe(201);
      const spam = await postQuote(
        server.url,
        validQuote({ company_website: "https://spam.example" }),
      );
      expect(spam.status).toBe(201);

      const notices = server
        .stdout()
        .split("\n")
        .filter((line) => line.includes('"alerts.off"'));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain("SMTP_URL");
      expect(notices[0]).toContain("LEAD_WEBHOOK_URL");
      const rows = sqliteOutbox(db.file);
      expect(rows.map((r) => [r.quote_request_id, r.channel, r.status])).toEqual([
        [answer.json?.id, "email", "not_configured"],
        [answer.json?.id, "webhook", "not_configured"],
      ]);
    } finally {
      db.remove();
    }
  });

  test("the alert links to the lead on the origin it was posted to, or on SITE_URL; the acknowledgement quotes its reference", async () => {
    const smtp = await startSmtpSink();
    const db = scratchSqlite("alerts-links");
    try {
      const server = await spawnServer({ DATABASE_URL: db.url, ...mailEnv(smtp), ...FAST_RETRIES });
      servers.push(server);
      // One server, reached by two names: each lead's links use the one it came in on.
      const viaLocalhost = await postQuote(
        server.url,
        validQuote({ name: "Sam Nguyen", postcode: "3011", phone: "412 555 666" }),
      );
      const viaAddress = await postQuote(
        `http://127.0.0.1:${server.port}`,
        validQuote({ name: "Jo Bloggs", email: null }),
      );
      expect([viaLocalhost.status, viaAddress.status]).toEqual([201, 201]);
      await smtp.waitFor((messages) => messages.length === 3);
      const toOwner = (name: string) =>
        smtp.messages.find(
          (m) => m.envelopeTo.includes("owner@roofs.example") && m.parsed.subject?.includes(name),
        )?.parsed;

      const sam = toOwner("Sam Nguyen");
      expect(sam?.subject).toBe("New lead: Sam Nguyen, Footscray 3011, 0412 555 666");
      const html = String(sam?.html);
      expect(html).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
      );
      expect(html).toMatch(/<body[^>]*>\s*<div style="display:none[^"]*">Drip in the hallway/);
      expect(sam?.text?.startsWith("Drip in the hallway when it rains.")).toBe(true);
      const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      expect(links.slice(0, 2)).toEqual([
        "tel:+61412555666",
        `http://localhost:${server.port}/admin/leads/${viaLocalhost.json?.id}`,
      ]);
      expect(String(toOwner("Jo Bloggs")?.html)).toContain(
        `href="http://127.0.0.1:${server.port}/admin/leads/${viaAddress.json?.id}"`,
      );

      // The link opens that lead's page (the sign-in first, for a visitor without a session).
      const opened = await fetch(links[1] as string, { redirect: "manual" });
      expect(opened.status).toBeLessThan(400);

      const ack = smtp.messages.find((m) => m.envelopeTo.includes("sam@example.com"))?.parsed;
      expect(ack?.text).toContain(
        `Your reference is ${leadReference(Number(viaLocalhost.json?.id))}.`,
      );
      expect(ack?.text).toMatch(/We'll call you (within 15 minutes|by \d{1,2}:\d\d [ap]m \w+)\./);

      const configured = await spawnServer({
        DATABASE_URL: db.url,
        ...mailEnv(smtp),
        ...FAST_RETRIES,
        SITE_URL: "https://www.roofs.example",
      });
      servers.push(configured);
      const viaConfigured = await postQuote(
        `http://127.0.0.1:${configured.port}`,
        validQuote({ name: "Alex Configured", email: null }),
      );
      expect(viaConfigured.status).toBe(201);
      await smtp.waitFor((messages) => messages.length === 4);
      expect(String(toOwner("Alex Configured")?.html)).toContain(
        `href="https://www.roofs.example/admin/leads/${viaConfigured.json?.id}"`,
      );
    } finally {
      await smtp.close();
      db.remove();
    }
  });

  test("a mail server that is down: the alert arrives once it is back, with no restart; spam sends nothing", async () => {
    const smtp = await startSmtpSink();
    const hook = await startWebhookReceiver();
    const db = scratchSqlite("alerts-down");
    try {
      await smtp.down();
      const server = await spawnServer({
        DATABASE_URL: db.url,
        ...mailEnv(smtp),
        LEAD_WEBHOOK_URL: hook.url,
        LEAD_WEBHOOK_SECRET: hook.secret,
        ...FAST_RETRIES,
      });
      servers.push(server);
      const name = `Down ${randomUUID()}`;
      const answer = await postQuote(server.url, validQuote({ name }));
      expect(answer.status).toBe(201);
      const spam = await postQuote(
        server.url,
        validQuote({ name: `Spam ${randomUUID()}`, company_website: "x" }),
      );
      expect(spam.status).toBe(201);

      // The webhook goes straight out; the e-mails wait, retried, with the reason recorded.
      await hook.waitFor((requests) => requests.length === 1);
      await waitUntil(
        () =>
          sqliteOutbox(db.file).some(
            (r) => r.channel === "email" && r.attempts >= 2 && r.status === "pending",
          ),
        15_000,
        "retries while the mail server is down",
      );
      const waiting = sqliteOutbox(db.file).find((r) => r.channel === "email");
      expect(waiting?.last_error).toContain("could not reach the mail server");

      await smtp.up();
      await smtp.waitFor((messages) => messages.length === 2); // the alert and the acknowledgement
      await waitUntil(
        () => sqliteOutbox(db.file).every((r) => r.status === "sent"),
        10_000,
        "every job sent",
      );
      const alert = smtp.messages.find((m) => m.envelopeTo.includes("owner@roofs.example"));
      expect(alert?.parsed.subject).toContain(name);
      // Nothing about the spam-flagged request went anywhere, and nothing went twice.
      expect(sqliteOutbox(db.file).map((r) => r.quote_request_id)).not.toContain(spam.json?.id);
      expect(hook.requests).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.messages).toHaveLength(2);
    } finally {
      await smtp.close();
      await hook.close();
      db.remove();
    }
  });

  test("a server killed with SIGKILL right after answering 201: the alerts go out after the next start", async () => {
    const smtp = await startSmtpSink();
    const db = scratchSqlite("alerts-kill");
    try {
      // The mail server refuses for now, so the jobs are still waiting when the kill comes.
      smtp.behave({ mailFrom: { code: 421, message: "4.3.2 Not now" } });
      const env = {
        DATABASE_URL: db.url,
        ...mailEnv(smtp),
        LEAD_ACK_EMAIL: "off",
        ...FAST_RETRIES,
      };
      const first = await spawnServer(env);
      servers.push(first);
      const names = Array.from({ length: 5 }, (_, i) => `Killed ${i} ${randomUUID()}`);
      const answers = await Promise.all(
        names.map((name) => postQuote(first.url, validQuote({ name }))),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      await first.stop("SIGKILL");
      expect(first.process.signalCode).toBe("SIGKILL");
      expect(smtp.messages).toHaveLength(0);
      const pending = sqliteOutbox(db.file).filter((r) => r.channel === "email");
      expect(pending).toHaveLength(5);
      expect(pending.every((r) => r.status === "pending")).toBe(true);

      smtp.behave({});
      const second = await spawnServer(env);
      servers.push(second);
      await smtp.waitFor((messages) => messages.length === 5);
      await waitUntil(
        () =>
          sqliteOutbox(db.file)
            .filter((r) => r.channel === "email")
            .every((r) => r.status === "sent"),
        10_000,
        "every job sent",
      );
      const subjects = smtp.messages.map((m) => m.parsed.subject ?? "");
      for (const name of names) expect(subjects.filter((s) => s.includes(name))).toHaveLength(1);
    } finally {
      await smtp.close();
      db.remove();
    }
  });

  test("two servers on one PostgreSQL deliver each of 200 leads' alerts exactly once", async () => {
    test.setTimeout(180_000);
    const reachable = await postgresReachable();
    if (!reachable && REQUIRE_POSTGRES)
      throw new Error(`PostgreSQL not reachable at ${shownDatabaseUrl()}`);
    test.skip(!reachable, `PostgreSQL not reachable at ${shownDatabaseUrl()}`);

    const pg = await createScratchPostgres();
    const smtp = await startSmtpSink();
    const hook = await startWebhookReceiver();
    try {
      const env = {
        DATABASE_URL: pg.url,
        ...mailEnv(smtp),
        LEAD_ACK_EMAIL: "off",
        LEAD_WEBHOOK_URL: hook.url,
        LEAD_WEBHOOK_SECRET: hook.secret,
        ...FAST_RETRIES,
      };
      const a = await spawnServer(env);
      servers.push(a);
      const b = await spawnServer(env);
      servers.push(b);

      const TOTAL = 200;
      const prefix = `Pair ${randomUUID().slice(0, 8)}`;
      const ids: number[] = [];
      let next = 0;
      const client = async () => {
        while (next < TOTAL) {
          const i = next++;
          const server = i % 2 === 0 ? a : b;
          const answer = await postQuote(server.url, validQuote({ name: `${prefix} #${i}` }));
          expect(answer.status).toBe(201);
          ids.push(Number(answer.json?.id));
        }
      };
      await Promise.all(Array.from({ length: 8 }, client));

      await smtp.waitFor((messages) => messages.length >= TOTAL, 90_000);
      await hook.waitFor((requests) => requests.length >= TOTAL, 90_000);
      await waitUntil(
        async () => {
          const [row] = await pg.query<{ n: string }>(
            "select count(*) as n from alert_outbox where status <> 'sent'",
          );
          return Number(row?.n) === 0;
        },
        30_000,
        "every job sent",
      );
      await new Promise((resolve) => setTimeout(resolve, 500));

      const mailed = smtp.messages.map((m) => /#(\d+)/.exec(m.parsed.subject ?? "")?.[1]);
      expect(mailed).toHaveLength(TOTAL);
      expect(new Set(mailed).size).toBe(TOTAL);
      const hooked = hook.requests.map((r) => (r.payload?.data as { id?: number } | undefined)?.id);
      expect(hook.requests.every((r) => r.verified && r.status === 200)).toBe(true);
      expect(hooked).toHaveLength(TOTAL);
      expect(new Set(hooked)).toEqual(new Set(ids));

      // One job per lead and channel, no more.
      const rows = await pg.query<{ n: string }>("select count(*) as n from alert_outbox");
      expect(Number(rows[0]?.n)).toBe(2 * TOTAL);
    } finally {
      await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
      await smtp.close();
      await hook.close();
      await pg.drop();
    }
  });

  test("one customer address typed from many client addresses: one acknowledgement, every owner alert", async () => {
    const smtp = await startSmtpSink();
    const db = scratchSqlite("alerts-ack-cap");
    try {
      const server = await spawnServer({
        DATABASE_URL: db.url,
        ...mailEnv(smtp),
        TRUST_PROXY: "1",
        ...FAST_RETRIES,
        RATE_LIMIT_MAX: "2",
      });
      servers.push(server);
      // Each from an address of its own, under the per-address limit; the same mailbox
      // however it is spelt.
      const posts: [string, string][] = [
        ["198.51.100.11", "victim@example.com"],
        ["198.51.100.12", "Victim@Example.com"],
        ["2001:db8:aa::1", "victim+roof@example.com"],
        ["2001:db8:bb::1", "victim@example.com"],
        ["203.0.113.40", "victim@example.com"],
      ];
      const names: string[] = [];
      for (const [address, email] of posts) {
        const name = `Capped ${randomUUID()}`;
        names.push(name);
        const answer = await postQuote(server.url, validQuote({ name, email }), {
          "X-Forwarded-For": address,
        });
        expect(answer.status).toBe(201);
      }

      await waitUntil(
        () => {
          const rows = sqliteOutbox(db.file);
          return rows.length === 3 * posts.length && rows.every((r) => r.status !== "pending");
        },
        20_000,
        "every job settled",
      );
      const rows = sqliteOutbox(db.file);
      expect(rows.filter((r) => r.channel === "email").map((r) => r.status)).toEqual(
        posts.map(() => "sent"),
      );
      const acks = rows.filter((r) => r.channel === "ack");
      expect(acks.map((r) => r.status)).toEqual([
        "sent",
        "skipped",
        "skipped",
        "skipped",
        "skipped",
      ]);
      for (const skipped of acks.slice(1)) {
        expect(skipped.last_error).toMatch(/already sent one to this address within the hour/);
      }
      await smtp.waitFor((messages) => messages.length === posts.length + 1);
      const toOwner = smtp.messages.filter((m) => m.envelopeTo.includes("owner@roofs.example"));
      expect(toOwner).toHaveLength(posts.length);
      for (const name of names) {
        expect(toOwner.filter((m) => m.parsed.subject?.includes(name))).toHaveLength(1);
      }
      const toCustomer = smtp.messages.filter((m) => !m.envelopeTo.includes("owner@roofs.example"));
      expect(toCustomer.map((m) => m.envelopeTo)).toEqual([["victim@example.com"]]);
    } finally {
      await smtp.close();
      db.remove();
    }
  });

  test("an e-mail field that isn't one plain address: 400, nothing stored, nothing sent", async () => {
    const smtp = await startSmtpSink();
    const db = scratchSqlite("alerts-hostile-address");
    try {
      const server = await spawnServer({ DATABASE_URL: db.url, ...mailEnv(smtp), ...FAST_RETRIES });
      servers.push(server);
      // Each has the rough shape of an address; each would put more than one plain
      // address, or a name or comment of the sender's choosing, into a header.
      for (const email of [
        "victim@example.com, other@example.com",
        "<victim@example.com>",
        "victim@example.com(call-me)",
        '"victim"@example.com',
        "victim;other@example.com",
        "victim@example.com?cc=other@example.com",
      ]) {
        const name = `Hostile ${randomUUID()}`;
        const answer = await postQuote(server.url, validQuote({ name, email }));
        expect(answer.status, email).toBe(400);
        expect(JSON.stringify(answer.json), email).toMatch(/email/);
        expect(sqliteRowsNamed(db.file, name), email).toHaveLength(0);
      }
      expect(sqliteOutbox(db.file)).toEqual([]);
      expect(smtp.attempts).toBe(0);
    } finally {
      await smtp.close();
      db.remove();
    }
  });

  test("npm run alerts:test says plainly what worked and what did not", async () => {
    const smtp = await startSmtpSink();
    const hook = await startWebhookReceiver();
    const auth = { user: "owner", pass: "right-password" };
    smtp.behave({ auth });
    // Asynchronously: the SMTP server and receiver live in this process and must keep answering.
    const runScript = (env: Record<string, string>) =>
      new Promise<{ status: number; out: string }>((done) => {
        execFile(
          process.execPath,
          [resolve("scripts/alerts-test.ts")],
          { env: { ...process.env, ...env }, encoding: "utf8", timeout: 30_000 },
          (error, stdout, stderr) =>
            done({ status: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
        );
      });
    const base = {
      LEAD_ALERT_TO: "owner@roofs.example",
      LEAD_ALERT_FROM: "leads@roofs.example",
      LEAD_WEBHOOK_URL: hook.url,
      LEAD_WEBHOOK_SECRET: hook.secret,
    };
    try {
      const working = await runScript({ ...base, SMTP_URL: smtp.url(auth) });
      expect(working.out).toContain(
        "OK: the mail server accepted a test alert for owner@roofs.example",
      );
      expect(working.out).toContain("OK: the receiver accepted a signed test event");
      expect(working.out).not.toContain("right-password");
      expect(working.status).toBe(0);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]?.parsed.subject).toMatch(/^Test alert: /);
      expect(hook.requests.map((r) => r.verified)).toEqual([true]);

      const wrongPassword = await runScript({
        ...base,
        SMTP_URL: smtp.url({ ...auth, pass: "nope" }),
      });
      expect(wrongPassword.status).toBe(1);
      expect(wrongPassword.out).toContain(
        "FAILED: the mail server refused the user name or password",
      );

      smtp.behave({ auth, mailFrom: { code: 553, message: "5.7.1 Sender address rejected" } });
      const refusedSender = await runScript({ ...base, SMTP_URL: smtp.url(auth) });
      expect(refusedSender.out).toContain("FAILED: the mail server refused the sender address");

      hook.answerWith([500]);
      await smtp.down();
      const unreachable = await runScript({ ...base, SMTP_URL: smtp.url(auth) });
      expect(unreachable.out).toContain("FAILED: could not reach the mail server");
      expect(unreachable.out).toContain("FAILED: the webhook receiver answered 500");
    } finally {
      await smtp.close();
      await hook.close();
    }
  });
});
