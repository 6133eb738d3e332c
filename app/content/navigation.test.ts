import { describe, expect, it } from "vitest";
import { NAV_LINKS } from "./navigation";

describe("navigation", () => {
  it("has the spec's nine links, in order", () => {
    expect(NAV_LINKS.map(({ href, label }) => [href, label])).toEqual([
      ["#why-repair-now", "Why Repair Now"],
      ["#who", "Who We Help"],
      ["#problems", "Issues We Solve"],
      ["#services", "Services"],
      ["#roof-types", "Roof Types"],
      ["#why-us", "Why Us"],
      ["#gallery", "Gallery"],
      ["#service-areas", "Service Areas"],
      ["#faqs", "FAQs"],
    ]);
  });
});
