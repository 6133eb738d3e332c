import { describe, expect, it } from "vitest";
import { idFromReference, leadReference } from "./lead-reference";

describe("lead references", () => {
  it("round-trip the ids leads get, however they are typed back", () => {
    for (const id of [1, 31, 32, 28_387_207_803, 2 ** 40 - 1]) {
      const reference = leadReference(id);
      expect(reference).toMatch(/^RQ-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4,6}$/);
      expect(idFromReference(reference)).toBe(id);
      expect(idFromReference(reference.toLowerCase().replace("-", " "))).toBe(id);
      expect(idFromReference(reference.replace(/^RQ-/, "").replace(/0/g, "O"))).toBe(id);
      expect(idFromReference(reference.replace(/-/g, ""))).toBe(id);
    }
  });

  it("is no reference for ordinary search words", () => {
    for (const q of ["Sam", "Footscray", "0412 345 678", "ceiling", "RQ-", "ABCDEFGH"]) {
      expect(idFromReference(q), q).toBeUndefined();
    }
  });
});
