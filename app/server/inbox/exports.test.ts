import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "csv-parse/sync";
import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { normalisePhone } from "~/lib/quote-schema";
import { describeEachDialect } from "../../../tests/support/database";
import type { DatabaseHandle } from "../db.server";
import type { NewQuoteRequest } from "../quote-repository.server";
import { csvCell } from "./csv.server";
import {
  csvText,
  googleAdsConversionsCsv,
  googleAdsConversionsStream,
  leadsCsv,
  leadsCsvStream,
} from "./exports.server";
import { addNote, changeStatus, saveLeadWork } from "./leads.server";

const NOW = Date.parse("2026-03-04T05:06:07.000Z");
const XSS = `<img src=x onerror="alert(1)">`;

const leadRow = (overrides: Partial<NewQuoteRequest> = {}): NewQuoteRequest => ({
  name: "Sam Nguyen",
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
  created_at: new Date(NOW).toISOString(),
  ...overrides,
});

describe("CSV cells", () => {
  it("quote what needs quoting and defuse formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then\r\nleave')).toBe('"say ""hi"", then\r\nleave"');
    for (const start of ["=", "+", "-", "@", "\t", "\r", " =", '"=', ' "+']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, "")).toMatch(/^'/);
    }
    // A semicolon spreadsheet would split here, so the cell is quoted too.
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell(null)).toBe("");
  });
});

describeEachDialect("exports", (testDb) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = testDb().open();
    await handle.migrate();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("lead_history").execute();
    await handle.db.deleteFrom("quote_requests").execute();
  });

  it("the lead CSV opens in a real parser: BOM, one header row, formulas defused, text intact", async () => {
    const hostile = [
      '=HYPERLINK("http://evil.example","click")',
      "+61 3 5550 4321",
      "-2+3",
      "@SUM(A1:A2)",
      "\tindented",
      "\rreturn",
    ];
    for (const [i, name] of hostile.entries()) {
      await handle.db
        .insertInto("quote_requests")
        .values(
          leadRow({
            name,
            message: `${XSS}\nline two, with "quotes"`,
            email: "sam@example.com",
            created_at: new Date(NOW - i * 60_000).toISOString(),
            utm_campaign: "=cmd|' /C calc'!A0",
          }),
        )
        .execute();
    }
    await handle.db
      .insertInto("quote_requests")
      .values(leadRow({ name: "Spam", is_spam: 1 }))
      .execute();

    const csv = await leadsCsv(handle.db, { view: "inbox" });
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const records: string[][] = parse(csv, { bom: true, relax_column_count: false });
    const [header, ...rows] = records;
    expect(header?.slice(0, 7)).toEqual([
      "ID",
      "Received (UTC)",
      "Received (Melbourne)",
      "Status",
      "Job value (AUD)",
      "Name",
      "Phone",
    ]);
    expect(rows).toHaveLength(hostile.length);
    const column = (name: string) => header?.indexOf(name) ?? -1;
    expect(rows.map((r) => r[column("Name")])).toEqual(hostile.map((name) => `'${name}`));
    for (const row of rows) {
      for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      expect(row[column("Message")]).toBe(`${XSS}\nline two, with "quotes"`);
      expect(row[column("utm_campaign")]).toBe("'=cmd|' /C calc'!A0");
      expect(row[column("Phone")]).toBe("0412 345 678");
      expect(row[column("Received (Melbourne)")]).toMatch(/^2026-03-04 1[56]:\d\d:07$/);
    }
    expect(rows[0]?.[column("Received (Melbourne)")]).toBe("2026-03-04 16:06:07");

    const spam = parse(await leadsCsv(handle.db, { view: "spam" }), { bom: true });
    expect(spam).toHaveLength(2);
  });

  it("no cell starts a formula whether the spreadsheet splits cells at commas or semicolons", async () => {
    // Each would start a cell with a formula somewhere: a semicolon spreadsheet splits at `;`
    // (and a line break ends its row, quotes or not), and some spreadsheets trim spaces and
    // quotes before deciding a cell is a formula.
    const hostile = [
      "a;=cmd|' /C calc'!A0",
      "x,=1+1",
      "  =1+1",
      '"=1+1"',
      'ok; "=2+3',
      "first line\n=SUM(A1:A9)",
      "first line\r\n@SUM(1,2)",
      "x; -2+3",
      "a;\t=b",
      "a;\u00a0+b",
      "semi;colon, comma; and text",
    ];
    for (const [i, text] of hostile.entries()) {
      await handle.db
        .insertInto("quote_requests")
        .values(
          leadRow({
            name: text,
            suburb: text,
            message: text,
            utm_campaign: text,
            created_at: new Date(NOW - i * 60_000).toISOString(),
          }),
        )
        .execute();
    }
    const csv = await leadsCsv(handle.db, { view: "inbox" });
    const safe = (cell: string) =>
      cell.startsWith("'") || !(/^[\s"]*[=+\-@]/.test(cell) || /^[\t\r]/.test(cell));

    const byComma: string[][] = parse(csv, { bom: true });
    expect(byComma).toHaveLength(hostile.length + 1);
    const header = byComma[0] ?? [];
    for (const row of byComma) {
      expect(row).toHaveLength(header.length);
      for (const cell of row) expect(safe(cell), JSON.stringify(cell)).toBe(true);
    }
    // The text is all still there: the guard only ever adds an apostrophe.
    const names = byComma.slice(1).map((row) => row[header.indexOf("Name")] ?? "");
    expect(names.map((name) => name.replaceAll("'", ""))).toEqual(
      hostile.map((text) => text.replaceAll("'", "")),
    );
    expect(names).toContain("semi;colon, comma; and text");

    const bySemicolon: string[][] = parse(csv, {
      bom: true,
      delimiter: ";",
      relax_quotes: true,
      relax_column_count: true,
    });
    expect(bySemicolon.length).toBeGreaterThan(hostile.length);
    for (const row of bySemicolon) {
      for (const cell of row) expect(safe(cell), JSON.stringify(cell)).toBe(true);
    }
  });

  it("pages through the leads: every one once, newest first, over equal times and page ends", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      const row = await handle.db
        .insertInto("quote_requests")
        // Three to each second, so pages end in the middle of equal times.
        .values(leadRow({ created_at: new Date(NOW + Math.floor(i / 3) * 1000).toISOString() }))
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    const first = ids[0] ?? 0;
    const [, ...rows]: string[][] = parse(
      await csvText(leadsCsvStream(handle.db, { view: "inbox" }, 5)),
      { bom: true },
    );
    const byTimeThenId = [...ids].sort(
      (a, b) => Math.floor((b - first) / 3) - Math.floor((a - first) / 3) || b - a,
    );
    expect(rows.map((row) => Number(row[0]))).toEqual(byTimeThenId);

    for (const id of ids.slice(0, 7))
      await changeStatus(handle.db, id, "won", "o@example.com", NOW);
    await handle.db
      .updateTable("quote_requests")
      .set((eb) => ({ gclid: sql<string>`${"Cj0KCQiA-"} || ${eb.ref("id")} || ${"_xyz"}` }))
      .execute();
    const conversions = await csvText(googleAdsConversionsStream(handle.db, "Won lead", 2));
    expect(conversions.trimEnd().split("\r\n")).toHaveLength(2 + 7);
  });

  it("the Google Ads file lists won leads with a click id, at the time they were won", async () => {
    const insert = async (overrides: Parameters<typeof leadRow>[0]) => {
      const row = await handle.db
        .insertInto("quote_requests")
        .values(leadRow(overrides))
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    const won = await insert({ gclid: "Cj0KCQiA-abc_123" });
    const lost = await insert({ gclid: "Cj0KCQiA-lost_99" });
    const noClick = await insert({});
    await insert({ gclid: "Cj0KCQiA-new_1234" });
    for (const id of [won, noClick])
      await changeStatus(handle.db, id, "won", "owner@example.com", NOW);
    await changeStatus(handle.db, lost, "lost", "owner@example.com", NOW);

    const csv = await googleAdsConversionsCsv(handle.db, "Won lead");
    const [parameters, ...rest] = csv.split("\r\n");
    expect(parameters).toBe("Parameters:TimeZone=Australia/Melbourne");
    expect(parse(rest.join("\r\n"))).toEqual([
      [
        "Google Click ID",
        "Conversion Name",
        "Conversion Time",
        "Conversion Value",
        "Conversion Currency",
      ],
      ["Cj0KCQiA-abc_123", "Won lead", "2026-03-04 16:06:07", "", "AUD"],
    ]);
  });
  it("phones are written as people write them, so spreadsheets keep the 0 and the + (as text)", async () => {
    const typed = [
      ["0412 345 678", "0412 345 678"],
      ["0412345678", "0412 345 678"],
      ["61 412 555 666", "0412 555 666"],
      ["412 555 666", "0412 555 666"],
      ["+61 3 9555 1234", "(03) 9555 1234"],
      ["(03) 9555 1234", "(03) 9555 1234"],
      ["0412-555-667", "0412 555 667"],
      ["+44 20 7946 0958", "0011 44 20 7946 0958"],
    ] as const;
    for (const [i, [phone]] of typed.entries()) {
      await handle.db
        .insertInto("quote_requests")
        .values(
          leadRow({
            name: `Phone ${i}`,
            phone,
            phone_normalised: normalisePhone(phone),
            created_at: new Date(NOW - i * 60_000).toISOString(),
          }),
        )
        .execute();
    }
    const csv = await leadsCsv(handle.db, { view: "inbox" });
    const [header, ...rows]: string[][] = parse(csv, { bom: true });
    const phoneColumn = header?.indexOf("Phone") ?? -1;
    // Newest first: the order they were inserted in.
    expect(rows.map((row) => row[phoneColumn])).toEqual(typed.map(([, shown]) => shown));

    // And in a real spreadsheet: LibreOffice reads the file as it would when opened, and each
    // phone cell stays text, exactly as written, with no apostrophe in sight.
    const soffice = ["soffice", "libreoffice"].find(
      (command) => spawnSync(command, ["--version"], { encoding: "utf8" }).status === 0,
    );
    if (!soffice) {
      if (process.env.CI)
        throw new Error("LibreOffice (soffice) is needed in CI: .ci/run installs libreoffice-calc");
      console.warn("LibreOffice is not installed: the spreadsheet half of this test is skipped");
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), "csv-in-calc-"));
    try {
      writeFileSync(join(dir, "leads.csv"), csv);
      // Comma, double quote, UTF-8, from line 1; the second also detects "special numbers"
      // (dates, times, brackets as negatives), the strictest reading a user can pick.
      for (const filter of ["CSV:44,34,76,1", "CSV:44,34,76,1,,3081,false,true"]) {
        const converted = spawnSync(
          soffice,
          [
            `-env:UserInstallation=${pathToFileURL(join(dir, "profile")).href}`,
            "--headless",
            `--infilter=${filter}`,
            "--convert-to",
            "fods",
            "--outdir",
            dir,
            join(dir, "leads.csv"),
          ],
          { encoding: "utf8", timeout: 90_000 },
        );
        expect(converted.status, converted.stderr).toBe(0);
        const cells = spreadsheetColumn(readFileSync(join(dir, "leads.fods"), "utf8"), phoneColumn);
        expect(cells.slice(1), filter).toEqual(
          typed.map(([, shown]) => ({ type: "string", text: shown })),
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("exports every note of a lead, oldest first with its date, and the job value in dollars", async () => {
    for (const i of [0, 1]) {
      await handle.db
        .insertInto("quote_requests")
        .values(leadRow({ name: `Notes ${i}`, created_at: new Date(NOW - i).toISOString() }))
        .execute();
    }
    const busy = await handle.db
      .selectFrom("quote_requests")
      .select("id")
      .where("name", "=", "Notes 1")
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.id));
    const author = "owner@example.com";
    await addNote(handle.db, busy, "Rang, no answer", author, NOW + 60_000);
    await saveLeadWork(
      handle.db,
      busy,
      { status: "won", wonValue: "4,200.50", note: "Booked.\n=Tiles, gutter" },
      author,
      NOW + 25 * 3600_000,
    );
    const [header, ...rows]: string[][] = parse(await leadsCsv(handle.db, { view: "inbox" }), {
      bom: true,
    });
    const cell = (row: string[] | undefined, name: string) => row?.[header?.indexOf(name) ?? -1];
    const byName = new Map(rows.map((row) => [cell(row, "Name"), row]));
    expect(cell(byName.get("Notes 1"), "Notes")).toBe(
      "2026-03-04 16:07 Rang, no answer\n2026-03-05 17:06 Booked.\n'=Tiles, gutter",
    );
    expect(cell(byName.get("Notes 1"), "Job value (AUD)")).toBe("4200.50");
    expect(cell(byName.get("Notes 1"), "Status")).toBe("won");
    expect(cell(byName.get("Notes 0"), "Notes")).toBe("");
    expect(cell(byName.get("Notes 0"), "Job value (AUD)")).toBe("");
  });

  it("the Google Ads file carries the job value in AUD, and the time the lead was first won", async () => {
    const insert = async (gclid: string) =>
      Number(
        (
          await handle.db
            .insertInto("quote_requests")
            .values(leadRow({ gclid }))
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    const valued = await insert("Cj0KCQiA-valued_1");
    const unknown = await insert("Cj0KCQiA-unknown_2");
    const author = "owner@example.com";
    await saveLeadWork(handle.db, valued, { status: "won", wonValue: "4200.5" }, author, NOW);
    // Corrected the next day: the value changes, the conversion's time doesn't.
    await saveLeadWork(handle.db, valued, { wonValue: "4350" }, author, NOW + 24 * 3600_000);
    await saveLeadWork(handle.db, unknown, { status: "won", wonValue: "" }, author, NOW);
    const [, ...rest] = (await googleAdsConversionsCsv(handle.db, "Won lead")).split("\r\n");
    expect(parse(rest.join("\r\n")).slice(1)).toEqual([
      ["Cj0KCQiA-valued_1", "Won lead", "2026-03-04 16:06:07", "4350.00", "AUD"],
      ["Cj0KCQiA-unknown_2", "Won lead", "2026-03-04 16:06:07", "", "AUD"],
    ]);
  });
});

/** Column `index` of a flat OpenDocument spreadsheet's first table: each cell's type and text. */
function spreadsheetColumn(fods: string, index: number): { type: string; text: string }[] {
  const decode = (text: string) =>
    text
      .replace(/<text:s(?: text:c="(\d+)")?\/>/g, (_, n) => " ".repeat(Number(n ?? 1)))
      .replace(/<[^>]+>/g, "")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&quot;", '"')
      .replaceAll("&apos;", "'")
      .replaceAll("&amp;", "&");
  const rows = fods.match(/<table:table-row\b[\s\S]*?<\/table:table-row>/g) ?? [];
  return rows.map((row) => {
    const cells: { type: string; text: string }[] = [];
    for (const cell of row.matchAll(
      /<table:table-cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g,
    )) {
      const attributes = cell[1] ?? "";
      const repeat = Number(/table:number-columns-repeated="(\d+)"/.exec(attributes)?.[1] ?? 1);
      const type = /office:value-type="(\w+)"/.exec(attributes)?.[1] ?? "empty";
      const text = decode((cell[2] ?? "").trim());
      for (let i = 0; i < Math.min(repeat, 100); i++) cells.push({ type, text });
    }
    return cells[index] ?? { type: "empty", text: "" };
  });
}
