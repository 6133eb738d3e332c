// Photos stored with their lead, on both databases: one transaction, read back as stored,
// gone with the lead however the lead goes.
import { beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/support/database";
import {
  phonePhoto,
  readBack,
  smallJpeg,
  transparentPng,
} from "../../../tests/support/photo-images";
import type { DatabaseHandle } from "../db.server";
import { deleteLead } from "../inbox/leads.server";
import { purgeOldLeads } from "../inbox/retention.server";
import { createQuoteService, type SubmissionMeta } from "../quotes.server";
import { createRateLimiter } from "../rate-limit/rate-limit.server";
import { leadPhotos, PHOTO_TOKEN, photoBytes } from "./photos.server";
import { type ProcessedPhoto, processPhoto } from "./process.server";

const NOW = Date.parse("2026-03-04T05:06:07.000Z");
const FIELDS = { name: "Sam Nguyen", phone: "0412 345 678", postcode: "3056", message: "Leak." };

async function photo(input: Promise<Buffer>): Promise<ProcessedPhoto> {
  const result = await processPhoto(await input, "photo");
  if (!result.ok) throw new Error(result.problem.kind);
  return result.photo;
}

describeEachDialect("photos stored with their lead", (testDb) => {
  let handle: DatabaseHandle;
  let photos: ProcessedPhoto[];
  const service = () =>
    createQuoteService({
      database: async () => handle.db,
      limiter: createRateLimiter({ database: async () => handle.db }),
      rateLimit: { max: 1_000, windowMs: 600_000 },
      minFillMs: 0,
    });
  const meta = (overrides: Partial<SubmissionMeta> = {}): SubmissionMeta => ({
    ip: "203.0.113.7",
    userAgent: "test",
    now: NOW,
    photos,
    ...overrides,
  });
  const count = async (table: "quote_photos" | "quote_requests") =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    handle = testDb().open();
    await handle.migrate();
    photos = [await photo(phonePhoto(2000, 1500)), await photo(transparentPng())];
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("quote_photos").execute();
    await handle.db.deleteFrom("alert_outbox").execute();
    await handle.db.deleteFrom("quote_requests").execute();
  });

  it("stores the lead and its photos together, read back byte for byte", async () => {
    const result = await service().submit(FIELDS, meta());
    if (!result.ok) throw new Error(`refused ${result.status}`);
    const lead = await handle.db
      .selectFrom("quote_requests")
      .select(["photo_count"])
      .where("id", "=", result.id)
      .executeTakeFirstOrThrow();
    expect(Number(lead.photo_count)).toBe(2);
    const stored = await leadPhotos(handle.db, result.id);
    expect(stored.map((p) => [p.contentType, p.width, p.height])).toEqual([
      ["image/jpeg", 1500, 2000],
      ["image/webp", 800, 600],
    ]);
    for (const p of stored) expect(p.token).toMatch(PHOTO_TOKEN);
    expect(new Set(stored.map((p) => p.token)).size).toBe(2);

    const full = await photoBytes(handle.db, stored[0]?.token ?? "", "full");
    expect(full?.contentType).toBe("image/jpeg");
    expect(Buffer.from(full?.bytes ?? []).equals(Buffer.from(photos[0]?.bytes ?? []))).toBe(true);
    const { meta: read } = await readBack(full?.bytes ?? new Uint8Array());
    expect([read.width, read.height]).toEqual([1500, 2000]);
    expect(read.exif).toBeUndefined();
    expect(read.orientation ?? 1).toBe(1);
    const thumb = await photoBytes(handle.db, stored[0]?.token ?? "", "thumb");
    expect(Buffer.from(thumb?.bytes ?? []).equals(Buffer.from(photos[0]?.thumb ?? []))).toBe(true);
    expect(await photoBytes(handle.db, "A".repeat(32), "full")).toBeUndefined();
    expect(await photoBytes(handle.db, "../../etc/passwd", "full")).toBeUndefined();
  });

  it("keeps a spam lead's photos with it", async () => {
    const result = await service().submit({ ...FIELDS, company_website: "spam" }, meta());
    if (!result.ok) throw new Error("refused");
    expect(await leadPhotos(handle.db, result.id)).toHaveLength(2);
  });

  it("stores nothing at all when a photo can't be stored", async () => {
    const broken = { ...(photos[0] as ProcessedPhoto), contentType: "text/html" } as never;
    const result = await service().submit(FIELDS, meta({ photos: [photos[1] as never, broken] }));
    expect(result).toEqual({ ok: false, status: 503 });
    expect(await count("quote_requests")).toBe(0);
    expect(await count("quote_photos")).toBe(0);
  });

  it("treats the same words with other photos as a new request, the same ones as a replay", async () => {
    const first = await service().submit(FIELDS, meta({ photos: [] }));
    const withPhotos = await service().submit(FIELDS, meta());
    const again = await service().submit(FIELDS, meta());
    expect(first.ok && withPhotos.ok && again.ok).toBe(true);
    if (!first.ok || !withPhotos.ok || !again.ok) return;
    expect(withPhotos.id).not.toBe(first.id);
    expect(again).toEqual({ ok: true, id: withPhotos.id, duplicate: true });
    expect(await count("quote_photos")).toBe(2);
  });

  it("deletes a lead's photos with the lead: the owner's delete and retention", async () => {
    const kept = await service().submit(FIELDS, meta({ photos: [await photo(smallJpeg())] }));
    const deleted = await service().submit(FIELDS, meta());
    const old = await service().submit(FIELDS, meta({ now: NOW - 40 * 86_400_000 }));
    if (!kept.ok || !deleted.ok || !old.ok) throw new Error("refused");
    expect(await count("quote_photos")).toBe(5);

    expect(await deleteLead(handle.db, deleted.id)).toBe(true);
    expect(await leadPhotos(handle.db, deleted.id)).toEqual([]);
    expect(await count("quote_photos")).toBe(3);

    expect(await purgeOldLeads(handle.db, 30, NOW)).toBe(1);
    expect(await leadPhotos(handle.db, old.id)).toEqual([]);
    expect(await leadPhotos(handle.db, kept.id)).toHaveLength(1);
    expect(await count("quote_photos")).toBe(1);
  });
});
