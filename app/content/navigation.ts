import type { SectionKey } from "./landing-pages";

export interface NavLink {
  href: `#${string}`;
  label: string;
  /** The landing section the link lands in; the link is hidden where the page omits it. */
  section: SectionKey;
}

export const NAV_LINKS: readonly NavLink[] = [
  { href: "#why-repair-now", label: "Why Repair Now", section: "why-fix-now" },
  { href: "#who", label: "Who We Help", section: "who" },
  { href: "#problems", label: "Issues We Solve", section: "problems" },
  { href: "#services", label: "Services", section: "services" },
  { href: "#roof-types", label: "Roof Types", section: "roof-types" },
  { href: "#why-us", label: "Why Us", section: "why-us" },
  { href: "#gallery", label: "Gallery", section: "gallery" },
  { href: "#service-areas", label: "Service Areas", section: "service-areas" },
  { href: "#faqs", label: "FAQs", section: "faqs" },
];

export function navLinksFor(sections: readonly SectionKey[]): NavLink[] {
  return NAV_LINKS.filter((link) => sections.includes(link.section));
}
