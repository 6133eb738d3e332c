import { sql } from "kysely";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { leadReference } from "~/lib/lead-reference";
import { normalisePhone } from "~/lib/quote-schema";
import { describeEachDialect } from "../../../tests/support/database";
import type { DatabaseHandle } from "../db.server";
import type { NewQuoteRequest } from "../quote-repository.server";
import {
  addNote,
  bulkChange,
  changeStatus,
  countOverdue,
  countsByStatus,
  deleteLead,
  getLead,
  InvalidLeadChange,
  isOverdue,
  LeadNotFound,
  leadHistory,
  listLeads,
  listQuery,
  markNotSpam,
  PAGE_SIZE,
  saveLeadWork,
  sourceSummary,
} from "./leads.server";
import { purgeOldLeads } from "./retention.server";

const NOW = Date.parse("2026-03-04T05:06:07.000Z");
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

let counter = 0;
function leadRow(overrides: Partial<NewQuoteRequest> = {}): NewQuoteRequest {
  counter++;
  return {
    name: `Lead ${counter}`,
    phone: "0412 345 678",
    phone_normalised: "0412345678",
    email: null,
    postcode: "3056",
    suburb: "Brunswick",
    message: null,
    source_page: "/roof-repair-brunswick",
    idempotency_key: null,
    is_spam: 0,
    spam_reason: null,
    outside_service_area: 0,
    created_at: new Date(NOW - counter * MIN).toISOString(),
    ...overrides,
  };
}

describeEachDialect("the inbox", (testDb) => {
  let handle: DatabaseHandle;
  const insert = async (overrides: Partial<NewQuoteRequest> = {}) => {
    const row = await handle.db
      .insertInto("quote_requests")
      .values(leadRow(overrides))
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  beforeAll(async () => {
    handle = testDb().open();
    await handle.migrate();
  });
  beforeEach(async () => {
    counter = 0;
    await handle.db.deleteFrom("lead_history").execute();
    await handle.db.deleteFrom("quote_requests").execute();
  });

  it("lists leads newest first, 50 a page, spam apart", async () => {
    const older = await insert({ created_at: new Date(NOW - 2 * DAY).toISOString() });
    const newer = await insert({ created_at: new Date(NOW - MIN).toISOString() });
    const spam = await insert({ is_spam: 1, spam_reason: "honeypot" });
    const inbox = await listLeads(handle.db, { view: "inbox" });
    expect(inbox.leads.map((l) => l.id)).toEqual([newer, older]);
    expect(inbox).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    const spamTab = await listLeads(handle.db, { view: "spam" });
    expect(spamTab.leads.map((l) => [l.id, l.spamReason])).toEqual([[spam, "honeypot"]]);

    for (let i = 0; i < PAGE_SIZE; i++) await insert();
    const second = await listLeads(handle.db, { view: "inbox", page: 2 });
    expect(second).toMatchObject({ total: 52, page: 2, pageCount: 2 });
    expect(second.leads).toHaveLength(2);
    expect(second.leads.at(-1)?.id).toBe(older);
  });

  it("filters by status and searches name, phone, e-mail, suburb, postcode and message", async () => {
    const sam = await insert({
      name: "Sam Nguyen",
      email: "sam@example.com",
      message: "Leak over the LAUNDRY",
    });
    const jo = await insert({
      name: "Jo Bloggs",
      phone: "(03) 5550 4321",
      phone_normalised: "0355504321",
      suburb: "Preston",
      postcode: "3072",
    });
    await insert({ name: "100%_real" });
    await changeStatus(handle.db, jo, "contacted", "owner@example.com", NOW);

    const ids = async (filter: Parameters<typeof listLeads>[1]) =>
      (await listLeads(handle.db, filter)).leads.map((l) => l.id);
    expect(await ids({ view: "inbox", status: "contacted" })).toEqual([jo]);
    expect(await ids({ view: "inbox", status: "new", q: "sam" })).toEqual([sam]);
    expect(await ids({ view: "inbox", q: "SAM@EXAMPLE" })).toEqual([sam]);
    expect(await ids({ view: "inbox", q: "laundry" })).toEqual([sam]);
    expect(await ids({ view: "inbox", q: "presTON" })).toEqual([jo]);
    expect(await ids({ view: "inbox", q: "3072" })).toEqual([jo]);
    expect(await ids({ view: "inbox", q: "5550 4321" })).toEqual([jo]);
    expect(await ids({ view: "inbox", q: "0355504321" })).toEqual([jo]);
    // LIKE's wildcards are taken literally.
    expect((await listLeads(handle.db, { view: "inbox", q: "%" })).total).toBe(1);
    expect((await listLeads(handle.db, { view: "inbox", q: "_" })).total).toBe(1);
  });

  it("finds a lead by its phone however either side typed it, and by its reference", async () => {
    // Stored as customers type them; searched as the owner would type them back.
    const typed = [
      "0412 345 678",
      "61 412 555 666",
      "412 555 777",
      "(03) 9555 1234",
      "0412-555-667",
      "+61 412 555 888",
    ];
    const ids = new Map<string, number>();
    for (const phone of typed) {
      ids.set(phone, await insert({ phone, phone_normalised: normalisePhone(phone) }));
    }
    const found = async (q: string) =>
      (await listLeads(handle.db, { view: "inbox", q })).leads.map((l) => l.id);
    const searches: [string, string][] = [
      ["+61 412 345 678", "0412 345 678"],
      ["61 412 345 678", "0412 345 678"],
      ["0412 555 666", "61 412 555 666"],
      ["+61412555666", "61 412 555 666"],
      ["0412 555 777", "412 555 777"],
      ["+61 412 555 777", "412 555 777"],
      ["+61 3 9555 1234", "(03) 9555 1234"],
      ["9555 1234", "(03) 9555 1234"],
      ["0412555667", "0412-555-667"],
      ["+61 412 555 667", "0412-555-667"],
      ["0412 555 888", "+61 412 555 888"],
      ["412555888", "+61 412 555 888"],
    ];
    for (const [q, stored] of searches) expect(await found(q), q).toEqual([ids.get(stored)]);

    const id = ids.get("(03) 9555 1234") as number;
    const reference = leadReference(id);
    expect(await found(reference)).toEqual([id]);
    expect(await found(reference.toLowerCase().replace("rq-", "rq "))).toEqual([id]);
    expect(await found(reference.slice(3))).toEqual([id]);
    // Words still search as words, even when they would also read as base 32.
    expect(await found("FOOTSCRAY")).toEqual([]);
  });

  it("sorts oldest first on request and keeps to a range of Melbourne days", async () => {
    // 2026-03-01 in Melbourne (AEDT, +11) runs from 2026-02-28T13:00Z to 2026-03-01T13:00Z.
    const at = (iso: string) => insert({ created_at: iso });
    const lastOfFeb = await at("2026-02-28T12:59:59.999Z");
    const firstOfMarch = await at("2026-02-28T13:00:00.000Z");
    const lateFirst = await at("2026-03-01T12:59:59.000Z");
    const second = await at("2026-03-01T13:00:00.000Z");
    const ids = async (filter: Partial<Parameters<typeof listLeads>[1]>) =>
      (await listLeads(handle.db, { view: "inbox", ...filter })).leads.map((l) => l.id);
    expect(await ids({})).toEqual([second, lateFirst, firstOfMarch, lastOfFeb]);
    expect(await ids({ sort: "oldest" })).toEqual([lastOfFeb, firstOfMarch, lateFirst, second]);
    expect(await ids({ from: "2026-03-01", to: "2026-03-01" })).toEqual([lateFirst, firstOfMarch]);
    expect(await ids({ from: "2026-03-01" })).toEqual([second, lateFirst, firstOfMarch]);
    expect(await ids({ to: "2026-02-28" })).toEqual([lastOfFeb]);
    // Winter (AEST, +10): 2026-07-01 starts at 2026-06-30T14:00Z.
    const winterEve = await at("2026-06-30T13:59:59.000Z");
    const winterDay = await at("2026-06-30T14:00:00.000Z");
    expect(await ids({ from: "2026-07-01", to: "2026-07-01" })).toEqual([winterDay]);
    expect(await ids({ from: "2026-06-30", to: "2026-06-30" })).toEqual([winterEve]);
  });

  it("counts as overdue only new leads from today (Melbourne) past 15 minutes", async () => {
    // NOW is 2026-03-04 16:06 in Melbourne; its day began at 2026-03-03T13:00Z.
    await insert({ created_at: new Date(NOW - 16 * MIN).toISOString() });
    await insert({ created_at: "2026-03-03T13:00:00.000Z" });
    await insert({ created_at: new Date(NOW - 14 * MIN).toISOString() });
    await insert({ created_at: "2026-03-03T12:59:59.000Z" });
    await insert({ created_at: new Date(NOW - 3 * DAY).toISOString() });
    await insert({ created_at: new Date(NOW - 60 * MIN).toISOString(), is_spam: 1 });
    const called = await insert({ created_at: new Date(NOW - 60 * MIN).toISOString() });
    await changeStatus(handle.db, called, "contacted", "owner@example.com", NOW);
    expect(await countOverdue(handle.db, NOW)).toBe(2);
  });

  it("marks several leads at once, each change in its own history, and skips missing ids", async () => {
    const a = await insert();
    const b = await insert();
    const c = await insert();
    await changeStatus(handle.db, c, "contacted", "owner@example.com", NOW);
    const gone = await insert();
    await deleteLead(handle.db, gone);

    expect(
      await bulkChange(handle.db, [a, b, c, gone, a], "contacted", "mate@example.com", NOW + MIN),
    ).toEqual({ changed: 2, unchanged: 1, missing: 1 });
    for (const id of [a, b]) {
      expect((await getLead(handle.db, id))?.status).toBe("contacted");
      expect(await leadHistory(handle.db, id)).toMatchObject([
        {
          kind: "status",
          fromStatus: "new",
          toStatus: "contacted",
          author: "mate@example.com",
          createdAt: new Date(NOW + MIN).toISOString(),
        },
      ]);
    }
    // c was contacted already: nothing more recorded, as for a single change.
    expect(await leadHistory(handle.db, c)).toHaveLength(1);

    expect(await bulkChange(handle.db, [b], "lost", "owner@example.com", NOW + 2 * MIN)).toEqual({
      changed: 1,
      unchanged: 0,
      missing: 0,
    });
    expect((await leadHistory(handle.db, b))[0]).toMatchObject({
      fromStatus: "contacted",
      toStatus: "lost",
    });

    expect(await bulkChange(handle.db, [a, c], "spam", "owner@example.com", NOW + 3 * MIN)).toEqual(
      {
        changed: 2,
        unchanged: 0,
        missing: 0,
      },
    );
    expect((await listLeads(handle.db, { view: "inbox" })).leads.map((l) => l.id)).toEqual([b]);
    expect((await listLeads(handle.db, { view: "spam" })).total).toBe(2);
    expect((await leadHistory(handle.db, a))[0]).toMatchObject({
      kind: "note",
      note: "Marked as spam.",
      author: "owner@example.com",
    });
    // And back out of spam like any other flagged request.
    await markNotSpam(handle.db, a, "owner@example.com", NOW + 4 * MIN);
    expect((await leadHistory(handle.db, a))[0]).toMatchObject({
      kind: "not_spam",
      note: "Flagged as: marked as spam in the inbox",
    });
    expect(await bulkChange(handle.db, [gone], "lost", "owner@example.com", NOW)).toEqual({
      changed: 0,
      unchanged: 0,
      missing: 1,
    });
  });

  it("keeps every status change and note with who and when", async () => {
    const id = await insert();
    await changeStatus(handle.db, id, "contacted", "owner@example.com", NOW);
    await changeStatus(handle.db, id, "contacted", "owner@example.com", NOW + 1);
    await addNote(handle.db, id, "  Called, \r\nbooked Tuesday  ", "mate@example.com", NOW + MIN);
    await changeStatus(handle.db, id, "won", "owner@example.com", NOW + 2 * MIN);
    await expect(changeStatus(handle.db, id, "maybe", "owner@example.com")).rejects.toThrow(
      InvalidLeadChange,
    );
    await expect(addNote(handle.db, id, "   ", "owner@example.com")).rejects.toThrow(
      InvalidLeadChange,
    );
    await expect(addNote(handle.db, id, "x".repeat(5001), "owner@example.com")).rejects.toThrow(
      InvalidLeadChange,
    );

    expect((await getLead(handle.db, id))?.status).toBe("won");
    const history = await leadHistory(handle.db, id);
    expect(
      history.map(({ kind, fromStatus, toStatus, note, author, createdAt }) => ({
        kind,
        fromStatus,
        toStatus,
        note,
        author,
        createdAt,
      })),
    ).toEqual([
      {
        kind: "status",
        fromStatus: "contacted",
        toStatus: "won",
        note: null,
        author: "owner@example.com",
        createdAt: new Date(NOW + 2 * MIN).toISOString(),
      },
      {
        kind: "note",
        fromStatus: null,
        toStatus: null,
        note: "Called, \nbooked Tuesday",
        author: "mate@example.com",
        createdAt: new Date(NOW + MIN).toISOString(),
      },
      {
        kind: "status",
        fromStatus: "new",
        toStatus: "contacted",
        note: null,
        author: "owner@example.com",
        createdAt: new Date(NOW).toISOString(),
      },
    ]);
    expect(await countsByStatus(handle.db)).toMatchObject({ won: 1, new: 0, spam: 0 });
  });

  it("saves a status, the job's value and a note together, or nothing when any part is wrong", async () => {
    const id = await insert();
    const author = "owner@example.com";
    const entries = async () =>
      (await leadHistory(handle.db, id)).map(
        ({ kind, fromStatus, toStatus, note, valueCents }) => ({
          kind,
          fromStatus,
          toStatus,
          note,
          valueCents,
        }),
      );

    // One submit: the status and the note he typed before changing it.
    expect(
      await saveLeadWork(handle.db, id, { status: "contacted", note: " Rang \r\n" }, author, NOW),
    ).toEqual({ status: true, note: true, value: false });
    expect(await entries()).toEqual([
      { kind: "note", fromStatus: null, toStatus: null, note: "Rang", valueCents: null },
      { kind: "status", fromStatus: "new", toStatus: "contacted", note: null, valueCents: null },
    ]);
    const times = (await leadHistory(handle.db, id)).map((entry) => [
      entry.author,
      entry.createdAt,
    ]);
    expect(times).toEqual([
      [author, new Date(NOW).toISOString()],
      [author, new Date(NOW).toISOString()],
    ]);

    // A value is ignored for any status but won, however wrong it is.
    await saveLeadWork(handle.db, id, { status: "quoted", wonValue: "-12" }, author, NOW);
    expect((await getLead(handle.db, id))?.wonValueCents).toBeNull();

    // A wrong part saves nothing: not the status, not the note.
    for (const [wonValue, message] of [
      ["-5", "The job value can't be negative."],
      ["1000000.01", "The job value can be $1,000,000 at most."],
      ["12.345", "Type the job value in dollars, like 4200 or 4200.50."],
      ["4200 dollars", "Type the job value in dollars, like 4200 or 4200.50."],
      ["1e6", "Type the job value in dollars, like 4200 or 4200.50."],
    ]) {
      const attempt = saveLeadWork(
        handle.db,
        id,
        { status: "won", wonValue, note: "Won!" },
        author,
      );
      await expect(attempt).rejects.toThrow(message);
      await expect(attempt).rejects.toMatchObject({ field: "wonValue" });
    }
    await expect(
      saveLeadWork(handle.db, id, { status: "won", note: "x".repeat(5001) }, author),
    ).rejects.toMatchObject({ field: "note" });
    await expect(saveLeadWork(handle.db, id, { status: "maybe" }, author)).rejects.toMatchObject({
      field: "status",
    });
    expect((await getLead(handle.db, id))?.status).toBe("quoted");
    expect(await entries()).toHaveLength(3);

    expect(
      await saveLeadWork(handle.db, id, { status: "won", wonValue: "$4,200.50" }, author, NOW),
    ).toEqual({ status: true, note: false, value: true });
    expect((await getLead(handle.db, id))?.wonValueCents).toBe(420_050);
    // Nothing new: the same status, the same value, no note.
    expect(
      await saveLeadWork(handle.db, id, { status: "won", wonValue: "4200.5", note: "  " }, author),
    ).toEqual({ status: false, note: false, value: false });
    // A corrected value is recorded as such; a status from elsewhere keeps it.
    await saveLeadWork(handle.db, id, { wonValue: "4350" }, author, NOW + MIN);
    await changeStatus(handle.db, id, "won", author);
    expect((await getLead(handle.db, id))?.wonValueCents).toBe(435_000);
    expect((await entries()).slice(0, 2)).toEqual([
      { kind: "status", fromStatus: "won", toStatus: "won", note: null, valueCents: 435_000 },
      { kind: "status", fromStatus: "quoted", toStatus: "won", note: null, valueCents: 420_050 },
    ]);
    // No longer won: the money goes with it.
    await changeStatus(handle.db, id, "lost", author);
    expect((await getLead(handle.db, id))?.wonValueCents).toBeNull();
    await expect(saveLeadWork(handle.db, id + 1_000_000, { note: "hi" }, author)).rejects.toThrow(
      LeadNotFound,
    );
  });

  it("'not spam' moves a request into the inbox and records it", async () => {
    const id = await insert({ is_spam: 1, spam_reason: "too-fast" });
    await markNotSpam(handle.db, id, "owner@example.com", NOW);
    expect((await listLeads(handle.db, { view: "inbox" })).leads.map((l) => l.id)).toEqual([id]);
    expect((await listLeads(handle.db, { view: "spam" })).total).toBe(0);
    expect(await leadHistory(handle.db, id)).toMatchObject([
      { kind: "not_spam", note: "Flagged as: too-fast" },
    ]);
  });

  it("a new lead older than 15 minutes is overdue until someone changes its status", async () => {
    const lead = {
      status: "new" as const,
      isSpam: false,
      createdAt: new Date(NOW - 16 * MIN).toISOString(),
    };
    expect(isOverdue(lead, NOW)).toBe(true);
    expect(isOverdue({ ...lead, createdAt: new Date(NOW - 14 * MIN).toISOString() }, NOW)).toBe(
      false,
    );
    expect(isOverdue({ ...lead, status: "contacted" }, NOW)).toBe(false);
    expect(isOverdue({ ...lead, isSpam: true }, NOW)).toBe(false);
  });

  it("deletes a lead with its history; retention deletes only the old ones", async () => {
    const id = await insert();
    await addNote(handle.db, id, "private note", "owner@example.com", NOW);
    expect(await deleteLead(handle.db, id)).toBe(true);
    expect(await getLead(handle.db, id)).toBeUndefined();
    expect(await handle.db.selectFrom("lead_history").selectAll().execute()).toEqual([]);
    expect(await deleteLead(handle.db, id)).toBe(false);

    const old = await insert({ created_at: new Date(NOW - 91 * DAY).toISOString() });
    const recent = await insert({ created_at: new Date(NOW - 89 * DAY).toISOString() });
    await addNote(handle.db, old, "old note", "owner@example.com", NOW);
    await addNote(handle.db, recent, "recent note", "owner@example.com", NOW);
    expect(await purgeOldLeads(handle.db, 90, NOW)).toBe(1);
    expect(await getLead(handle.db, old)).toBeUndefined();
    expect(await getLead(handle.db, recent)).toBeDefined();
    const notes = await handle.db.selectFrom("lead_history").select("note").execute();
    expect(notes.map((n) => n.note)).toEqual(["recent note"]);
  });

  it("counts leads and won leads per source page and campaign over the last 30 days", async () => {
    const ad = { utm_source: "google", utm_medium: "cpc", utm_campaign: "frankston-leaks" };
    const won = await insert({ source_page: "/roof-repair-frankston", ...ad });
    await insert({ source_page: "/roof-repair-frankston", ...ad });
    await insert({ source_page: "/roof-repair-brunswick" });
    await insert({
      source_page: "/roof-repair-brunswick",
      created_at: new Date(NOW - 31 * DAY).toISOString(),
    });
    await insert({ source_page: "/roof-repair-brunswick", is_spam: 1 });
    await changeStatus(handle.db, won, "won", "owner@example.com", NOW);

    const summary = await sourceSummary(handle.db, NOW);
    expect(summary.pages).toEqual([
      { label: "/roof-repair-frankston", leads: 2, won: 1 },
      { label: "/roof-repair-brunswick", leads: 1, won: 0 },
    ]);
    expect(summary.campaigns).toEqual([
      { label: "google / cpc / frankston-leaks", leads: 2, won: 1 },
      { label: "(no campaign)", leads: 1, won: 0 },
    ]);
  });

  it("with 100,000 leads the list reads newest first from an index, without sorting the table", async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) =>
      leadRow({
        created_at: new Date(NOW - i * MIN).toISOString(),
        is_spam: i % 50 === 0 ? 1 : 0,
        status: (["new", "contacted", "quoted", "won", "lost"] as const)[i % 5],
      } as Partial<NewQuoteRequest>),
    );
    await handle.db.transaction().execute(async (trx) => {
      // Parameters per statement are limited (SQLite 32766, PostgreSQL 65535).
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto("quote_requests")
          .values(rows.slice(i, i + 1000))
          .execute();
      }
    });
    const plan = async (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
      const { sql: text, parameters } = query.compile();
      if (testDb().dialect === "postgres") {
        await sql`analyze quote_requests`.execute(handle.db);
        const result = await sql
          .raw<{ "QUERY PLAN": string }>(
            `explain ${text.replace(/\$(\d+)/g, (_, n) => literal(parameters[Number(n) - 1]))}`,
          )
          .execute(handle.db);
        return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
      }
      let next = 0;
      const result = await sql
        .raw<{ detail: string }>(
          `explain query plan ${text.replace(/\?/g, () => literal(parameters[next++]))}`,
        )
        .execute(handle.db);
      return result.rows.map((r) => r.detail).join("\n");
    };
    const literal = (value: unknown) =>
      typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

    const all = await plan(listQuery(handle.db, { view: "inbox", page: 3 }));
    const byStatus = await plan(listQuery(handle.db, { view: "inbox", status: "quoted" }));
    const oldest = await plan(listQuery(handle.db, { view: "inbox", sort: "oldest" }));
    if (testDb().dialect === "postgres") {
      expect(oldest).toMatch(/Index (Only )?Scan using quote_requests_inbox_idx/);
      expect(oldest).not.toMatch(/\bSort\b|Seq Scan/);
      expect(all).toMatch(/Index (Only )?Scan Backward using quote_requests_inbox_idx/);
      expect(byStatus).toMatch(/Index (Only )?Scan Backward using quote_requests_status_idx/);
      expect(`${all}\n${byStatus}`).not.toMatch(/\bSort\b|Seq Scan/);
    } else {
      expect(all).toMatch(/USING INDEX quote_requests_inbox_idx/);
      expect(byStatus).toMatch(/USING INDEX quote_requests_status_idx/);
      expect(oldest).toMatch(/USING INDEX quote_requests_inbox_idx/);
      expect(`${all}\n${byStatus}\n${oldest}`).not.toMatch(/TEMP B-TREE|^SCAN quote_requests$/m);
    }
    const page = await listLeads(handle.db, { view: "inbox", status: "quoted", page: 2 });
    expect(page.leads).toHaveLength(PAGE_SIZE);
    // Every 50th row is spam, and all of those are "new", so every 5th quoted row stays.
    expect(page.total).toBe(20_000);
  });
});
