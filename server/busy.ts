// The answer when a render couldn't be done in time, or at all (issue 19): 503 with
// Retry-After. A person may be looking at it, so it says what happened and how to reach us;
// the API gets JSON in the shape of its other errors.
import { type BusinessContact, phoneLink, plainPage } from "./refusal.ts";

export const BUSY_MESSAGE =
  "We're flat out right now and couldn't get that done. Please try again in a moment, or give us a call.";

export function busyAnswer(
  pathname: string,
  accept: string,
  business: BusinessContact,
): { type: string; body: string } {
  if (pathname.startsWith("/api/") || (/json/i.test(accept) && !/html/i.test(accept))) {
    return {
      type: "application/json",
      body: JSON.stringify({ error: "busy", message: `${BUSY_MESSAGE} ${business.phone}` }),
    };
  }
  const body = plainPage(
    {
      title: "Give us a moment",
      heading: "Sorry, we're a bit busy",
      paragraphs: [
        "The site couldn't get that done just now. Nothing's broken on your end: please try again in a moment.",
        `If it's urgent, ring us on ${phoneLink(business)}.`,
      ],
    },
    business,
  );
  return { type: "text/html; charset=utf-8", body };
}
