import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/support/database";
import type { DatabaseHandle } from "../db.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { createSession, readSession, renewSession, SESSION_DAYS } from "./sessions.server";
import { signIn } from "./sign-in.server";
import { FAILURE_WINDOW_MS } from "./throttle.server";
import { AccountError, addUser, listUsers, removeUser, resetPassword } from "./users.server";

const NOW = Date.parse("2026-03-04T05:06:07.000Z");
const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = "correct horse battery";

describe("password hashing", () => {
  it("uses scrypt at N=2^17, r=8, p=1 with a fresh salt each time", async () => {
    const first = await hashPassword(PASSWORD);
    const second = await hashPassword(PASSWORD);
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword(PASSWORD, first)).toBe(true);
    expect(await verifyPassword(PASSWORD, second)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, first)).toBe(false);
    expect(await verifyPassword(PASSWORD, "plain-text")).toBe(false);
  });
});

describeEachDialect("accounts", (testDb) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = testDb().open();
    await handle.migrate();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("sign_in_failures").execute();
    await handle.db.deleteFrom("sessions").execute();
    await handle.db.deleteFrom("users").execute();
  });

  it("adds users with a lower-cased e-mail, once, and only with a 12-character password", async () => {
    const user = await addUser(handle.db, " Owner@Example.COM ", PASSWORD, NOW);
    expect(user.email).toBe("owner@example.com");
    await expect(addUser(handle.db, "OWNER@example.com", PASSWORD)).rejects.toThrow(AccountError);
    await expect(addUser(handle.db, "b@example.com", "eleven char")).rejects.toThrow(
      /12 characters/,
    );
    await expect(addUser(handle.db, "not an address", PASSWORD)).rejects.toThrow(AccountError);
    expect((await listUsers(handle.db)).map((u) => u.email)).toEqual(["owner@example.com"]);
    const stored = await handle.db
      .selectFrom("users")
      .select("password_hash")
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toContain(PASSWORD);
  });

  it("sessions last 30 days and are renewed while used, at most once a day", async () => {
    const user = await addUser(handle.db, "owner@example.com", PASSWORD);
    const { token, expiresAt } = await createSession(handle.db, user.id, NOW);
    expect(expiresAt.getTime()).toBe(NOW + SESSION_DAYS * DAY);
    const stored = await handle.db
      .selectFrom("sessions")
      .select("token_hash")
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(token);

    const session = await readSession(handle.db, token, NOW + 1000);
    if (!session) throw new Error("the new session should be readable");
    expect(session).toMatchObject({ userId: user.id, email: "owner@example.com" });
    expect(await renewSession(handle.db, token, session, NOW + 1000)).toBeUndefined();

    const later = NOW + 20 * DAY;
    const still = await readSession(handle.db, token, later);
    if (!still) throw new Error("the session should still be readable after 20 days");
    const renewed = await renewSession(handle.db, token, still, later);
    expect(renewed?.getTime()).toBe(later + SESSION_DAYS * DAY);
    // Past the first expiry, alive thanks to the renewal; then gone when unused for 30 days.
    expect(await readSession(handle.db, token, NOW + 31 * DAY)).toBeDefined();
    expect(await readSession(handle.db, token, later + SESSION_DAYS * DAY + 1)).toBeUndefined();
    expect(await readSession(handle.db, "x".repeat(43), NOW)).toBeUndefined();
  });

  it("resetting the password or removing the user ends their sessions", async () => {
    const owner = await addUser(handle.db, "owner@example.com", PASSWORD);
    const other = await addUser(handle.db, "other@example.com", PASSWORD);
    const a = await createSession(handle.db, owner.id, NOW);
    const b = await createSession(handle.db, owner.id, NOW);
    const c = await createSession(handle.db, other.id, NOW);

    await resetPassword(handle.db, "Owner@example.com", "a whole new password");
    expect(await readSession(handle.db, a.token, NOW)).toBeUndefined();
    expect(await readSession(handle.db, b.token, NOW)).toBeUndefined();
    expect(await readSession(handle.db, c.token, NOW)).toBeDefined();
    expect(
      (await signIn(handle.db, { email: "owner@example.com", password: PASSWORD, ip: "a" }, NOW))
        .ok,
    ).toBe(false);
    expect(
      (
        await signIn(
          handle.db,
          { email: "owner@example.com", password: "a whole new password", ip: "a" },
          NOW,
        )
      ).ok,
    ).toBe(true);

    await removeUser(handle.db, "other@example.com");
    expect(await readSession(handle.db, c.token, NOW)).toBeUndefined();
    await expect(removeUser(handle.db, "other@example.com")).rejects.toThrow(AccountError);
  });

  it("a wrong e-mail and a wrong password get the same answer; a right one a fresh session", async () => {
    await addUser(handle.db, "owner@example.com", PASSWORD);
    const wrongEmail = await signIn(
      handle.db,
      { email: "nobody@example.com", password: PASSWORD, ip: "a" },
      NOW,
    );
    const wrongPassword = await signIn(
      handle.db,
      { email: "owner@example.com", password: "nope nope nope", ip: "b" },
      NOW,
    );
    expect(wrongEmail).toEqual({ ok: false, reason: "invalid" });
    expect(wrongPassword).toEqual(wrongEmail);

    const first = await signIn(
      handle.db,
      { email: " OWNER@example.com", password: PASSWORD, ip: "c" },
      NOW,
    );
    const second = await signIn(
      handle.db,
      { email: "owner@example.com", password: PASSWORD, ip: "c" },
      NOW,
    );
    expect(first.ok && second.ok).toBe(true);
    if (first.ok && second.ok) expect(first.token).not.toBe(second.token);
  });

  it("5 failures for one account lock that account, from any address, for 15 minutes after the oldest", async () => {
    await addUser(handle.db, "owner@example.com", PASSWORD);
    await addUser(handle.db, "other@example.com", PASSWORD);
    for (let i = 0; i < 5; i++) {
      const result = await signIn(
        handle.db,
        { email: "owner@example.com", password: "wrong password!", ip: `10.0.0.${i}` },
        NOW + i * 60_000,
      );
      expect(result).toEqual({ ok: false, reason: "invalid" });
    }
    const locked = await signIn(
      handle.db,
      { email: "owner@example.com", password: PASSWORD, ip: "10.9.9.9" },
      NOW + 5 * 60_000,
    );
    expect(locked).toEqual({ ok: false, reason: "throttled", retryAfterSeconds: 10 * 60 });
    // Another account is not affected, even from an address that failed before.
    expect(
      (
        await signIn(
          handle.db,
          { email: "other@example.com", password: PASSWORD, ip: "10.0.0.1" },
          NOW + 5 * 60_000,
        )
      ).ok,
    ).toBe(true);
    // Once the oldest failure is 15 minutes old, the right password works again.
    expect(
      (
        await signIn(
          handle.db,
          { email: "owner@example.com", password: PASSWORD, ip: "10.9.9.9" },
          NOW + FAILURE_WINDOW_MS + 1,
        )
      ).ok,
    ).toBe(true);
  });

  it("5 failures from one address lock that address, for any account, and no other address", async () => {
    await addUser(handle.db, "owner@example.com", PASSWORD);
    for (let i = 0; i < 5; i++) {
      await signIn(
        handle.db,
        { email: `guess${i}@example.com`, password: PASSWORD, ip: "203.0.113.9" },
        NOW,
      );
    }
    const locked = await signIn(
      handle.db,
      { email: "owner@example.com", password: PASSWORD, ip: "203.0.113.9" },
      NOW + 1000,
    );
    expect(locked).toMatchObject({
      ok: false,
      reason: "throttled",
      retryAfterSeconds: 15 * 60 - 1,
    });
    expect(
      (
        await signIn(
          handle.db,
          { email: "owner@example.com", password: PASSWORD, ip: "198.51.100.1" },
          NOW + 1000,
        )
      ).ok,
    ).toBe(true);
  });

  it("a burst of parallel guesses can't get more than 5 past the limit", async () => {
    await addUser(handle.db, "owner@example.com", PASSWORD);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signIn(
          handle.db,
          { email: "owner@example.com", password: `wrong guess ${i}`, ip: `192.0.2.${i}` },
          NOW,
        ),
      ),
    );
    const checked = results.filter((r) => !r.ok && r.reason === "invalid").length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(results.filter((r) => !r.ok && r.reason === "throttled").length).toBe(12 - checked);
  });
});
