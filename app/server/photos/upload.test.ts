// The multipart body as it streams in: the limits, what is kept of a refused request, and
// the files judged by their bytes. Real bodies, made the way a browser makes them.
import { describe, expect, it } from "vitest";
import { PHOTO_LIMITS } from "~/lib/photo-limits";
import {
  bigFile,
  HTML_AS_JPEG,
  pngBomb,
  SVG_WITH_SCRIPT,
  smallJpeg,
  transparentPng,
  truncatedJpeg,
  webpPhoto,
} from "../../../tests/support/photo-images";
import { readPhotoUpload, UPLOAD_LIMITS } from "./upload.server";

const FIELDS = { name: "Sam Nguyen", phone: "0412 345 678", postcode: "3056", message: "Leak." };

function multipart(files: [Buffer, string, string?][], fields: Record<string, string> = FIELDS) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [bytes, filename, type] of files) {
    form.append(
      "photos",
      new File([new Uint8Array(bytes)], filename, { type: type ?? "image/jpeg" }),
    );
  }
  return new Request("http://localhost/api/quote-requests", { method: "POST", body: form });
}

/** The body in pieces the size a socket gives, counting what the parser took. */
async function read(request: Request, contentLength?: string) {
  let pulled = 0;
  const bytes = new Uint8Array(await request.arrayBuffer());
  async function* pieces() {
    for (let at = 0; at < bytes.byteLength; at += 64 * 1024) {
      const piece = bytes.subarray(at, at + 64 * 1024);
      pulled += piece.byteLength;
      yield piece;
    }
  }
  const result = await readPhotoUpload(pieces(), {
    contentType: request.headers.get("Content-Type"),
    // As a browser sends it, unless the test says otherwise ("" for a chunked body).
    contentLength: contentLength ?? String(bytes.byteLength),
  });
  return { result, pulled };
}

describe("readPhotoUpload", () => {
  it("gives the fields and each photo re-encoded, in the order sent", async () => {
    const { result } = await read(
      multipart([
        [await smallJpeg(), "a.jpg"],
        [await transparentPng(), "b.png", "image/png"],
        [await webpPhoto(), "c.webp", "image/webp"],
      ]),
    );
    if (!result.ok) throw new Error(result.problem.kind);
    expect(result.fields).toEqual(FIELDS);
    expect(result.photos.map((p) => p.contentType)).toEqual([
      "image/jpeg",
      "image/webp",
      "image/jpeg",
    ]);
  });

  it("takes a form with the file input left empty as a form without photos", async () => {
    // What a browser sends for an empty <input type="file">: a part with no name and no bytes.
    const { result } = await read(multipart([[Buffer.alloc(0), "", "application/octet-stream"]]));
    expect(result).toEqual({ ok: true, fields: FIELDS, photos: [] });
  });

  it("refuses a sixth photo with 413, keeping the typed fields", async () => {
    const jpeg = await smallJpeg();
    const six = Array.from({ length: 6 }, (_, i): [Buffer, string] => [jpeg, `${i}.jpg`]);
    const { result } = await read(multipart(six));
    expect(result).toMatchObject({
      ok: false,
      status: 413,
      problem: { kind: "too_many_files" },
      fields: FIELDS,
      drained: true,
    });
  });

  it("refuses a 30 MB photo with 413 without holding more than one photo's limit", async () => {
    const { result, pulled } = await read(multipart([[bigFile(), "huge.jpg"]]));
    expect(result).toMatchObject({
      ok: false,
      status: 413,
      problem: { kind: "file_too_large", name: "huge.jpg" },
      fields: FIELDS,
      drained: true,
    });
    // Read to the end, so the browser is listening when the answer comes.
    expect(pulled).toBeGreaterThan(30 * 1024 * 1024);
  });

  it("refuses photos over 50 MB together, each under 15 MB", async () => {
    const file = bigFile(PHOTO_LIMITS.fileBytes - 1024);
    const { result } = await read(
      multipart(Array.from({ length: 4 }, (_, i): [Buffer, string] => [file, `${i}.jpg`])),
    );
    expect(result).toMatchObject({
      ok: false,
      status: 413,
      problem: { kind: "too_large" },
      fields: FIELDS,
    });
  });

  it("leaves a body unread when its Content-Length is past what it would drain", async () => {
    const { result, pulled } = await read(
      multipart([[await smallJpeg(), "a.jpg"]]),
      String(UPLOAD_LIMITS.drainBytes + 1),
    );
    expect(result).toMatchObject({ ok: false, status: 413, drained: false });
    expect(pulled).toBe(0);
  });

  it("refuses anything that isn't a photo by its bytes, naming the file", async () => {
    for (const [bytes, name, type] of [
      [HTML_AS_JPEG, "roof.jpg", "image/jpeg"],
      [SVG_WITH_SCRIPT, "roof.svg", "image/svg+xml"],
      [await truncatedJpeg(), "half.jpg", "image/jpeg"],
    ] as const) {
      const { result } = await read(
        multipart([
          [await smallJpeg(), "ok.jpg"],
          [bytes, name, type],
        ]),
      );
      expect(result, name).toMatchObject({
        ok: false,
        status: 400,
        problem: { kind: "not_a_photo", name },
        fields: FIELDS,
      });
    }
    const { result } = await read(multipart([[pngBomb(), "bomb.png", "image/png"]]));
    expect(result).toMatchObject({ status: 400, problem: { kind: "too_many_pixels" } });
  });

  it("answers a broken body as malformed, never by throwing", async () => {
    for (const [body, type] of [
      ["--x\r\nnope", "multipart/form-data; boundary=x"],
      ["{}", "multipart/form-data"],
      ["", "multipart/form-data; boundary=y"],
    ]) {
      const request = new Request("http://localhost/", {
        method: "POST",
        body,
        headers: { "Content-Type": type as string },
      });
      const { result } = await read(request);
      expect(result, `${type} ${body}`).toMatchObject({ ok: false, status: 400 });
    }
  });

  it("refuses a field past its size and more fields than a form has", async () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, "x"]));
    const { result } = await read(multipart([], many));
    expect(result).toMatchObject({ ok: false, problem: { kind: "malformed" } });
    const long = await read(multipart([], { ...FIELDS, message: "x".repeat(40_000) }));
    // Cut at the field limit: the schema then says the message is too long.
    expect(long.result.ok && long.result.fields.message?.length).toBe(UPLOAD_LIMITS.fieldBytes);
  });
});
