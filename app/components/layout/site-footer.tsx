import { Clock, Mail, MapPin, Phone, ShieldCheck } from "lucide-react";
import { ADDRESS_LINE, BUSINESS, EMERGENCY_LINE, FIGURES, HOURS } from "~/content/business";
import { PhoneLink } from "../ui/phone-link";

export function SiteFooter() {
  return (
    <footer className="bg-ink text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-white">{BUSINESS.name}</p>
          <p className="mt-1">{BUSINESS.tagline}</p>
          <p className="mt-4 flex items-start gap-2">
            <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-orange-300" />
            <span>
              {FIGURES.repairsCompletedFooter}+ repairs completed. Licensed and insured, with{" "}
              {EMERGENCY_LINE}.
            </span>
          </p>
        </div>
        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">Get in touch</h2>
          <ul className="mt-3 space-y-2">
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="h-4 w-4 text-orange-300" />
              <PhoneLink className="underline-offset-4 hover:underline" />
            </li>
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="h-4 w-4 text-orange-300" />
              <a href={`mailto:${BUSINESS.email}`} className="underline-offset-4 hover:underline">
                {BUSINESS.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-1 h-4 w-4 text-orange-300" />
              <address className="not-italic">{ADDRESS_LINE}</address>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="flex items-center gap-2 text-sm font-bold tracking-wider text-white uppercase">
            <Clock aria-hidden="true" className="h-4 w-4 text-orange-300" /> Business hours
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {HOURS.map((row) => (
              <div key={row.label} className="contents">
                <dt className="font-semibold text-white">{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2">{EMERGENCY_LINE}</p>
        </div>
        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">The fine print</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href="/privacy-policy" className="underline underline-offset-4 hover:text-white">
                Privacy policy
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-white/10 py-5 text-center text-sm">
        © {new Date().getFullYear()} {BUSINESS.name}. All rights reserved.
      </p>
    </footer>
  );
}
