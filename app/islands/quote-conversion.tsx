import { TRACKING } from "~/content/business";
import { reportQuoteConversion } from "~/lib/tracking";

/** Renders nothing: its work is reportConversion below, which the browser runs. */
export function QuoteConversion(_props: Record<string, never>) {
  return null;
}

/** Reports the ad conversion once the thank-you page shows (spec section 7). */
export function reportConversion(): void {
  if (TRACKING.googleAdsId && TRACKING.conversionLabel) {
    reportQuoteConversion(`${TRACKING.googleAdsId}/${TRACKING.conversionLabel}`);
  }
}
