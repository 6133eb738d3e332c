import { describe, expect, it } from "vitest";
import { LANDING_PAGES } from "./landing-pages";

describe("landing pages", () => {
  it("are home, /roof-repair, /roof-repairs and the eleven suburbs (spec's route table)", () => {
    expect(LANDING_PAGES.map((page) => page.path)).toEqual([
      "/",
      "/roof-repair",
      "/roof-repairs",
      ...[
        "frankston",
        "brunswick",
        "preston",
        "greensborough",
        "ringwood",
        "altona",
        "williamstown",
        "epping",
        "berwick",
        "bundoora",
        "moonee-ponds",
      ].map((slug) => `/roof-repair-${slug}`),
    ]);
  });
});
