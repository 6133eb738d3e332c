import { useEffect } from "react";
import { TRACKING } from "~/content/business";
import { reportQuoteConversion } from "~/lib/tracking";

/** Reports the ad conversion once the thank-you page shows (spec section 7). */
export function QuoteConversion() {
  useEffect(() => {
    if (TRACKING.googleAdsId && TRACKING.conversionLabel) {
      reportQuoteConversion(`${TRACKING.googleAdsId}/${TRACKING.conversionLabel}`);
    }
  }, []);
  return null;
}
