import { Menu, Phone, X } from "lucide-react";
import { BUSINESS } from "~/content/business";
import type { SectionKey } from "~/content/landing-pages";
import { navLinksFor } from "~/content/navigation";
import { PhoneLink } from "../ui/phone-link";
import { RowEnd } from "../ui/row-end";
import { Logo } from "./logo";

/**
 * Fixed 4rem bar. Below the xl breakpoint the links live in a native popover, so the menu
 * opens and closes without JavaScript. Plain HTML: the page script adds the scroll shadow
 * and puts the menu away once a link in it is chosen (app/islands/enhancements.ts).
 */
export function SiteNav({ sections }: { sections: readonly SectionKey[] }) {
  const links = navLinksFor(sections);
  return (
    <header
      data-scrolled="false"
      className="fixed inset-x-0 top-0 z-50 h-16 border-b border-slate-200 bg-white/95 backdrop-blur data-[scrolled=true]:shadow-md"
    >
      <nav
        aria-label="Main"
        data-assembled
        className="mx-auto flex h-full max-w-7xl items-center gap-4 px-4"
      >
        <Logo />
        <ul className="ml-auto hidden items-center gap-1 xl:flex">
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                className="whitespace-nowrap rounded-md px-2 py-2 text-sm font-semibold text-ink-soft hover:bg-cream hover:text-ink"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <PhoneLink
          variant="cta"
          size="sm"
          className="ml-auto whitespace-nowrap max-sm:hidden xl:ml-2"
        >
          <Phone aria-hidden="true" className="h-4 w-4" />
          Call Now <span className="sr-only">on {BUSINESS.phone}</span>
        </PhoneLink>
        {/* Phones get a compact call button; the menu holds "Call Now" with the number. */}
        <PhoneLink variant="cta" size="icon" className="ml-auto sm:hidden">
          <Phone aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">Call Now {BUSINESS.phone}</span>
        </PhoneLink>
        <button
          type="button"
          popoverTarget="mobile-menu"
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-ink hover:bg-cream xl:hidden"
        >
          <Menu aria-hidden="true" className="h-6 w-6" />
          <span className="sr-only">Menu</span>
        </button>
        <RowEnd />
      </nav>
      <div
        id="mobile-menu"
        popover="auto"
        className="fixed inset-x-0 top-16 bottom-auto m-0 max-h-[calc(100dvh-4rem)] w-full overflow-y-auto border-b border-slate-200 bg-white p-4 shadow-xl"
      >
        <div className="flex justify-end">
          <button
            type="button"
            popoverTarget="mobile-menu"
            popoverTargetAction="hide"
            className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-cream"
          >
            <X aria-hidden="true" className="h-6 w-6" />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <ul className="flex flex-col">
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                className="block rounded-md px-3 py-3 text-lg font-semibold text-ink hover:bg-cream"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <PhoneLink variant="cta" size="lg" className="mt-4 w-full">
          <Phone aria-hidden="true" className="h-5 w-5" />
          Call Now {BUSINESS.phone}
        </PhoneLink>
      </div>
    </header>
  );
}
