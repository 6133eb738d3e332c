import { Frown, ShieldCheck } from "lucide-react";
import type { CLOSING } from "~/content/landing-copy";
import { QUOTE_FORM_HREF } from "~/content/landing-copy";
import { ButtonLink } from "../ui/button";
import { DeclineIsland } from "./decline-island";
import { Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface ClosingProps extends SectionBaseProps {
  copy: typeof CLOSING;
}

export function Closing({ tone, copy }: ClosingProps) {
  return (
    <Section id="closing" titleId="closing-title" tone={tone}>
      <SectionHeading id="closing-title" copy={copy} />
      <ul className="mx-auto mt-12 grid max-w-4xl gap-5 md:grid-cols-2">
        <li className="flex flex-col rounded-2xl bg-ink p-6 text-white shadow-lg sm:p-8">
          <ShieldCheck aria-hidden="true" className="size-9 text-amber-300" />
          <h3 className="mt-4 text-2xl font-extrabold">{copy.good.title}</h3>
          <p className="mt-2 flex-1 text-slate-200">{copy.good.body}</p>
          <ButtonLink
            href={QUOTE_FORM_HREF}
            variant="cta"
            size="lg"
            className="mt-6 focus-visible:outline-amber-300"
          >
            {copy.good.action}
          </ButtonLink>
        </li>
        <li className="flex flex-col rounded-2xl border-2 border-dashed border-slate-300 bg-white p-6 sm:p-8">
          <Frown aria-hidden="true" className="size-9 text-ink-soft" />
          <h3 className="mt-4 text-2xl font-extrabold text-ink">{copy.bad.title}</h3>
          <p className="mt-2 flex-1 text-ink-soft">{copy.bad.body}</p>
          <DeclineIsland
            id="closing-decline"
            copy={copy.decline}
            variant="outline"
            className="mt-6"
          />
        </li>
      </ul>
    </Section>
  );
}
