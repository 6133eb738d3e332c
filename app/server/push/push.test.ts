// Phone alerts through the outbox against real databases and a real HTTPS push receiver
// that checks the VAPID signature and decrypts each payload (tests/support/push-receiver.ts).
import { Agent } from "node:https";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { describeEachDialect } from "../../../tests/support/database";
import { waitUntil } from "../../../tests/support/mail-sink";
import {
  type PushReceiver,
  type Subscriber,
  startPushReceiver,
} from "../../../tests/support/push-receiver";
import { enqueueLeadAlerts } from "../alerts/outbox.server";
import type { AlertSettings } from "../alerts/settings.server";
import { type AlertWorker, createAlertWorker } from "../alerts/worker.server";
import type { Database, DatabaseHandle } from "../db.server";
import type { NewQuoteRequest } from "../quote-repository.server";
import { storedVapidKeys, vapidKeySource } from "./keys.server";
import { deliverLeadPush, type PushSender, retryAfterMs } from "./send.server";
import { PUSH_TTL_SECONDS, pushSettingsFrom } from "./settings.server";
import { parseSubscription, saveSubscription } from "./subscriptions.server";

const lead = (overrides: Partial<NewQuoteRequest> = {}): NewQuoteRequest => ({
  name: "Sam Nguyen",
  phone: "0412 345 678",
  phone_normalised: "0412345678",
  email: null,
  postcode: "3056",
  suburb: "Brunswick",
  message: `Water coming through the hallway ceiling every time it rains. ${"More detail. ".repeat(20)}`,
  source_page: "/roof-repair-brunswick",
  idempotency_key: null,
  is_spam: 0,
  spam_reason: null,
  outside_service_area: 0,
  created_at: new Date().toISOString(),
  ...overrides,
});

const settings: AlertSettings = {
  ack: false,
  // Short, so a retry comes round within the test; the rules are the production ones.
  retry: { baseMs: 1, maxMs: 5, forMs: 24 * 3600_000 },
  pollMs: 20,
  leaseMs: 60_000,
};

describeEachDialect("phone alerts", (testDb) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let receiver: PushReceiver;
  let sender: PushSender;
  let owner: number;
  const workers: AlertWorker[] = [];

  const worker = () => {
    const w = createAlertWorker({
      database: async () => db,
      dialect: testDb().dialect,
      settings,
      push: { deliver: (d, l) => deliverLeadPush(d, l, sender) },
      log: () => {},
    });
    workers.push(w);
    return w;
  };

  async function storeLead(overrides: Partial<NewQuoteRequest> = {}) {
    return db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("quote_requests")
        .values(lead(overrides))
        .returning("id")
        .executeTakeFirstOrThrow();
      await enqueueLeadAlerts(trx, { id: Number(id), email: null }, settings);
      return Number(id);
    });
  }

  async function device(label = "Chrome on Android"): Promise<Subscriber & { rowId: number }> {
    const subscriber = receiver.subscriber();
    const parsed = parseSubscription(subscriber.subscription);
    if (typeof parsed === "string") throw new Error(parsed);
    const saved = await saveSubscription(db, owner, parsed, label);
    if (saved === "too_many") throw new Error("too many");
    return { ...subscriber, rowId: saved.id };
  }

  const pushJob = async (leadId: number) =>
    db
      .selectFrom("alert_outbox")
      .selectAll()
      .where("quote_request_id", "=", leadId)
      .where("channel", "=", "push")
      .executeTakeFirst();

  beforeAll(async () => {
    handle = testDb().open();
    await handle.migrate();
    db = handle.db;
    receiver = await startPushReceiver();
    sender = {
      subject: "mailto:leads@roofs.example",
      keys: vapidKeySource({ subject: "mailto:leads@roofs.example" }, async () => db),
      agent: new Agent({ ca: receiver.cert }),
    };
    const user = await db
      .insertInto("users")
      .values({ email: "owner@roofs.example", password_hash: "x", created_at: "2026-01-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    owner = Number(user.id);
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(async () => {
    await db.deleteFrom("alert_outbox").execute();
    await db.deleteFrom("quote_requests").execute();
    await db.deleteFrom("push_subscriptions").execute();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop(100)));
  });

  it("makes no push job while nobody has a device", async () => {
    const id = await storeLead();
    expect(await pushJob(id)).toBeUndefined();
  });

  it("sends each lead to every device: TTL in hours, Urgency high, signed, encrypted, the lead's name, suburb and message", async () => {
    const phone = await device();
    const laptop = await device("Firefox on Windows");
    const id = await storeLead();
    expect((await pushJob(id))?.status).toBe("pending");

    await worker().runOnce("owner");

    expect((await pushJob(id))?.status).toBe("sent");
    const keys = await storedVapidKeys(db);
    for (const subscriber of [phone, laptop]) {
      const [push, ...more] = receiver.received(subscriber.id);
      expect(more).toHaveLength(0);
      expect(push?.problem).toBeUndefined();
      expect(push?.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
      expect(PUSH_TTL_SECONDS).toBeLessThanOrEqual(12 * 3600);
      expect(push?.headers.urgency).toBe("high");
      expect(push?.headers["content-encoding"]).toBe("aes128gcm");
      // Signed with the server's key, for this push service, by us.
      expect(push?.vapidKey).toBe(keys.publicKey);
      expect(push?.jwt?.aud).toBe(receiver.origin);
      expect(push?.jwt?.sub).toBe("mailto:leads@roofs.example");
      expect(push?.jwt?.exp).toBeGreaterThan(Date.now() / 1000);
      expect(push?.payload).toEqual({
        title: "New lead: Sam Nguyen, Brunswick",
        body: expect.stringMatching(
          /^Water coming through the hallway ceiling every time it rains\. .*…$/,
        ),
        url: `/admin/leads/${id}`,
        tag: `lead-${id}`,
      });
      expect((push?.payload as { body?: string } | null)?.body?.length).toBeLessThanOrEqual(140);
    }
    const rows = await db.selectFrom("push_subscriptions").select("last_sent_at").execute();
    expect(rows.every((row) => row.last_sent_at !== null)).toBe(true);
  });

  it("waits at least the Retry-After of a 429, and resends only to the device that refused", async () => {
    const busy = await device();
    const fine = await device();
    receiver.answer(busy.id, { status: 429, headers: { "Retry-After": "120" } });
    const id = await storeLead();
    const before = Date.now();

    await worker().runOnce("owner");

    const job = await pushJob(id);
    expect(job?.status).toBe("pending");
    expect(job?.last_error).toContain("answered 429");
    // The outbox's own backoff here is 5 ms at most: the wait is the push service's.
    expect(Date.parse(job?.next_attempt_at ?? "")).toBeGreaterThanOrEqual(before + 120_000);
    expect(receiver.received(fine.id)).toHaveLength(1);

    // Due now: the retry goes to the busy device alone.
    await db
      .updateTable("alert_outbox")
      .set({ next_attempt_at: new Date().toISOString() })
      .where("id", "=", Number(job?.id))
      .execute();
    await worker().runOnce("owner");
    expect((await pushJob(id))?.status).toBe("sent");
    expect(receiver.received(busy.id).map((push) => push.status)).toEqual([429, 201]);
    expect(receiver.received(fine.id)).toHaveLength(1);
  });

  it("retries a 503 with the outbox's backoff until the push service takes it", async () => {
    const phone = await device();
    receiver.answer(phone.id, { status: 503 }, { status: 502 });
    const id = await storeLead();
    const w = worker();
    await waitUntil(
      async () => {
        await w.runOnce("owner");
        return (await pushJob(id))?.status === "sent";
      },
      10_000,
      "the push to be sent",
    );
    expect(receiver.received(phone.id).map((push) => push.status)).toEqual([503, 502, 201]);
    expect(Number((await pushJob(id))?.attempts)).toBe(3);
  });

  it("deletes a device the push service calls gone (410 or 404) and never sends to it again", async () => {
    const gone = await device();
    const lost = await device();
    const kept = await device();
    receiver.answer(gone.id, {
      status: 410,
      body: "push subscription has unsubscribed or expired",
    });
    receiver.answer(lost.id, { status: 404 });
    const first = await storeLead();
    await worker().runOnce("owner");

    const job = await pushJob(first);
    expect(job?.status).toBe("sent");
    expect(job?.last_error).toContain("no longer subscribed");
    const left = await db.selectFrom("push_subscriptions").select("id").execute();
    expect(left.map((row) => Number(row.id))).toEqual([kept.rowId]);

    const second = await storeLead({ name: "Alex Chen" });
    await worker().runOnce("owner");
    expect((await pushJob(second))?.status).toBe("sent");
    expect(receiver.received(gone.id)).toHaveLength(1);
    expect(receiver.received(lost.id)).toHaveLength(1);
    expect(receiver.received(kept.id)).toHaveLength(2);
  });

  it("fails the job, with the push service's words, when a device refuses for good", async () => {
    const refused = await device("Safari on iPhone");
    const fine = await device();
    receiver.answer(refused.id, { status: 403, body: '{"reason":"BadJwtToken"}' });
    const id = await storeLead();
    await worker().runOnce("owner");
    const job = await pushJob(id);
    expect(job?.status).toBe("failed");
    expect(job?.last_error).toContain("sent to 1 of 2 devices");
    expect(job?.last_error).toContain("Safari on iPhone");
    expect(job?.last_error).toContain('403: {"reason":"BadJwtToken"}');
    expect(receiver.received(fine.id)).toHaveLength(1);
  });

  it("makes one key pair, whichever server asks first, and keeps it", async () => {
    const other = (await testDb().fresh()).open();
    await other.migrate();
    const pairs = await Promise.all([
      storedVapidKeys(other.db),
      storedVapidKeys(other.db),
      storedVapidKeys(other.db),
    ]);
    expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
    expect(await storedVapidKeys(other.db)).toEqual(pairs[0]);
    // Configured keys win over the stored pair.
    const configured = webpush.generateVAPIDKeys();
    const source = vapidKeySource(
      { subject: "mailto:a@b.example", keys: configured },
      async () => other.db,
    );
    expect(await source()).toEqual(configured);
  });
});

describe("push settings", () => {
  const env = {
    VAPID_SUBJECT: undefined,
    VAPID_PUBLIC_KEY: undefined,
    VAPID_PRIVATE_KEY: undefined,
    LEAD_ALERT_FROM: undefined,
    SITE_URL: undefined,
  };
  const local = { siteUrl: "http://localhost:3000", email: "hello@roofs.example" };

  it("signs as LEAD_ALERT_FROM's address, else the https site, never localhost", () => {
    expect(
      pushSettingsFrom({ ...env, LEAD_ALERT_FROM: "Website <leads@roofs.example>" }, local),
    ).toMatchObject({ subject: "mailto:leads@roofs.example" });
    expect(pushSettingsFrom({ ...env, SITE_URL: "https://www.roofs.example" }, local).subject).toBe(
      "https://www.roofs.example",
    );
    expect(
      pushSettingsFrom(env, { siteUrl: "https://roofs.example", email: "x@roofs.example" }).subject,
    ).toBe("https://roofs.example");
    const fallback = pushSettingsFrom({ ...env, SITE_URL: "https://localhost:3000" }, local);
    expect(fallback.subject).toBe("mailto:hello@roofs.example");
    expect(fallback.subjectNote).toContain("LEAD_ALERT_FROM");
    expect(
      pushSettingsFrom({ ...env, VAPID_SUBJECT: "mailto:ops@roofs.example" }, local).subject,
    ).toBe("mailto:ops@roofs.example");
  });

  it("reads Retry-After as seconds or a date", () => {
    expect(retryAfterMs("120")).toBe(120_000);
    expect(
      retryAfterMs(new Date(Date.UTC(2030, 0, 1, 0, 1)).toUTCString(), Date.UTC(2030, 0, 1)),
    ).toBe(60_000);
    expect(retryAfterMs("soon")).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });

  it("takes only an https endpoint and real keys", () => {
    const keys = {
      p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString("base64url"),
      auth: Buffer.alloc(16, 2).toString("base64url"),
    };
    expect(
      parseSubscription({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys }),
    ).toEqual({
      endpoint: "https://fcm.googleapis.com/fcm/send/abc",
      ...keys,
    });
    for (const bad of [
      null,
      "https://x.example",
      { endpoint: "http://fcm.googleapis.com/x", keys },
      { endpoint: "https://user:pw@push.example/x", keys },
      { endpoint: `https://push.example/${"a".repeat(1100)}`, keys },
      { endpoint: "https://push.example/x", keys: { ...keys, p256dh: "AAAA" } },
      { endpoint: "https://push.example/x", keys: { ...keys, auth: "AAAA" } },
      { endpoint: "https://push.example/x" },
    ]) {
      expect(typeof parseSubscription(bad), JSON.stringify(bad)?.slice(0, 80)).toBe("string");
    }
  });
});
