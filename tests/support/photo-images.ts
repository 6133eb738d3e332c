// Test images for the photo uploads (issue 22), made here with sharp and zlib: nothing is
// checked in. Shared by the unit tests beside app/server/photos and the browser tests.
import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** Where the test camera "was": a street in Melbourne, in EXIF's GPS form. */
export const GPS = {
  GPSLatitudeRef: "S",
  GPSLatitude: "37/1 48/1 49/1",
  GPSLongitudeRef: "E",
  GPSLongitude: "144/1 57/1 47/1",
};
export const CAMERA_MAKE = "RoofCam";

/**
 * A phone's portrait photo as phones store it: pixels landscape (width x height), an
 * Orientation tag of 6 (turn 90° clockwise to show it), GPS and the camera's make. Its top-left
 * quarter is red, the rest noise on blue, so which way up it was stored shows after turning:
 * upright, the red quarter is top right. Noise makes it the size of a real photo.
 */
export async function phonePhoto(width = 4000, height = 3000, quality = 90): Promise<Buffer> {
  // Noise in the blue range everywhere, then the red quarter: raw pixels, no guessing.
  const pixels = randomBytes(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const red = x < width / 2 && y < height / 2;
      pixels[at] = red ? 255 : (pixels[at] as number) >> 2;
      pixels[at + 1] = red ? 0 : (pixels[at + 1] as number) >> 2;
      pixels[at + 2] = red ? 0 : 128 + ((pixels[at + 2] as number) >> 1);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .withExif({ IFD0: { Make: CAMERA_MAKE }, IFD3: GPS })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PNG with a transparent right half. */
export function transparentPng(width = 800, height = 600): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } },
  })
    .composite([
      {
        input: {
          create: {
            width: width / 2,
            height,
            channels: 4,
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          },
        },
        left: width / 2,
        top: 0,
        blend: "source",
      },
    ])
    .png()
    .toBuffer();
}

export function webpPhoto(width = 1200, height = 900): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#208040",
      noise: { type: "gaussian", mean: 100, sigma: 30 },
    },
  })
    .webp({ quality: 80 })
    .toBuffer();
}

export function smallJpeg(colour = "#806040"): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

export const HTML_AS_JPEG = Buffer.from(
  "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n",
);

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>\n',
);

/** The first half of a real JPEG: what a dropped connection or a broken copy leaves. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await phonePhoto(1200, 900);
  return whole.subarray(0, Math.floor(whole.length / 2));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 20,000 x 20,000 one-bit PNG (400 megapixels, 1.2 GB once
 * decoded to RGB) in about 50 KB. Made with zlib: sharp takes half a minute to write it.
 */
export function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Bytes that start like a JPEG and go on for `bytes`: refused for its size, never decoded. */
export function bigFile(bytes = 30 * 1024 * 1024): Buffer {
  const file = randomBytes(bytes);
  file.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return file;
}

/** What a stored photo is, read back: size, orientation and whatever metadata it carries. */
export async function readBack(bytes: Uint8Array) {
  const image = sharp(bytes);
  const meta = await image.metadata();
  // The mean colour of a 16 x 16 patch from (x, y), as [r, g, b]: which way up it is.
  const pixel = async (x: number, y: number) => {
    const patch = await sharp(bytes)
      .extract({ left: x, top: y, width: 16, height: 16 })
      .removeAlpha()
      .raw()
      .toBuffer();
    const sums = [0, 0, 0];
    for (let i = 0; i < patch.length; i++) sums[i % 3] = (sums[i % 3] ?? 0) + (patch[i] ?? 0);
    return sums.map((sum) => Math.round(sum / (patch.length / 3)));
  };
  return { meta, pixel };
}
