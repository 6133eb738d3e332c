// axe-core leaves text "incomplete" (needs review) for colour contrast when it cannot work out
// what is behind it: decorative artwork, a translucent fixed bar. Rather than trusting those
// by eye, this measures them by pixels: hide every glyph and icon, screenshot what is left,
// and take the worst contrast between the text colour and any pixel inside the text's box.
import type { Page } from "@playwright/test";
import type { AxeResults } from "axe-core";

export interface ContrastShortfall {
  target: string;
  color: string;
  worstRatio: number;
  required: number;
}

interface TextBox {
  target: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rgba: [number, number, number, number];
  color: string;
  required: number;
}

/** Inputs without a value have no text to measure; everything else axe left open is measured. */
const UNMEASURABLE = /has no value/i;

export async function measureIncompleteContrast(
  page: Page,
  results: AxeResults,
): Promise<{ measured: number; shortfalls: ContrastShortfall[] }> {
  const nodes = results.incomplete.find((rule) => rule.id === "color-contrast")?.nodes ?? [];
  const targets = nodes
    .filter((node) => !node.any.some((check) => UNMEASURABLE.test(check.message)))
    .map((node) => node.target.at(-1))
    .filter((target): target is string => typeof target === "string");
  if (targets.length === 0) return { measured: 0, shortfalls: [] };

  // Text that something else covers entirely (the page behind an open menu) is not seen, so
  // has no contrast to keep: leave it out. Partly covered text is still measured.
  const visible = await page.evaluate((selectors) => {
    const related = (a: Element, b: Element | null) =>
      b !== null && (a === b || a.contains(b) || b.contains(a));
    return selectors.filter((target) => {
      const element = document.querySelector(target);
      if (!element) return false;
      element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      const r = element.getBoundingClientRect();
      const points: [number, number][] = [
        [0.5, 0.5],
        [0.2, 0.3],
        [0.8, 0.3],
        [0.2, 0.7],
        [0.8, 0.7],
      ];
      return points.some(([fx, fy]) =>
        related(element, document.elementFromPoint(r.x + r.width * fx, r.y + r.height * fy)),
      );
    });
  }, targets);
  if (visible.length === 0) return { measured: 0, shortfalls: [] };

  // From the top, so fixed bars sit where a full-page screenshot draws them.
  await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: "instant" }));
  const boxes = await page.evaluate((selectors): TextBox[] => {
    // Computed colours may be oklch() (Tailwind 4); a canvas turns any CSS colour into sRGB.
    const canvas = new OffscreenCanvas(1, 1);
    const context = canvas.getContext("2d", { willReadFrequently: true });
    const parse = (value: string): [number, number, number, number] => {
      if (!context) throw new Error("no 2d context");
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = value;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 255] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    return selectors.flatMap((target) => {
      const element = document.querySelector(target);
      if (!element) return [];
      const rect = element.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1) return [];
      const style = getComputedStyle(element);
      const size = Number.parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      // WCAG large text: 18pt (24px), or 14pt (18.66px) bold, needs 3:1; the rest 4.5:1.
      const large = size >= 24 || (bold && size >= 18.66);
      return [
        {
          target,
          x: rect.x + window.scrollX,
          y: rect.y + window.scrollY,
          width: rect.width,
          height: rect.height,
          rgba: parse(style.color),
          color: style.color,
          required: large ? 3 : 4.5,
        },
      ];
    });
  }, visible);
  if (boxes.length === 0) return { measured: 0, shortfalls: [] };

  // Hide glyphs, icons drawn in currentColor, and text shadows; leave every background alone.
  // A constructed stylesheet, because the Content-Security-Policy refuses inline <style>.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      "*, *::before, *::after, *::placeholder { color: transparent !important; -webkit-text-fill-color: transparent !important; text-shadow: none !important; text-decoration-color: transparent !important; caret-color: transparent !important; }",
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    (window as unknown as { __hideText: CSSStyleSheet }).__hideText = sheet;
  });
  try {
    const left = Math.floor(Math.min(...boxes.map((b) => b.x)));
    const top = Math.floor(Math.min(...boxes.map((b) => b.y)));
    const right = Math.ceil(Math.max(...boxes.map((b) => b.x + b.width)));
    const bottom = Math.ceil(Math.max(...boxes.map((b) => b.y + b.height)));
    const png = await page.screenshot({
      fullPage: true,
      scale: "css",
      animations: "disabled",
      caret: "hide",
      clip: { x: left, y: top, width: right - left, height: bottom - top },
    });

    const ratios = await page.evaluate(
      async ({ base64, origin, boxes }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no 2d context");
        context.drawImage(bitmap, 0, 0);
        const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
        const channel = (v: number) => {
          const s = v / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        const luminance = (r: number, g: number, b: number) =>
          0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        return boxes.map((box) => {
          const [fr, fg, fb, fa] = box.rgba;
          let worst = Number.POSITIVE_INFINITY;
          const x0 = Math.max(0, Math.round(box.x - origin.x));
          const y0 = Math.max(0, Math.round(box.y - origin.y));
          const x1 = Math.min(bitmap.width, Math.round(box.x - origin.x + box.width));
          const y1 = Math.min(bitmap.height, Math.round(box.y - origin.y + box.height));
          for (let y = y0; y < y1; y++) {
            for (let x = x0; x < x1; x++) {
              const i = (y * bitmap.width + x) * 4;
              const br = data[i] ?? 0;
              const bg = data[i + 1] ?? 0;
              const bb = data[i + 2] ?? 0;
              // Translucent text is seen blended over its background.
              const text = luminance(
                fr * fa + br * (1 - fa),
                fg * fa + bg * (1 - fa),
                fb * fa + bb * (1 - fa),
              );
              const back = luminance(br, bg, bb);
              const ratio = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
              if (ratio < worst) worst = ratio;
            }
          }
          return worst;
        });
      },
      { base64: png.toString("base64"), origin: { x: left, y: top }, boxes },
    );

    const shortfalls = boxes.flatMap((box, index) => {
      const worstRatio = Math.round((ratios[index] ?? 0) * 100) / 100;
      return worstRatio < box.required
        ? [{ target: box.target, color: box.color, worstRatio, required: box.required }]
        : [];
    });
    return { measured: boxes.length, shortfalls };
  } finally {
    await page.evaluate(() => {
      const holder = window as unknown as { __hideText?: CSSStyleSheet };
      const sheet = holder.__hideText;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
      delete holder.__hideText;
    });
  }
}
