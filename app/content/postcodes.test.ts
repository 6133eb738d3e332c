import { describe, expect, it } from "vitest";
import { LANDING_PAGES } from "./landing-pages";
import {
  isInServiceArea,
  isVictorianPostcode,
  POSTCODE_LOCALITIES,
  suburbForPostcode,
} from "./postcodes";

describe("suburbForPostcode", () => {
  it.each([
    ["Frankston", "3199"],
    ["Brunswick", "3056"],
    ["Preston", "3072"],
    ["Greensborough", "3088"],
    ["Ringwood", "3134"],
    ["Altona", "3018"],
    ["Williamstown", "3016"],
    ["Epping", "3076"],
    ["Berwick", "3806"],
    ["Bundoora", "3083"],
    ["Moonee Ponds", "3039"],
    ["Box Hill", "3128"],
    ["Richmond", "3121"],
    ["South Yarra", "3141"],
    ["Carlton", "3053"],
    ["Fitzroy", "3065"],
    ["Hawthorn", "3122"],
    ["Camberwell", "3124"],
    ["Kew", "3101"],
    ["Toorak", "3142"],
    ["Prahran", "3181"],
    ["Collingwood", "3066"],
    ["Abbotsford", "3067"],
    ["Malvern", "3144"],
    ["Melbourne", "3000"],
  ])("knows %s is %s", (locality, postcode) => {
    expect(POSTCODE_LOCALITIES[postcode]).toContain(locality);
    expect(suburbForPostcode(postcode).split(", ")).toContain(locality);
  });

  it("covers every suburb landing page", () => {
    const listed = new Set(Object.values(POSTCODE_LOCALITIES).flat());
    for (const page of LANDING_PAGES) {
      if (page.suburb) expect(listed, page.suburb).toContain(page.suburb);
    }
  });

  it("joins several localities and falls back to the postcode itself", () => {
    expect(suburbForPostcode("3056")).toBe("Brunswick, Brunswick North");
    expect(suburbForPostcode("3179")).toBe("3179");
    expect(suburbForPostcode("toString")).toBe("toString");
    expect(suburbForPostcode("__proto__")).toBe("__proto__");
  });

  it("keeps every entry to a 4-digit Victorian postcode inside the service area", () => {
    for (const [postcode, localities] of Object.entries(POSTCODE_LOCALITIES)) {
      expect(postcode).toMatch(/^3\d{3}$/);
      expect(localities.length).toBeGreaterThan(0);
      expect(isInServiceArea(postcode), postcode).toBe(true);
    }
    expect(Object.keys(POSTCODE_LOCALITIES).length).toBeGreaterThanOrEqual(64);
  });
});

describe("service area", () => {
  it.each([
    ["3000", true, true],
    ["3207", true, true],
    ["3208", true, false],
    ["3337", true, true],
    ["3429", true, true],
    ["3550", true, false],
    ["3810", true, true],
    ["3930", true, true],
    ["3977", true, true],
    ["8001", true, false],
    ["2000", false, false],
    ["0800", false, false],
    ["30000", false, false],
  ])("%s: Victorian %s, in service area %s", (postcode, victorian, inArea) => {
    expect(isVictorianPostcode(postcode)).toBe(victorian);
    expect(isInServiceArea(postcode)).toBe(inArea);
  });
});
