// Stored photos: written in the lead's transaction, read by the owner's pages.
import { randomBytes } from "node:crypto";
import type { Generated, Kysely, Transaction } from "kysely";
import type { Database } from "../db.server";
import type { ProcessedPhoto, StoredPhotoType } from "./process.server";

export interface QuotePhotosTable {
  id: Generated<number>;
  quote_request_id: number;
  /** The photo's name in its URL: 192 random bits, base64url. */
  token: string;
  /** The order the visitor chose them in, from 0. */
  position: number;
  content_type: StoredPhotoType;
  width: number;
  height: number;
  bytes: Uint8Array;
  thumb: Uint8Array;
  created_at: string;
}

/** 24 random bytes in base64url: 32 characters. */
export const PHOTO_TOKEN = /^[A-Za-z0-9_-]{32}$/;

export const newPhotoToken = () => randomBytes(24).toString("base64url");

/** Inside the lead's transaction: the lead and its photos commit, or roll back, together. */
export async function storePhotos(
  trx: Transaction<Database>,
  leadId: number,
  photos: readonly ProcessedPhoto[],
  now: string,
): Promise<void> {
  // One row at a time: a multi-row insert of five photos is one statement of several MB.
  for (const [position, photo] of photos.entries()) {
    await trx
      .insertInto("quote_photos")
      .values({
        quote_request_id: leadId,
        token: newPhotoToken(),
        position,
        content_type: photo.contentType,
        width: photo.width,
        height: photo.height,
        bytes: Buffer.from(photo.bytes.buffer, photo.bytes.byteOffset, photo.bytes.byteLength),
        thumb: Buffer.from(photo.thumb.buffer, photo.thumb.byteOffset, photo.thumb.byteLength),
        created_at: now,
      })
      .execute();
  }
}

export interface LeadPhoto {
  token: string;
  contentType: StoredPhotoType;
  width: number;
  height: number;
}

/** A lead's photos, in the visitor's order, without their bytes. */
export async function leadPhotos(db: Kysely<Database>, leadId: number): Promise<LeadPhoto[]> {
  const rows = await db
    .selectFrom("quote_photos")
    .select(["token", "content_type", "width", "height"])
    .where("quote_request_id", "=", leadId)
    .orderBy("position")
    .execute();
  return rows.map((row) => ({
    token: row.token,
    contentType: row.content_type,
    width: Number(row.width),
    height: Number(row.height),
  }));
}

/** One photo's bytes (the full size or the thumbnail) and type, by its token. */
export async function photoBytes(
  db: Kysely<Database>,
  token: string,
  size: "full" | "thumb",
): Promise<{ contentType: StoredPhotoType; bytes: Uint8Array } | undefined> {
  if (!PHOTO_TOKEN.test(token)) return undefined;
  const row = await db
    .selectFrom("quote_photos")
    .select(["content_type", size === "thumb" ? "thumb as bytes" : "bytes"])
    .where("token", "=", token)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, bytes: row.bytes } : undefined;
}
