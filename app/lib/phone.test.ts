import { describe, expect, it } from "vitest";
import {
  phoneDisplay,
  phoneE164,
  phoneForSpreadsheet,
  phoneSearchDigits,
  phoneTelHref,
} from "./phone";

describe("phone numbers as customers type them", () => {
  it.each([
    ["0412 345 678", "+61412345678"],
    ["61 412 555 666", "+61412555666"],
    ["412 555 666", "+61412555666"],
    ["(03) 9555 1234", "+61395551234"],
    ["0412-555-667", "+61412555667"],
    ["+61 412 345 678", "+61412345678"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("%s dials as %s", (typed, e164) => {
    expect(phoneE164(typed)).toBe(e164);
    expect(phoneTelHref(typed)).toBe(`tel:${e164}`);
  });

  it("falls back to the digits for what it can't read", () => {
    expect(phoneE164("12")).toBeNull();
    expect(phoneTelHref("12 34")).toBe("tel:1234");
  });

  it("shows and exports Australian numbers nationally, others as dialled from here", () => {
    expect(phoneDisplay("61412345678")).toBe("0412 345 678");
    expect(phoneForSpreadsheet("+61 412 345 678")).toBe("0412 345 678");
    expect(phoneForSpreadsheet("(03) 9555 1234")).toBe("(03) 9555 1234");
    expect(phoneForSpreadsheet("+44 20 7946 0958")).toBe("0011 44 20 7946 0958");
  });

  it("searches every spelling by the national number", () => {
    for (const q of ["0412 345 678", "+61 412 345 678", "61412345678", "412 345 678"]) {
      expect(phoneSearchDigits(q), q).toBe("412345678");
    }
    expect(phoneSearchDigits("Sam")).toBeUndefined();
    expect(phoneSearchDigits("0412")).toBeUndefined();
  });
});
