import { MessageCircleQuestion } from "lucide-react";
import type { SectionHeadingCopy, TextItem } from "~/content/landing-copy";
import { CARD_CLASS, Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface FaqCardsProps extends SectionBaseProps {
  heading: SectionHeadingCopy;
  items: readonly TextItem[];
}

/** Worries people have before booking, as cards (the accordion FAQ is a separate section). */
export function FaqCards({ tone, heading, items }: FaqCardsProps) {
  return (
    <Section id="faq-cards" titleId="faq-cards-title" tone={tone}>
      <SectionHeading id="faq-cards-title" copy={heading} />
      <ul className="mt-12 flex flex-wrap justify-center gap-5">
        {items.map((item) => (
          <li
            key={item.title}
            className={`${CARD_CLASS} w-full p-6 sm:w-[calc(50%-0.625rem)] lg:w-[calc(33.333%-0.834rem)]`}
          >
            <div className="flex items-center gap-3">
              <MessageCircleQuestion
                aria-hidden="true"
                className="size-7 shrink-0 text-action-dark"
              />
              <h3 className="text-lg leading-snug font-bold text-ink">{item.title}</h3>
            </div>
            <p className="mt-1 text-ink-soft">{item.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
