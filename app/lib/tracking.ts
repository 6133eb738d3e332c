// The spec's ad-conversion hooks (section 7). Both are no-ops unless the tracker is on the page.

declare global {
  interface Window {
    gtag_report_conversion?: (url?: string) => boolean | undefined;
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * Click handler for tel: links. When the conversion reporter exists it gets the link and
 * takes over the navigation (it dials once the conversion is recorded); otherwise the
 * browser follows the link as normal.
 */
export function reportPhoneClick(event: { preventDefault(): void }, href: string): void {
  if (typeof window.gtag_report_conversion === "function") {
    event.preventDefault();
    window.gtag_report_conversion(href);
  }
}

export function reportQuoteConversion(sendTo: string): void {
  if (typeof window.gtag === "function") {
    window.gtag("event", "conversion", { send_to: sendTo });
  }
}
