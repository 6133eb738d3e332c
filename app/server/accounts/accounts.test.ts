import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachDialect } from "../../../tests/support/database";
import type { DatabaseHandle } from "../db.server";
import { HASHING_LIMITS, HashingBusy, hashPassword, verifyPassword } from "./passwords.server";
import { createSession, readSession, renewSession, SESSION_DAYS } from "./sessions.server";
import { signIn } from "./sign-in.server";
import {
  ACCOUNT_FREE_FAILURES,
  ADDRESS_MAX_FAILURES,
  FAILURE_WINDOW_MS,
  PAIR_MAX_FAILURES,
} from "./throttle.server";
import {
  AccountError,
  addUser,
  findUserForSignIn,
  listUsers,
  removeUser,
  resetPassword,
} from "./users.server";

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

// Sign-in tests run real scrypt hashes of 128 MiB, two at a time: on a loaded 2-core machine a
// test of twenty sign-ins can take well over the default 20 s.
vi.setConfig({ testTimeout: 120_000 });

describeEachDialect("accounts", (testDb) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = testDb().open();
    await handle.migrate();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("sign_in_failures").execute();
    await handle.db.deleteFrom("sessions").execute();
    await handle.db.deleteFrom("known_devices").execute();
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

  /** The hash a sign-in would have checked the password against. */
  const hashOf = async (email: string) =>
    (await findUserForSignIn(handle.db, email))?.passwordHash ?? "";
  const newSession = async (userId: number, email: string) => {
    const session = await createSession(handle.db, userId, NOW, await hashOf(email));
    if (!session) throw new Error("the session should have been made");
    return session;
  };

  it("sessions last 30 days and are renewed while used, at most once a day", async () => {
    const user = await addUser(handle.db, "owner@example.com", PASSWORD);
    const { token, expiresAt } = await newSession(user.id, user.email);
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
    const a = await newSession(owner.id, owner.email);
    const b = await newSession(owner.id, owner.email);
    const c = await newSession(other.id, other.email);

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

  describe("sign-in limits", () => {
    const attempt = (email: string, password: string, ip: string, at: number, device?: string) =>
      signIn(handle.db, { email, password, ip, deviceToken: device }, at);
    const OWNER = "owner@example.com";

    it("a stranger's failures from one address don't lock the owner out from another", async () => {
      await addUser(handle.db, OWNER, PASSWORD);
      for (let i = 0; i < PAIR_MAX_FAILURES; i++) {
        expect(
          await attempt(OWNER, `stranger guess ${i}`, "203.0.113.9", NOW + i * 60_000),
        ).toEqual({ ok: false, reason: "invalid" });
      }
      const home = await attempt(OWNER, PASSWORD, "198.51.100.1", NOW + 5 * 60_000);
      expect(home.ok).toBe(true);
    });

    it("the stranger's address is held back for that account until its oldest failure is 15 minutes old", async () => {
      await addUser(handle.db, OWNER, PASSWORD);
      await addUser(handle.db, "other@example.com", PASSWORD);
      for (let i = 0; i < PAIR_MAX_FAILURES; i++) {
        await attempt(OWNER, `stranger guess ${i}`, "203.0.113.9", NOW + i * 60_000);
      }
      // Even the right password: the address has used its guesses at this account.
      expect(await attempt(OWNER, PASSWORD, "203.0.113.9", NOW + 5 * 60_000)).toEqual({
        ok: false,
        reason: "throttled",
        retryAfterSeconds: 10 * 60,
      });
      expect(
        (await attempt("other@example.com", PASSWORD, "203.0.113.9", NOW + 5 * 60_000)).ok,
      ).toBe(true);
      expect((await attempt(OWNER, PASSWORD, "203.0.113.9", NOW + FAILURE_WINDOW_MS + 1)).ok).toBe(
        true,
      );
    });

    it(`${ADDRESS_MAX_FAILURES} failures from one address, over any accounts, hold that address back for every account`, async () => {
      await addUser(handle.db, OWNER, PASSWORD);
      for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) {
        expect(await attempt(`guess${i}@example.com`, PASSWORD, "203.0.113.9", NOW)).toEqual({
          ok: false,
          reason: "invalid",
        });
      }
      expect(await attempt(OWNER, PASSWORD, "203.0.113.9", NOW + 1000)).toEqual({
        ok: false,
        reason: "throttled",
        retryAfterSeconds: 15 * 60 - 1,
      });
      expect((await attempt(OWNER, PASSWORD, "198.51.100.1", NOW + 1000)).ok).toBe(true);
    });

    it("IPv6 addresses in one /64 share their budget; the next /64 has its own", async () => {
      await addUser(handle.db, OWNER, PASSWORD);
      for (let i = 1; i <= PAIR_MAX_FAILURES; i++) {
        await attempt(OWNER, `v6 guess ${i}`, `2001:db8:5:7::${i}`, NOW);
      }
      expect(await attempt(OWNER, PASSWORD, "2001:db8:5:7:ffff:1:2:3", NOW + 1000)).toMatchObject({
        reason: "throttled",
      });
      expect((await attempt(OWNER, PASSWORD, "2001:db8:5:8::1", NOW + 1000)).ok).toBe(true);
    });

    it("many addresses guessing one account are slowed more and more, while the owner's known device gets straight in", async () => {
      await addUser(handle.db, OWNER, PASSWORD);
      const earlier = await attempt(OWNER, PASSWORD, "198.51.100.1", NOW - DAY);
      if (!earlier.ok) throw new Error("the owner's first sign-in should work");
      const device = earlier.deviceToken;

      let at = NOW;
      let next = 1;
      const guess = () => attempt(OWNER, "botnet guess!", `192.0.2.${next++}`, at);
      for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
        expect(await guess()).toEqual({ ok: false, reason: "invalid" });
      }
      // Past the free failures each guess waits for the one before it, twice as long each time,
      // up to a minute.
      const waits: number[] = [];
      for (let i = 0; i < 9; i++) {
        const held = await guess();
        if (held.ok || held.reason !== "throttled") throw new Error(`not held back: ${held}`);
        waits.push(held.retryAfterSeconds);
        at += held.retryAfterSeconds * 1000;
        expect(await guess()).toEqual({ ok: false, reason: "invalid" });
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);

      // A new device, even with the right password, waits its turn like everyone else...
      expect(await attempt(OWNER, PASSWORD, "198.51.100.200", at)).toMatchObject({
        reason: "throttled",
      });
      // ...but the owner's phone, known from an earlier sign-in, does not.
      const phone = await attempt(OWNER, PASSWORD, "198.51.100.201", at, device);
      expect(phone.ok).toBe(true);
      if (phone.ok) expect(phone.deviceToken).toBe(device);
    });

    it("a known device has its own budget of guesses and counts only for its own account", async () => {
      await addUser(handle.db, OWNER, PASSWORD);
      await addUser(handle.db, "other@example.com", PASSWORD);
      const first = await attempt(OWNER, PASSWORD, "198.51.100.1", NOW - DAY);
      if (!first.ok) throw new Error("the owner's first sign-in should work");
      for (let i = 0; i < PAIR_MAX_FAILURES; i++) {
        await attempt(OWNER, `thief guess ${i}`, `192.0.2.${i}`, NOW, first.deviceToken);
      }
      expect(await attempt(OWNER, PASSWORD, "192.0.2.99", NOW, first.deviceToken)).toMatchObject({
        reason: "throttled",
      });
      // Without the cookie, from a fresh address, the owner is a stranger again and gets in.
      expect((await attempt(OWNER, PASSWORD, "198.51.100.2", NOW)).ok).toBe(true);
      // Another account doesn't know this device: a new one is issued.
      const other = await attempt(
        "other@example.com",
        PASSWORD,
        "198.51.100.3",
        NOW,
        "x".repeat(43),
      );
      expect(other.ok && other.deviceToken !== "x".repeat(43)).toBe(true);
      const rows = await handle.db.selectFrom("known_devices").selectAll().execute();
      for (const row of rows) expect(row.token_hash).not.toBe(first.deviceToken);
    });

    it("a burst of parallel guesses from one address can't get more than 5 past the limit", async () => {
      await addUser(handle.db, OWNER, PASSWORD);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => attempt(OWNER, `wrong guess ${i}`, "192.0.2.7", NOW)),
      );
      const checked = results.filter((r) => !r.ok && r.reason === "invalid").length;
      expect(checked).toBeLessThanOrEqual(PAIR_MAX_FAILURES);
      expect(results.filter((r) => !r.ok && r.reason === "throttled").length).toBe(12 - checked);
    });
  });

  it("a reset while a sign-in is checking the old password: that sign-in gets no session", async () => {
    const owner = await addUser(handle.db, "owner@example.com", PASSWORD);
    // The sign-in reads the hash and checks the password against it...
    const seen = await findUserForSignIn(handle.db, "owner@example.com");
    if (!seen) throw new Error("the account should be there");
    expect(await verifyPassword(PASSWORD, seen.passwordHash)).toBe(true);
    // ...the owner resets the password on the command line meanwhile...
    await resetPassword(handle.db, "owner@example.com", "a whole new password");
    // ...and the session the sign-in then asks for is refused.
    expect(await createSession(handle.db, owner.id, NOW, seen.passwordHash)).toBeUndefined();
    expect(await handle.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    // With the hash as it now stands, it works.
    expect(
      await createSession(handle.db, owner.id, NOW, await hashOf("owner@example.com")),
    ).toBeDefined();
  });
});

describe("password hashing at once", () => {
  it(`runs ${HASHING_LIMITS.running} at a time, queues ${HASHING_LIMITS.waiting}, and refuses the rest at once`, async () => {
    const stored = await hashPassword(PASSWORD);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => verifyPassword(PASSWORD, stored)),
    );
    const done = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(done).toHaveLength(HASHING_LIMITS.running + HASHING_LIMITS.waiting);
    for (const r of done) expect(r.value).toBe(true);
    for (const r of refused) expect(r.reason).toBeInstanceOf(HashingBusy);
    // Once the queue has drained, the next one runs.
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
  });
});
