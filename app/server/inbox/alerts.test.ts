import { beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/support/database";
import type { AlertStatus } from "../alerts/outbox.server";
import type { DatabaseHandle } from "../db.server";
import { alertTrouble } from "./alerts.server";

const T = (minutes: number) =>
  new Date(Date.parse("2026-03-04T05:00:00.000Z") + minutes * 60_000).toISOString();

describeEachDialect("the inbox's alert notice", (testDb) => {
  let handle: DatabaseHandle;
  let lead = 0;

  beforeAll(async () => {
    handle = testDb().open();
    await handle.migrate();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("alert_outbox").execute();
    await handle.db.deleteFrom("quote_requests").execute();
  });

  /** A lead queued at `minute`, and its delivery on `channel` in the given state. */
  async function delivery(
    channel: "email" | "webhook" | "ack",
    minute: number,
    status: AlertStatus,
    attempts: number,
    lastError: string | null = null,
  ) {
    lead++;
    const row = await handle.db
      .insertInto("quote_requests")
      .values({
        name: `Lead ${lead}`,
        phone: "0412 345 678",
        phone_normalised: "0412345678",
        email: null,
        postcode: "3056",
        suburb: "Brunswick",
        message: null,
        source_page: null,
        idempotency_key: null,
        is_spam: 0,
        spam_reason: null,
        outside_service_area: 0,
        created_at: T(minute),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto("alert_outbox")
      .values({
        quote_request_id: Number(row.id),
        channel,
        status,
        attempts,
        last_error: lastError,
        next_attempt_at: T(minute + 1),
        sent_at: status === "sent" ? T(minute) : null,
        created_at: T(minute),
        locked_by: null,
        locked_until: null,
        delivery_id: `d-${lead}`,
        recipient_key: null,
      })
      .execute();
  }

  it("is quiet while alerts go out, or are only waiting for their first try", async () => {
    await delivery("email", 0, "sent", 1);
    await delivery("email", 1, "pending", 0);
    await delivery("webhook", 1, "not_configured", 0);
    expect(await alertTrouble(handle.db)).toEqual([]);
  });

  it("says which channel fails, since when and the last error, until one gets through", async () => {
    await delivery("email", 0, "sent", 1);
    await delivery("email", 10, "pending", 2, "connect ECONNREFUSED 127.0.0.1:587");
    await delivery("email", 12, "failed", 9, "535 5.7.8 Authentication failed");
    await delivery("email", 14, "pending", 1, "535 5.7.8 Authentication failed again");
    // A customer's bad mailbox is not the settings' fault.
    await delivery("ack", 15, "failed", 9, "550 no such user");
    expect(await alertTrouble(handle.db)).toEqual([
      {
        channel: "email",
        since: T(10),
        lastError: "535 5.7.8 Authentication failed again",
        retrying: 2,
        failed: 1,
      },
    ]);

    await delivery("webhook", 20, "failed", 9, "HTTP 500");
    expect((await alertTrouble(handle.db)).map((t) => t.channel)).toEqual(["email", "webhook"]);

    // A later e-mail got through: e-mail works again; the webhook still doesn't.
    await delivery("email", 30, "sent", 1);
    expect(await alertTrouble(handle.db)).toEqual([
      { channel: "webhook", since: T(20), lastError: "HTTP 500", retrying: 0, failed: 1 },
    ]);
    await delivery("webhook", 31, "sent", 3);
    expect(await alertTrouble(handle.db)).toEqual([]);
  });
});
