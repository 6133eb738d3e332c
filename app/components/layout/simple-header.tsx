import { Phone } from "lucide-react";
import { BUSINESS } from "~/content/business";
import { PhoneLink } from "../ui/phone-link";
import { RowEnd } from "../ui/row-end";
import { Logo } from "./logo";

/** The bar for pages without landing sections to link to. */
export function SimpleHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-50 h-16 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div data-assembled className="mx-auto flex h-full max-w-7xl items-center gap-4 px-4">
        <Logo />
        <PhoneLink variant="cta" size="sm" className="ml-auto shrink-0 whitespace-nowrap">
          <Phone aria-hidden="true" className="h-4 w-4" />
          Call Now <span className="hidden sm:inline">{BUSINESS.phone}</span>
          <span className="sr-only sm:hidden">on {BUSINESS.phone}</span>
        </PhoneLink>
        <RowEnd />
      </div>
    </header>
  );
}
