import { ChevronDown } from "lucide-react";
import type { FAQ_SECTION, Faq } from "~/content/landing-copy";
import { Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface FaqsProps extends SectionBaseProps {
  copy: typeof FAQ_SECTION;
  faqs: readonly Faq[];
}

/**
 * Native exclusive accordion: <details> sharing a name keeps at most one open, and a click on
 * the open summary collapses it, with or without JavaScript.
 */
export function Faqs({ tone, copy, faqs }: FaqsProps) {
  return (
    <Section id="faqs" titleId="faqs-title" tone={tone}>
      <SectionHeading id="faqs-title" copy={copy} />
      <div className="mx-auto mt-12 max-w-3xl space-y-3">
        {faqs.map((faq, index) => (
          <details
            key={faq.question}
            name="faq"
            className="group rounded-2xl border border-slate-200 bg-white shadow-sm open:ring-2 open:ring-action/30"
          >
            <summary className="flex min-h-14 cursor-pointer list-none items-center gap-4 rounded-2xl px-5 py-3 text-left hover:bg-cream [&::-webkit-details-marker]:hidden">
              <span className="inline-flex h-8 min-w-10 shrink-0 items-center justify-center rounded-lg bg-ink px-2 text-sm font-extrabold text-white">
                {copy.label(index + 1)}
              </span>
              <span className="flex-1 text-lg font-bold text-ink">{faq.question}</span>
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-ink-soft transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-5 pt-1 pb-5 text-ink-soft sm:pl-[4.75rem]">{faq.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
