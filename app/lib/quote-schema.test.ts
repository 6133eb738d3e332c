import { describe, expect, it } from "vitest";
import {
  fieldErrorsFrom,
  isBlank,
  normalisePhone,
  QUOTE_FIELDS,
  type QuoteField,
  QuoteRequestSchema,
  REQUIRED_FIELDS,
} from "./quote-schema";

const valid = { name: "Sam", phone: "0412 345 678", email: "", postcode: "3000", message: "" };

function errorsFor(values: Record<string, unknown>): Partial<Record<QuoteField, string>> {
  const result = QuoteRequestSchema.safeParse(values);
  return result.success ? {} : fieldErrorsFrom(result.error);
}

function parse(values: Record<string, unknown>) {
  const result = QuoteRequestSchema.safeParse({ ...valid, ...values });
  if (!result.success) throw new Error(JSON.stringify(fieldErrorsFrom(result.error)));
  return result.data;
}

const errorFor = (field: QuoteField, value: unknown) =>
  errorsFor({ ...valid, [field]: value })[field];

describe("QuoteRequestSchema", () => {
  it("exports the fields in form order, three of them required", () => {
    expect(QUOTE_FIELDS).toEqual(["name", "phone", "email", "postcode", "message"]);
    expect(REQUIRED_FIELDS).toEqual(["name", "phone", "postcode"]);
  });

  it("trims every field and drops unknown ones", () => {
    expect(
      parse({
        name: "  Sam Nguyen\t",
        phone: " 0412 345 678 ",
        email: "  sam@example.com ",
        postcode: " 3056 ",
        message: "\n Leak \n",
        suburb: "Ignored",
      }),
    ).toEqual({
      name: "Sam Nguyen",
      phone: "0412 345 678",
      email: "sam@example.com",
      postcode: "3056",
      message: "Leak",
    });
  });

  describe("name", () => {
    it("is required", () => {
      expect(errorFor("name", "")).toBe("Please tell us your name.");
      expect(errorFor("name", "   ")).toBe("Please tell us your name.");
      expect(errorFor("name", undefined)).toBe("Please tell us your name.");
      expect(errorFor("name", null)).toBe("Please tell us your name.");
    });
    it("is 1 to 100 characters", () => {
      expect(parse({ name: "A" }).name).toBe("A");
      expect(parse({ name: "x".repeat(100) }).name).toHaveLength(100);
      expect(errorFor("name", "x".repeat(101))).toMatch(/100 characters/);
    });
    it("must be text", () => {
      expect(errorFor("name", 42)).toBe("Please type your name as plain text.");
      expect(errorFor("name", ["Sam"])).toBe("Please type your name as plain text.");
    });
    it("keeps accents and other scripts", () => {
      expect(parse({ name: "Zoë O'Brien-Nguyễn 山田" }).name).toBe("Zoë O'Brien-Nguyễn 山田");
    });
  });

  describe("phone", () => {
    it.each([
      ["+61 3 5550 4321", "0355504321"],
      ["(03) 5550-4321", "0355504321"],
      ["0412 345 678", "0412345678"],
      ["0412.345.678", "0412345678"],
      ["+61 (0)412 345 678", "0412345678"],
      ["+61412345678", "0412345678"],
      ["61 3 5550 4321", "0355504321"],
      ["9555 0432", "95550432"],
      ["+44 20 7946 0958", "+442079460958"],
      ["0412\u00a0345\u00a0678", "0412345678"],
    ])("accepts %s (normalised %s), stored as typed", (phone, normalised) => {
      expect(parse({ phone }).phone).toBe(phone.trim());
      expect(normalisePhone(phone)).toBe(normalised);
    });

    it("refuses 7 digits and 16 digits", () => {
      expect(errorFor("phone", "555 0432")).toBe(
        "That phone number looks a bit short — we need at least 8 digits.",
      );
      expect(errorFor("phone", "+61 412 345")).toMatch(/at least 8 digits/);
      expect(errorFor("phone", "1234 5678 9012 3456")).toMatch(/15 digits at most/);
    });

    it("accepts 8 and 15 digits", () => {
      expect(parse({ phone: "5550 4321" }).phone).toBe("5550 4321");
      expect(parse({ phone: "123 456 789 012 345" }).phone).toBe("123 456 789 012 345");
    });

    it("refuses letters and other symbols", () => {
      expect(errorFor("phone", "0412 345 678 ext 2")).toMatch(/only use digits/);
      expect(errorFor("phone", "0412#345678")).toMatch(/only use digits/);
      expect(errorFor("phone", "04+12345678")).toMatch(/only use digits/);
    });

    it("is required", () => {
      expect(errorFor("phone", " ")).toBe("Please give us a phone number so we can call you back.");
    });

    it("refuses a number typed as a JSON number", () => {
      expect(errorFor("phone", 412345678)).toBe("Please type your phone number as plain text.");
    });
  });

  describe("email", () => {
    it("is optional: blank or missing becomes null", () => {
      expect(parse({ email: "" }).email).toBeNull();
      expect(parse({ email: "   " }).email).toBeNull();
      expect(parse({ email: undefined }).email).toBeNull();
      expect(parse({ email: null }).email).toBeNull();
    });
    it("is lower-cased", () => {
      expect(parse({ email: " Sam.Nguyen+Roof@Example.COM.au " }).email).toBe(
        "sam.nguyen+roof@example.com.au",
      );
    });
    it("must look like an address", () => {
      for (const email of [
        "sam",
        "sam@",
        "@example.com",
        "sam@example",
        "sam @example.com",
        "a@b@c.com",
      ]) {
        expect(errorFor("email", email), email).toMatch(/doesn't look quite right/);
      }
    });
    // The address goes into the acknowledgement's To: and the alert's Reply-To:, where these
    // would be a display name, a comment, a second recipient or a header of someone's choosing.
    it.each([
      ["a@b.com, c@d.com", /just one email address/i],
      ["a@b.com,c@d.com", /just one email address/i],
      ["a@b.com; c@d.com", /just one email address/i],
      ["a;b@c.com", /just one email address/i],
      ["a@b.com?cc=x@y.com", /just one email address/i],
      ["a@b.com?cc=x", /doesn't look quite right/],
      ['"x y"@b.com', /just the address/i],
      ['"x"@b.com', /just the address/i],
      ["Bob <a@b.com>", /just the address/i],
      ["<a@b.com>", /just the address/i],
      ["a@b.com (c)", /just the address/i],
      ["a(c)@b.com", /just the address/i],
      ["a:b@c.com", /just the address/i],
      ["group: a@b.com;", /just one email address|just the address/i],
      ["a@b.com\r\nBcc: x@y.com", /hidden character/],
      ["a@b.com\nBcc: x@y.com", /hidden character/],
      ["a@[127.0.0.1]", /doesn't look quite right/],
      ["a@b..com", /doesn't look quite right/],
      ["a@-b.com", /doesn't look quite right/],
      ["a@b-.com", /doesn't look quite right/],
      ["a@.b.com", /doesn't look quite right/],
      ["a@b.com.", /doesn't look quite right/],
      ["a@b_c.com", /doesn't look quite right/],
      ["a@b.c", /doesn't look quite right/],
      ["a@b.123", /doesn't look quite right/],
      [".a@b.com", /doesn't look quite right/],
      ["a.@b.com", /doesn't look quite right/],
      ["a..b@c.com", /doesn't look quite right/],
      ["a\\b@c.com", /doesn't look quite right/],
      ["a＜b@c.com", /doesn't look quite right/],
      [`a@${"b".repeat(64)}.com`, /doesn't look quite right/],
    ])("refuses anything but a plain address: %j", (email, message) => {
      expect(errorFor("email", email)).toMatch(message);
    });
    it.each([
      ["sam@example.com", "sam@example.com"],
      ["Sam.Nguyen+roof@Mail.Example.com.au", "sam.nguyen+roof@mail.example.com.au"],
      ["o'brien@example.ie", "o'brien@example.ie"],
      ["first_last-2@sub-domain.example.co", "first_last-2@sub-domain.example.co"],
      ["x@xn--bcher-kva.example", "x@xn--bcher-kva.example"],
      ["sam@bücher.example", "sam@bücher.example"],
      ["josé@example.com", "josé@example.com"],
      ["1234@123.example.net", "1234@123.example.net"],
    ])("accepts an ordinary address: %j", (email, stored) => {
      expect(parse({ email }).email).toBe(stored);
    });
    it("is at most 254 characters", () => {
      const local = "a".repeat(64);
      const domain = `${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.com`;
      const at254 = `${local}@${domain}`.padStart(254, "e");
      expect(at254).toHaveLength(254);
      expect(parse({ email: at254 }).email).toBe(at254);
      expect(errorFor("email", `e${at254}`)).toMatch(/254 characters/);
    });
  });

  describe("postcode", () => {
    it("is exactly 4 digits", () => {
      expect(parse({ postcode: "3000" }).postcode).toBe("3000");
      expect(parse({ postcode: "0800" }).postcode).toBe("0800");
      for (const postcode of ["300", "30000", "3OOO", "30 00", "３０００", "-300"]) {
        expect(errorFor("postcode", postcode), postcode).toBe("Postcodes are 4 digits, like 3000.");
      }
    });
    it("is required and must be text", () => {
      expect(errorFor("postcode", "")).toBe(
        "Please add your postcode so we know where the roof is.",
      );
      expect(errorFor("postcode", 3000)).toBe("Please type your postcode as plain text.");
    });
  });

  describe("message", () => {
    it("is optional and at most 2000 characters", () => {
      expect(parse({ message: "" }).message).toBeNull();
      expect(parse({ message: "x".repeat(2000) }).message).toHaveLength(2000);
      expect(errorFor("message", "x".repeat(2001))).toMatch(/2,000 characters/);
    });
    it("keeps line breaks and tabs inside", () => {
      expect(parse({ message: "Line one\r\nLine two\twith tab" }).message).toBe(
        "Line one\nLine two\twith tab",
      );
    });
  });

  describe("control characters", () => {
    it.each(["\u0000", "\u0007", "\u001b", "\u007f", "\u0085"])(
      "refuses U+%s in every field",
      (char) => {
        expect(errorFor("name", `Sam${char}Nguyen`)).toMatch(/hidden character/);
        expect(errorFor("phone", `0412${char}345678`)).toMatch(/hidden character/);
        expect(errorFor("email", `sam${char}@example.com`)).toMatch(/hidden character/);
        expect(errorFor("postcode", `30${char}00`)).toMatch(/hidden character/);
        expect(errorFor("message", `Hello${char}there`)).toMatch(/hidden character/);
      },
    );
    it("refuses line breaks and tabs in one-line fields", () => {
      expect(errorFor("name", "Sam\nNguyen")).toMatch(/hidden character/);
      expect(errorFor("name", "Sam\tNguyen")).toMatch(/hidden character/);
    });
    it("refuses text that can't be stored as UTF-8 (a lone surrogate)", () => {
      expect(errorFor("name", "Sam\ud800")).toMatch(/hidden character/);
      expect(parse({ name: "Sam 😀" }).name).toBe("Sam 😀");
    });
  });

  describe("characters that disguise text", () => {
    it.each([
      ["U+202E right-to-left override", "\u202E"],
      ["U+2066 left-to-right isolate", "\u2066"],
      ["U+200F right-to-left mark", "\u200F"],
      ["U+2028 line separator", "\u2028"],
      ["U+2029 paragraph separator", "\u2029"],
      ["U+FFFF noncharacter", "\uFFFF"],
      ["U+FDD0 noncharacter", "\uFDD0"],
      ["U+10FFFF noncharacter", "\u{10FFFF}"],
    ])("refuses %s in one-line fields", (_label, char) => {
      expect(errorFor("name", `Sam${char}Nguyen`)).toMatch(/hidden character/);
      expect(errorFor("email", `sam${char}@example.com`)).toMatch(/hidden character/);
    });

    it("refuses bidi controls and noncharacters in the message too", () => {
      expect(errorFor("message", "Leak in the \u202Eenil")).toMatch(/hidden character/);
      expect(errorFor("message", "Leak\uFFFE")).toMatch(/hidden character/);
    });

    it("drops zero-width characters, so a name can't hide a second spelling", () => {
      expect(parse({ name: "\uFEFFS\u200Bam\u200D Ngu\u00ADyen\u2060" }).name).toBe("Sam Nguyen");
      expect(parse({ phone: "0412\u200B345 678" }).phone).toBe("0412345 678");
    });

    it("turns Unicode line separators in the message into plain line breaks", () => {
      expect(parse({ message: "Drip\u2028Drop\u2029Done" }).message).toBe("Drip\nDrop\nDone");
      // Emoji sequences keep their joiners in the message.
      expect(parse({ message: "Roof 👨\u200D🔧" }).message).toBe("Roof 👨\u200D🔧");
    });

    it("stores names in one Unicode form (NFC)", () => {
      const decomposed = "Zoe\u0301";
      expect(parse({ name: decomposed }).name).toBe("Zo\u00E9");
      expect(parse({ message: decomposed }).message).toBe("Zo\u00E9");
    });
  });

  it("stores one kind of line break in the message", () => {
    expect(parse({ message: "Drip in the hall\r\nand the kitchen\rtoo" }).message).toBe(
      "Drip in the hall\nand the kitchen\ntoo",
    );
  });

  it("gives one message per bad field", () => {
    expect(errorsFor({})).toEqual({
      name: "Please tell us your name.",
      phone: "Please give us a phone number so we can call you back.",
      postcode: "Please add your postcode so we know where the roof is.",
    });
  });
});

describe("isBlank", () => {
  it("lists the required fields that are empty once trimmed", () => {
    expect(isBlank({ name: " ", phone: "0412345678", postcode: "" })).toEqual(["name", "postcode"]);
    expect(isBlank({})).toEqual(["name", "phone", "postcode"]);
    expect(isBlank({ name: "Sam", phone: "x", postcode: "3000", email: "" })).toEqual([]);
  });
});
