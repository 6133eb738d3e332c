// `node scripts/push-icons.ts`: renders the inbox app's icons (public/admin/*.png) from our own
// artwork, the favicon's roof and drop, on the inbox's dark header colour so the owner tells
// his leads app from the public site's bookmark. Chromium draws the SVG; the PNGs are
// committed, so a build needs none of this.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "../tests/support/config.ts";

const INK = "#0f2a3d";
const ROOF = "#ffffff";
const DROP = "#f97316";

/** The art on a 32-unit grid, scaled by `scale` about the centre. */
function art(scale: number, colours = { roof: ROOF, drop: DROP }): string {
  const offset = 16 * (1 - scale);
  return `<g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M4.5 16.5L16 6l11.5 10.5" fill="none" stroke="${colours.roof}" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M16 12.5s-6.5 7-6.5 11.5a6.5 6.5 0 0 0 13 0c0-4.5-6.5-11.5-6.5-11.5z" fill="${colours.drop}"/>
  </g>`;
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%">${body}</svg>`;

const ICONS: { file: string; size: number; svg: string }[] = [
  // "any": a rounded tile, transparent corners.
  {
    file: "icon-192.png",
    size: 192,
    svg: svg(`<rect width="32" height="32" rx="7" fill="${INK}"/>${art(0.9)}`),
  },
  {
    file: "icon-512.png",
    size: 512,
    svg: svg(`<rect width="32" height="32" rx="7" fill="${INK}"/>${art(0.9)}`),
  },
  // Maskable: full bleed, the art inside the middle 80% that every mask keeps.
  {
    file: "icon-maskable-512.png",
    size: 512,
    svg: svg(`<rect width="32" height="32" fill="${INK}"/>${art(0.62)}`),
  },
  // iOS rounds the corners itself and shows transparency as black.
  {
    file: "apple-touch-icon.png",
    size: 180,
    svg: svg(`<rect width="32" height="32" fill="${INK}"/>${art(0.78)}`),
  },
  // Android's status-bar badge: only the alpha channel counts.
  {
    file: "badge-96.png",
    size: 96,
    svg: svg(art(1, { roof: "#ffffff", drop: "#ffffff" })),
  },
];

const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${icon.svg}</body></html>`,
    );
    const png = await page.screenshot({ omitBackground: true });
    writeFileSync(resolve("public/admin", icon.file), png);
    await page.close();
    console.log(`public/admin/${icon.file} (${icon.size} px)`);
  }
} finally {
  await browser.close();
}
