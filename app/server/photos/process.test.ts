// One file in, one stored photo (or a refusal) out: real images made with sharp, read back.
import { describe, expect, it } from "vitest";
import { PHOTO_LIMITS } from "~/lib/photo-limits";
import {
  HTML_AS_JPEG,
  phonePhoto,
  pngBomb,
  readBack,
  SVG_WITH_SCRIPT,
  smallJpeg,
  transparentPng,
  truncatedJpeg,
  webpPhoto,
} from "../../../tests/support/photo-images";
import { processPhoto, sniffPhoto } from "./process.server";

async function processed(input: Buffer, name = "photo.jpg") {
  const result = await processPhoto(input, name);
  if (!result.ok) throw new Error(`refused: ${result.problem.kind}`);
  return result.photo;
}

describe("processPhoto", () => {
  it("turns a phone's photo upright, shrinks it and drops GPS and every other tag", async () => {
    const input = await phonePhoto();
    // The input really has what we remove.
    const before = (await readBack(input)).meta;
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("RoofCam");
    expect([before.width, before.height]).toEqual([4000, 3000]);
    expect(input.length).toBeGreaterThan(2 * 1024 * 1024);

    const photo = await processed(input);
    expect(photo.contentType).toBe("image/jpeg");
    // 4000 x 3000 stored sideways is 3000 x 4000 upright, then at most 2560 on the long edge.
    expect([photo.width, photo.height]).toEqual([1920, 2560]);
    const { meta, pixel } = await readBack(photo.bytes);
    expect(meta.format).toBe("jpeg");
    expect([meta.width, meta.height]).toEqual([1920, 2560]);
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    // Upright: the red quarter that was top left when stored is now top right.
    const [r1, , b1] = await pixel(1920 - 200, 200);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    const [r2, , b2] = await pixel(200, 200);
    expect(r2).toBeLessThan(100);
    expect(b2).toBeGreaterThan(150);

    const thumb = await readBack(photo.thumb);
    expect(Math.max(thumb.meta.width ?? 0, thumb.meta.height ?? 0)).toBe(PHOTO_LIMITS.thumbEdge);
    expect(thumb.meta.exif).toBeUndefined();
    expect(thumb.meta.height).toBeGreaterThan(thumb.meta.width ?? 0);
  });

  it("keeps a PNG's transparency, as WebP", async () => {
    const photo = await processed(await transparentPng(), "cut-out.png");
    expect(photo.contentType).toBe("image/webp");
    const { meta } = await readBack(photo.bytes);
    expect(meta.format).toBe("webp");
    expect(meta.hasAlpha).toBe(true);
    expect([meta.width, meta.height]).toEqual([800, 600]);
  });

  it("takes a WebP photo and stores it as JPEG, never larger than it came", async () => {
    const photo = await processed(await webpPhoto(), "roof.webp");
    expect(photo.contentType).toBe("image/jpeg");
    expect([photo.width, photo.height]).toEqual([1200, 900]);
  });

  it("refuses what isn't a photo, whatever its name says", async () => {
    for (const [input, name] of [
      [HTML_AS_JPEG, "holiday.jpg"],
      [SVG_WITH_SCRIPT, "roof.svg"],
      [await truncatedJpeg(), "half.jpg"],
      [Buffer.alloc(0), "empty.jpg"],
    ] as const) {
      const result = await processPhoto(input, name);
      expect(result, name).toEqual({ ok: false, problem: { kind: "not_a_photo", name } });
    }
  });

  it("refuses a decompression bomb from its header, without decoding it", async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100 * 1024);
    const result = await processPhoto(bomb, "bomb.png");
    expect(result).toEqual({ ok: false, problem: { kind: "too_many_pixels", name: "bomb.png" } });
  });

  it("tells a HEIC photo apart from a file that isn't a photo", async () => {
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from("ftypheic", "latin1"),
      Buffer.alloc(64),
    ]);
    expect(sniffPhoto(heic)).toBe("heic");
    expect((await processPhoto(heic, "IMG_0001.HEIC")).ok).toBe(false);
    expect(sniffPhoto(await smallJpeg())).toBe("jpeg");
  });

  it("gives the same photo the same digest, and another photo another", async () => {
    const a = await processed(await smallJpeg("#101010"));
    const again = await processed(await smallJpeg("#101010"));
    const b = await processed(await smallJpeg("#f0f0f0"));
    expect(a.digest).toBe(again.digest);
    expect(a.digest).not.toBe(b.digest);
  });
});
