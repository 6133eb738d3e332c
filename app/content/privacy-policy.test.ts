import { describe, expect, it } from "vitest";
import { ADDRESS_LINE, BUSINESS } from "./business";
import {
  type PolicySection,
  PRIVACY_EFFECTIVE_DATE,
  PRIVACY_POLICY,
  TECHNICAL_DATA_ITEMS,
} from "./privacy-policy";

const EXPECTED_TITLES = [
  "Introduction",
  "Information We Collect",
  "How We Collect Information",
  "How We Use Your Information",
  "Sharing Your Information",
  "Cookies and Tracking",
  "Security",
  "Data Retention",
  "Your Rights",
  "Third-Party Links",
  "Changes to This Policy",
  "Contact Us",
  "Complaints",
  "Australian Privacy Principles (APP) Compliance",
];

function textOf(section: PolicySection): string {
  return section.blocks
    .map((block) => (block.kind === "p" ? block.text : block.items.join("\n")))
    .join("\n");
}

function section(id: string): PolicySection {
  const found = PRIVACY_POLICY.sections.find((s) => s.id === id);
  if (!found) throw new Error(`missing section ${id}`);
  return found;
}

const allText = PRIVACY_POLICY.sections.map(textOf).join("\n");

describe("privacy policy content", () => {
  it("has the 14 sections in order, with unique kebab-case ids", () => {
    expect(PRIVACY_POLICY.sections.map((s) => s.title)).toEqual(EXPECTED_TITLES);
    const ids = PRIVACY_POLICY.sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(14);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("is effective and last updated on 1 January 2025", () => {
    expect(PRIVACY_EFFECTIVE_DATE).toBe("2025-01-01");
    expect(PRIVACY_POLICY.effective).toBe("1 January 2025");
    expect(PRIVACY_POLICY.updated).toBe("1 January 2025");
  });

  it("lists the personal and technical data collected", () => {
    const collected = textOf(section("information-we-collect"));
    for (const item of [
      "Name",
      "Contact details",
      "phone",
      "e-mail",
      "address",
      "Property information",
      "Service requirements",
      "Communication records",
      "Payment and billing information",
      "Insurance and warranty details",
    ]) {
      expect(collected).toContain(item);
    }
    expect(TECHNICAL_DATA_ITEMS).toEqual([
      "IP address",
      "Browser type",
      "Operating system",
      "Pages visited",
      "Referring website",
      "Cookies",
    ]);
    for (const item of TECHNICAL_DATA_ITEMS) expect(collected).toContain(item);
  });

  it("states the retention periods and response time", () => {
    expect(textOf(section("data-retention"))).toContain("7 years");
    expect(textOf(section("data-retention"))).toContain("26 months");
    expect(textOf(section("your-rights"))).toContain("30 days");
    expect(allText).toContain("7 years");
    expect(allText).toContain("26 months");
    expect(allText).toContain("30 days");
  });

  it("says photos are kept with the request and stripped of their location", () => {
    const retention = textOf(section("data-retention"));
    expect(retention).toContain("any photos you send with it");
    expect(retention).toMatch(/Photos you send with a quote request are kept with that request/);
    expect(retention).toMatch(/including the location where it was taken/);
  });

  it("gives the business contact details from ./business in Contact Us", () => {
    const contact = textOf(section("contact-us"));
    expect(contact).toContain(BUSINESS.name);
    expect(contact).toContain(BUSINESS.phone);
    expect(contact).toContain(BUSINESS.email);
    expect(contact).toContain(ADDRESS_LINE);
    expect(ADDRESS_LINE).toBe("365 Collins St, Melbourne VIC 3000");
  });

  it("points complaints to the OAIC and cites the Privacy Act", () => {
    const complaints = textOf(section("complaints"));
    expect(complaints).toContain("Office of the Australian Information Commissioner");
    expect(complaints).toContain("www.oaic.gov.au");
    expect(textOf(section("app-compliance"))).toContain("Privacy Act 1988 (Cth)");
  });

  it("covers the quote form storage, conditional ad tracking and the map", () => {
    expect(allText).toContain("stored in our own database, not in a third-party form service");
    expect(textOf(section("cookies-and-tracking"))).toMatch(/only loads if we have enabled it/);
    const links = textOf(section("third-party-links"));
    expect(links).toContain("review marketplace");
    expect(links).toContain("OpenStreetMap");
  });

  it("uses plain text only, with no empty blocks", () => {
    for (const s of PRIVACY_POLICY.sections) {
      expect(s.blocks.length).toBeGreaterThan(0);
      for (const block of s.blocks) {
        const strings = block.kind === "p" ? [block.text] : block.items;
        expect(strings.length).toBeGreaterThan(0);
        for (const str of strings) {
          expect(str.trim()).not.toBe("");
          expect(str).not.toMatch(/<[a-z/]|\*\*|__|`|\[[^\]]*\]\(|^#/i);
        }
      }
    }
  });

  it("uses Australian spelling", () => {
    expect(allText).not.toMatch(/\b(organization|authoriz|personalization|honor\b)/i);
  });
});
