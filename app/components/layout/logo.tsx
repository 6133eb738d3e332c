// Inlined as a data URI: the mark is tiny and sits above the fold, so a request would only
// race the headline.
import logoMark from "~/assets/logo.svg?inline";
import { BUSINESS } from "~/content/business";

/** The mark plus the name; the image's alt text carries name and tagline, as the spec asks. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <a href="/" className="flex min-h-11 items-center gap-2 rounded-md">
      <img
        src={logoMark}
        alt={`${BUSINESS.name} – ${BUSINESS.tagline}`}
        width={36}
        height={36}
        className="h-9 w-9"
      />
      <span
        aria-hidden="true"
        className={`text-base leading-tight font-extrabold tracking-tight ${inverted ? "text-white" : "text-ink"}`}
      >
        {BUSINESS.name}
      </span>
    </a>
  );
}
