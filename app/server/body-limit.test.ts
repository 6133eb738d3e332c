import { describe, expect, it } from "vitest";
import { BodyTooLarge, MAX_BODY_BYTES, readLimitedBody } from "./body-limit.server";

async function* chunks(total: number, size = 1024): AsyncGenerator<Uint8Array> {
  for (let sent = 0; sent < total; sent += size) {
    yield new Uint8Array(Math.min(size, total - sent)).fill(120);
  }
}

describe("readLimitedBody", () => {
  it("refuses an honest oversized Content-Length before reading a byte", async () => {
    let read = false;
    const body = (async function* () {
      read = true;
      yield new Uint8Array(1);
    })();
    await expect(readLimitedBody(body, String(MAX_BODY_BYTES + 1))).rejects.toThrow(BodyTooLarge);
    expect(read).toBe(false);
  });

  it("counts the bytes when Content-Length understates them", async () => {
    await expect(readLimitedBody(chunks(MAX_BODY_BYTES + 1), "100")).rejects.toThrow(BodyTooLarge);
  });

  it("counts the bytes when no length is declared (a chunked body)", async () => {
    await expect(readLimitedBody(chunks(MAX_BODY_BYTES + 1), null)).rejects.toThrow(BodyTooLarge);
  });

  it("takes a body of exactly the limit, whole", async () => {
    const body = await readLimitedBody(chunks(MAX_BODY_BYTES, 1000), undefined);
    expect(body.length).toBe(MAX_BODY_BYTES);
  });
});
