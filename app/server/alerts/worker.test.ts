// The outbox and its worker against real databases, a real SMTP server and a real webhook
// receiver that checks signatures (tests/support/mail-sink.ts).
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { leadReference } from "~/lib/lead-reference";
import { countQuoteRequests, describeEachDialect } from "../../../tests/support/database";
import {
  type SmtpSink,
  startSmtpSink,
  startWebhookReceiver,
  type WebhookReceiver,
  waitUntil,
} from "../../../tests/support/mail-sink";
import type { Database, DatabaseHandle } from "../db.server";
import { migrationsFor } from "../migrations/index.server";
import { createQuoteRepository, type NewQuoteRequest } from "../quote-repository.server";
import { createMailer, type Mailer } from "./email.server";
import {
  alertStatesFor,
  claimDueJobs,
  enqueueLeadAlerts,
  releaseClaims,
  retryDelayMs,
} from "./outbox.server";
import type { AlertSettings } from "./settings.server";
import { type AlertWorker, createAlertWorker } from "./worker.server";

const lead = (overrides: Partial<NewQuoteRequest> = {}): NewQuoteRequest => ({
  name: "Sam Nguyen",
  phone: "0412 345 678",
  phone_normalised: "0412345678",
  email: "sam@example.com",
  postcode: "3056",
  suburb: "Brunswick, Brunswick North",
  message: "Drip in the hallway.",
  source_page: "/roof-repair-brunswick",
  idempotency_key: null,
  is_spam: 0,
  spam_reason: null,
  outside_service_area: 0,
  created_at: new Date().toISOString(),
  ...overrides,
});

describeEachDialect("lead alerts", (testDb) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let smtp: SmtpSink;
  let hook: WebhookReceiver;
  let mailer: Mailer;
  let ackMailer: Mailer;
  const workers: AlertWorker[] = [];

  const settings = (overrides: Partial<AlertSettings> = {}): AlertSettings => ({
    smtp: {
      url: smtp.url(),
      to: ["owner@roofs.example", "office@roofs.example"],
      from: "Leads <leads@roofs.example>",
    },
    webhook: { url: hook.url, secret: hook.secret },
    ack: true,
    // Short, so a retry comes round within the test; the rules are the production ones.
    retry: { baseMs: 1, maxMs: 5, forMs: 24 * 3600_000 },
    pollMs: 20,
    leaseMs: 60_000,
    ...overrides,
  });
  const worker = (s: AlertSettings = settings(), id?: string) => {
    const w = createAlertWorker({
      database: async () => db,
      dialect: testDb().dialect,
      settings: s,
      mailer,
      ackMailer,
      workerId: id,
      log: () => {},
    });
    workers.push(w);
    return w;
  };

  /** Stores a lead and its jobs the way the site does: one transaction. */
  async function storeLead(overrides: Partial<NewQuoteRequest> = {}, s = settings()) {
    return db.transaction().execute(async (trx) => {
      const row = lead(overrides);
      const { id } = await trx
        .insertInto("quote_requests")
        .values(row)
        .returning("id")
        .executeTakeFirstOrThrow();
      await enqueueLeadAlerts(trx, { id: Number(id), email: row.email ?? null }, s);
      return Number(id);
    });
  }

  async function jobs(leadId: number) {
    return db
      .selectFrom("alert_outbox")
      .selectAll()
      .where("quote_request_id", "=", leadId)
      .orderBy("channel")
      .execute();
  }

  /** Runs the worker until nothing is due, waiting out short retry delays. */
  async function drain(w: AlertWorker, until: () => Promise<boolean>) {
    await waitUntil(
      async () => {
        await w.runOnce();
        return until();
      },
      10_000,
      "the outbox to settle",
    );
  }

  const statusOf = async (leadId: number, channel: string) =>
    (await jobs(leadId)).find((job) => job.channel === channel);

  beforeAll(async () => {
    handle = testDb().open();
    await handle.migrate();
    db = handle.db;
    smtp = await startSmtpSink();
    hook = await startWebhookReceiver();
    mailer = createMailer(smtp.url(), "test smtp");
    ackMailer = createMailer(smtp.url(), "test smtp", "customer");
  });
  afterAll(async () => {
    mailer.close();
    ackMailer.close();
    await smtp.close();
    await hook.close();
  });
  beforeEach(async () => {
    // Anything a failed test left stalled is refused, so it can't arrive in the next one.
    smtp.releaseStalled({ code: 421, message: "4.4.2 Gave up" });
    smtp.behave({});
    hook.answerWith([]);
    smtp.messages.length = 0;
    hook.requests.length = 0;
    await db.deleteFrom("alert_outbox").execute();
    await db.deleteFrom("quote_requests").execute();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop(100)));
  });

  it("delivers the alert, the webhook and the acknowledgement once each", async () => {
    const id = await storeLead();
    const w = worker();
    expect(await w.runOnce()).toBe(3);
    expect(await w.runOnce()).toBe(0);

    expect(smtp.messages).toHaveLength(2);
    const alert = smtp.messages.find((m) => m.envelopeTo.includes("owner@roofs.example"));
    expect(alert?.envelopeTo).toEqual(["owner@roofs.example", "office@roofs.example"]);
    const ack = smtp.messages.find((m) => m.envelopeTo.includes("sam@example.com"));
    expect(ack?.envelopeTo).toEqual(["sam@example.com"]);

    expect(hook.requests).toHaveLength(1);
    const [request] = hook.requests;
    expect(request?.verified).toBe(true);
    expect(request?.payload).toMatchObject({
      type: "quote_request.created",
      data: {
        id,
        name: "Sam Nguyen",
        phone: "0412 345 678",
        phone_e164: "+61412345678",
        email: "sam@example.com",
        postcode: "3056",
        suburb: "Brunswick, Brunswick North",
        message: "Drip in the hallway.",
        source_page: "/roof-repair-brunswick",
        outside_service_area: false,
        photo_count: 0,
      },
    });

    const states = (await alertStatesFor(db, [id])).get(id);
    expect(states?.map((s) => [s.channel, s.status, s.attempts])).toEqual([
      ["email", "sent", 1],
      ["webhook", "sent", 1],
      ["ack", "sent", 1],
    ]);
    expect(states?.every((s) => s.sentAt && s.lastError === null)).toBe(true);
    // The Message-ID and webhook-id are the job's delivery id.
    const rows = await jobs(id);
    expect(request?.id).toBe(rows.find((r) => r.channel === "webhook")?.delivery_id);
    expect(alert?.parsed.messageId).toContain(rows.find((r) => r.channel === "email")?.delivery_id);
  });

  it("links the alert to the lead on the origin it was posted to, or on SITE_URL", async () => {
    const posted = await storeLead({ request_origin: "http://192.168.1.20:3000" });
    expect(await worker(settings({ ack: false })).runOnce("owner")).toBe(2);
    const alert = smtp.messages.find((m) => m.envelopeTo.includes("owner@roofs.example"));
    expect(String(alert?.parsed.html)).toContain(
      `href="http://192.168.1.20:3000/admin/leads/${posted}"`,
    );

    smtp.messages.length = 0;
    const configured = settings({ ack: false, siteUrl: "https://www.roofs.example" });
    const other = await storeLead({ request_origin: "http://192.168.1.20:3000" }, configured);
    expect(await worker(configured).runOnce("owner")).toBe(2);
    expect(String(smtp.messages[0]?.parsed.html)).toContain(
      `href="https://www.roofs.example/admin/leads/${other}"`,
    );
  });

  it("promises the customer a call by the opening hours at the moment they asked", async () => {
    // Saturday 7 March 2026, 7:30 pm in Melbourne, and Wednesday 4 March, 4:06 pm.
    const weekend = await storeLead({ created_at: "2026-03-07T08:30:00.000Z" });
    const weekday = await storeLead({
      created_at: "2026-03-04T05:06:07.000Z",
      email: "jo@example.com",
    });
    await worker().runOnce("customer");
    const ackTo = (address: string) => smtp.messages.find((m) => m.envelopeTo.includes(address));
    const saturday = ackTo("sam@example.com")?.parsed;
    expect(saturday?.subject).toContain(leadReference(weekend));
    expect(saturday?.text).toContain(`Your reference is ${leadReference(weekend)}.`);
    expect(saturday?.text).toContain("We'll call you by 7:15 am Monday.");
    const wednesday = ackTo("jo@example.com")?.parsed;
    expect(wednesday?.text).toContain(`Your reference is ${leadReference(weekday)}.`);
    expect(wednesday?.text).toContain("We'll call you within 15 minutes.");
  });

  it("gives the webhook the number in international form however it was typed", async () => {
    await storeLead({ phone: "412 555 666", phone_normalised: "412555666" });
    await worker(settings({ smtp: undefined })).runOnce("owner");
    expect(hook.requests[0]?.payload).toMatchObject({ data: { phone_e164: "+61412555666" } });
  });

  it("writes not_configured rows, and sends nothing, when alerts are off", async () => {
    const off = settings({ smtp: undefined, webhook: undefined });
    const id = await storeLead({}, off);
    expect(await worker(off).runOnce()).toBe(0);
    const states = (await alertStatesFor(db, [id])).get(id);
    expect(states?.map((s) => [s.channel, s.status])).toEqual([
      ["email", "not_configured"],
      ["webhook", "not_configured"],
    ]);
    expect(smtp.messages).toHaveLength(0);
    expect(hook.requests).toHaveLength(0);
  });

  it("sends no acknowledgement when it is turned off or the customer gave no e-mail", async () => {
    const a = await storeLead({}, settings({ ack: false }));
    const b = await storeLead({ email: null });
    expect((await jobs(a)).map((j) => j.channel)).toEqual(["email", "webhook"]);
    expect((await jobs(b)).map((j) => j.channel)).toEqual(["email", "webhook"]);
  });

  it("enqueues once per lead, however often it is asked", async () => {
    const id = await storeLead();
    expect(await enqueueLeadAlerts(db, { id, email: "sam@example.com" }, settings())).toBe(0);
    expect(await jobs(id)).toHaveLength(3);
  });

  it("stores no spam-flagged request's alerts, and never stores alerts without their lead", async () => {
    const repository = createQuoteRepository(db);
    const spamId = await repository.insertQuoteRequest(
      lead({ is_spam: 1, spam_reason: "honeypot" }),
    );
    const realId = await repository.insertQuoteRequest(lead());
    expect(spamId).not.toBeNull();
    expect(await jobs(spamId as number)).toEqual([]);
    // Without SMTP_URL in the test environment, the real lead's jobs say so.
    expect((await jobs(realId as number)).map((j) => j.status)).toEqual([
      "not_configured",
      "not_configured",
    ]);
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
    expect(hook.requests).toHaveLength(0);
  });

  it("rolls the lead back when its alert jobs can't be written", async () => {
    const location = await testDb().fresh();
    const broken = location.open();
    await broken.migrate();
    await broken.db.schema.dropTable("alert_outbox").execute();
    await expect(createQuoteRepository(broken.db).insertQuoteRequest(lead())).rejects.toThrow();
    expect(await countQuoteRequests(broken.db)).toBe(0);
  });

  // --- The acknowledgement's cap per recipient -------------------------------------------

  /** A lead stored `minutesIn` after `start`, as the site stores one (one transaction). */
  async function storeLeadAt(start: number, minutesIn: number, email: string, s = settings()) {
    const at = new Date(start + minutesIn * 60_000);
    return db.transaction().execute(async (trx) => {
      const row = lead({ email, name: `At ${minutesIn}`, created_at: at.toISOString() });
      const { id } = await trx
        .insertInto("quote_requests")
        .values(row)
        .returning("id")
        .executeTakeFirstOrThrow();
      await enqueueLeadAlerts(trx, { id: Number(id), email }, s, at);
      return Number(id);
    });
  }

  it("caps acknowledgements at one an hour and three a day per recipient; every owner alert still goes", async () => {
    const start = Date.now() - 3 * 24 * 3_600_000;
    const plan: [minutes: number, email: string, expected: string][] = [
      [0, "sam@example.com", "pending"],
      // The same mailbox however it is spelt: plus-addressing, and Gmail's dots and domains.
      [10, "sam+roof@example.com", "skipped"],
      [20, "other@example.com", "pending"],
      [61, "sam@example.com", "pending"],
      [130, "sam+x@example.com", "pending"],
      [200, "sam@example.com", "skipped"], // a fourth within a day
      [24 * 60 + 1, "sam@example.com", "pending"], // the first has aged out of the day
      [0, "sam.nguyen@gmail.com", "pending"],
      [5, "SamNguyen+quote@googlemail.com".toLowerCase(), "skipped"],
    ];
    const ids: number[] = [];
    for (const [minutes, email] of plan) ids.push(await storeLeadAt(start, minutes, email));

    const acks = await Promise.all(ids.map((id) => statusOf(id, "ack")));
    expect(acks.map((a) => a?.status)).toEqual(plan.map(([, , expected]) => expected));
    const skipped = acks.filter((a) => a?.status === "skipped");
    expect(skipped.map((a) => a?.last_error)).toEqual([
      expect.stringMatching(/already sent one to this address within the hour/),
      expect.stringMatching(/already sent 3 to this address within 24 hours/),
      expect.stringMatching(/already sent one to this address within the hour/),
    ]);
    for (const id of ids) {
      expect((await statusOf(id, "email"))?.status).toBe("pending");
      expect((await statusOf(id, "webhook"))?.status).toBe("pending");
    }

    const w = worker();
    await drain(w, async () =>
      (await db.selectFrom("alert_outbox").select("status").execute()).every(
        (r) => r.status !== "pending",
      ),
    );
    const toOwner = smtp.messages.filter((m) => m.envelopeTo.includes("owner@roofs.example"));
    const toCustomers = smtp.messages.filter((m) => !m.envelopeTo.includes("owner@roofs.example"));
    expect(toOwner).toHaveLength(plan.length);
    expect(toCustomers).toHaveLength(plan.filter(([, , e]) => e === "pending").length);
    expect(hook.requests).toHaveLength(plan.length);
    // A skipped acknowledgement is a settled state: never claimed, never retried.
    for (const a of skipped) {
      const row = await statusOf(Number(a?.quote_request_id), "ack");
      expect(row).toMatchObject({ status: "skipped", attempts: 0, locked_by: null, sent_at: null });
    }
    const states = (await alertStatesFor(db, [Number(ids[1])])).get(Number(ids[1]));
    expect(states?.map((x) => [x.channel, x.status])).toEqual([
      ["email", "sent"],
      ["webhook", "sent"],
      ["ack", "skipped"],
    ]);
  });

  it("keeps to the cap when leads for one address arrive at once on two servers", async () => {
    const other = testDb().open(); // another server's own connection or pool
    try {
      const store = (on: Kysely<Database>, i: number) =>
        on.transaction().execute(async (trx) => {
          const row = lead({ name: `Burst ${i}`, email: "burst@example.com" });
          const { id } = await trx
            .insertInto("quote_requests")
            .values(row)
            .returning("id")
            .executeTakeFirstOrThrow();
          await enqueueLeadAlerts(trx, { id: Number(id), email: "burst@example.com" }, settings());
          return Number(id);
        });
      const ids = await Promise.all(
        Array.from({ length: 8 }, (_, i) => store(i % 2 ? other.db : db, i)),
      );
      const acks = await Promise.all(ids.map((id) => statusOf(id, "ack")));
      expect(acks.filter((a) => a?.status === "pending")).toHaveLength(1);
      expect(acks.filter((a) => a?.status === "skipped")).toHaveLength(7);
    } finally {
      await other.close();
    }
  });

  it("migrates an existing outbox to the skipped status and the recipient key, rows kept", async () => {
    const location = await testDb().fresh();
    const old = location.open();
    try {
      const provider = { getMigrations: async () => migrationsFor(testDb().dialect) };
      const { error } = await new Migrator({
        db: old.db,
        provider,
        migrationTableSchema: location.searchPath,
      }).migrateTo("0006_create_rate_limits");
      expect(error).toBeUndefined();
      const { id } = await old.db
        .insertInto("quote_requests")
        .values(lead())
        .returning("id")
        .executeTakeFirstOrThrow();
      const at = new Date().toISOString();
      const row = { quote_request_id: Number(id), next_attempt_at: at, created_at: at };
      await old.db
        .insertInto("alert_outbox")
        .values([
          { ...row, channel: "email", status: "sent", delivery_id: "msg_old_1", attempts: 2 },
          { ...row, channel: "ack", status: "pending", delivery_id: "msg_old_2", attempts: 0 },
        ] as never)
        .execute();

      await old.migrate();
      const rows = await old.db
        .selectFrom("alert_outbox")
        .select(["channel", "status", "attempts", "delivery_id", "recipient_key"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        {
          channel: "email",
          status: "sent",
          attempts: 2,
          delivery_id: "msg_old_1",
          recipient_key: null,
        },
        {
          channel: "ack",
          status: "pending",
          attempts: 0,
          delivery_id: "msg_old_2",
          recipient_key: null,
        },
      ]);
      const insert = (values: Record<string, unknown>) =>
        old.db
          .insertInto("alert_outbox")
          .values({ ...row, delivery_id: `msg_${Math.random()}`, ...values } as never)
          .execute();
      // The checks and the one-job-per-channel rule came through the copy.
      await expect(insert({ channel: "email", status: "pending" })).rejects.toThrow();
      await expect(insert({ channel: "webhook", status: "lost" })).rejects.toThrow();
      await expect(insert({ channel: "webhook", status: "skipped" })).resolves.toBeDefined();
      await old.db.deleteFrom("quote_requests").execute();
    } finally {
      await old.close();
    }
  });

  // --- Lanes: the owner's alerts never wait behind a customer's mail server ----------------

  it("delivers the owner's alert while customers' mail servers stall on RCPT TO", async () => {
    smtp.behave({ stallRcptTo: (address) => address.endsWith("@stall.example") });
    const w = worker();
    w.start();
    // Enough stalled acknowledgements to fill every connection one shared pool would have.
    const first: number[] = [];
    for (let i = 0; i < 3; i++) first.push(await storeLead({ email: `c${i}@stall.example` }));
    w.kick();
    await waitUntil(() => smtp.stalled.length >= 1, 10_000, "an acknowledgement to stall");
    const late = await storeLead({ email: null, name: "Late Lead" });
    w.kick();
    await smtp.waitFor(
      (messages) => messages.some((m) => m.parsed.subject?.includes("Late Lead")),
      20_000,
    );
    // It arrived while the customers' servers were still holding their acknowledgements.
    expect(smtp.stalled.length).toBeGreaterThan(0);
    expect(
      smtp.messages.filter((m) => m.envelopeTo.some((a) => a.endsWith("@stall.example"))),
    ).toHaveLength(0);
    // The message is on the SMTP server before its outcome is written: wait for the record.
    for (const id of [...first, late]) {
      await waitUntil(
        async () => (await statusOf(id, "email"))?.status === "sent",
        10_000,
        "every owner alert recorded",
      );
    }

    smtp.behave({});
    smtp.releaseStalled();
    await waitUntil(
      async () =>
        (await Promise.all(first.map((id) => statusOf(id, "ack")))).every(
          (a) => a?.status === "sent",
        ),
      15_000,
      "the acknowledgements once the stall ends",
    );
  });

  it("retries a mail server that refuses for now (451), then delivers once", async () => {
    smtp.behave({ mailFrom: { code: 451, message: "4.3.0 Try again later" } });
    const id = await storeLead({ email: null }, settings({ webhook: undefined }));
    const w = worker(settings({ webhook: undefined }));
    await w.runOnce();
    const waiting = await statusOf(id, "email");
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, locked_by: null });
    expect(waiting?.last_error).toContain("451");
    expect(smtp.messages).toHaveLength(0);

    smtp.behave({});
    await drain(w, async () => (await statusOf(id, "email"))?.status === "sent");
    expect(smtp.messages).toHaveLength(1);
    expect(await statusOf(id, "email")).toMatchObject({ attempts: 2, status: "sent" });
  });

  it("keeps a lead through a mail server that is down, and delivers when it is back", async () => {
    await smtp.down();
    const id = await storeLead({ email: null }, settings({ webhook: undefined }));
    const w = worker(settings({ webhook: undefined }));
    await w.runOnce();
    await waitUntil(
      async () => Number((await statusOf(id, "email"))?.attempts) >= 1,
      5_000,
      "an attempt",
    );
    await w.runOnce();
    const waiting = await statusOf(id, "email");
    expect(waiting?.status).toBe("pending");
    expect(waiting?.last_error).toMatch(/could not reach the mail server/);

    await smtp.up();
    await drain(w, async () => (await statusOf(id, "email"))?.status === "sent");
    expect(smtp.messages).toHaveLength(1);
  });

  it("stops at once on a permanent refusal (550), with the reason", async () => {
    smtp.behave({
      rcptTo: () => ({ code: 550, message: "5.1.1 No such user here" }),
    });
    const id = await storeLead({ email: null }, settings({ webhook: undefined }));
    const w = worker(settings({ webhook: undefined }));
    await w.runOnce();
    const failed = await statusOf(id, "email");
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed?.last_error).toMatch(/refused the recipient address \(550\)/);
    const attemptsBefore = smtp.attempts;
    smtp.behave({});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await w.runOnce()).toBe(0);
    expect(smtp.attempts).toBe(attemptsBefore);
  });

  it("gives up with the last error once the retry window has passed", async () => {
    smtp.behave({ mailFrom: { code: 421, message: "4.7.0 Busy" } });
    const s = settings({ webhook: undefined, retry: { baseMs: 1, maxMs: 2, forMs: 1 } });
    const id = await storeLead(
      { email: null, created_at: new Date(Date.now() - 10).toISOString() },
      s,
    );
    await worker(s).runOnce();
    const failed = await statusOf(id, "email");
    expect(failed?.status).toBe("failed");
    expect(failed?.last_error).toMatch(/gave up after 1 attempts: .*421/);
  });

  it("retries a webhook answered with 500, with the same webhook-id, and delivers it once", async () => {
    hook.answerWith([500, 500]);
    const s = settings({ smtp: undefined });
    const id = await storeLead({}, s);
    const w = worker(s);
    await drain(w, async () => (await statusOf(id, "webhook"))?.status === "sent");
    expect(hook.requests.map((r) => r.status)).toEqual([500, 500, 200]);
    expect(hook.requests.every((r) => r.verified)).toBe(true);
    expect(new Set(hook.requests.map((r) => r.id)).size).toBe(1);
    expect(await statusOf(id, "webhook")).toMatchObject({ attempts: 3 });
  });

  it("lets one worker at a time hold a job, and hands back claims", async () => {
    const id = await storeLead({ email: null });
    const [a, b] = ["worker-a", "worker-b"];
    const claimedByA = await claimDueJobs(db, testDb().dialect, a, { limit: 10, leaseMs: 60_000 });
    expect(claimedByA.map((j) => j.quote_request_id)).toEqual([id, id]);
    expect(await claimDueJobs(db, testDb().dialect, b, { limit: 10, leaseMs: 60_000 })).toEqual([]);
    expect(await releaseClaims(db, a)).toBe(2);
    expect(
      await claimDueJobs(db, testDb().dialect, b, { limit: 10, leaseMs: 60_000 }),
    ).toHaveLength(2);
    // A lease that has run out (its holder died) is free again.
    expect(
      await claimDueJobs(db, testDb().dialect, a, {
        limit: 10,
        leaseMs: 1,
        now: new Date(Date.now() + 120_000),
      }),
    ).toHaveLength(2);
  });

  it("has workers racing for 60 leads deliver each alert exactly once", async () => {
    const s = settings({ smtp: undefined });
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push(await storeLead({ name: `Race ${i}` }, s));
    const racers = [worker(s, "racer-1"), worker(s, "racer-2"), worker(s, "racer-3")];
    await Promise.all(
      racers.map(async (w) => {
        while ((await w.runOnce()) > 0) {}
      }),
    );
    expect(hook.requests).toHaveLength(60);
    const byLead = new Map<unknown, number>();
    for (const r of hook.requests) {
      const leadId = (r.payload?.data as { id?: number } | undefined)?.id;
      byLead.set(leadId, (byLead.get(leadId) ?? 0) + 1);
    }
    expect([...byLead.keys()].sort((x, y) => Number(x) - Number(y))).toEqual(ids);
    expect([...byLead.values()].every((n) => n === 1)).toBe(true);
  });

  it("started, delivers a new lead without waiting to be asked", async () => {
    const w = worker();
    w.start();
    const id = await storeLead({ email: null });
    await waitUntil(
      async () => (await statusOf(id, "email"))?.status === "sent",
      10_000,
      "delivery",
    );
    await w.stop();
    expect(smtp.messages).toHaveLength(1);
  });
});

it("backs off exponentially, with jitter, up to the cap", () => {
  const retry = { baseMs: 1_000, maxMs: 60_000 };
  expect(retryDelayMs(1, retry, () => 0)).toBe(500);
  expect(retryDelayMs(1, retry, () => 1)).toBe(1_000);
  expect(retryDelayMs(3, retry, () => 1)).toBe(4_000);
  expect(retryDelayMs(30, retry, () => 1)).toBe(60_000);
  expect(retryDelayMs(30, retry, () => 0)).toBe(30_000);
});
