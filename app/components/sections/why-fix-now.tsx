import type { SectionHeadingCopy, TextItem, WHY_FIX_NOW_CHOICE } from "~/content/landing-copy";
import { QUOTE_FORM_HREF } from "~/content/landing-copy";
import { ButtonLink } from "../ui/button";
import { DeclineIsland } from "./decline-island";
import { CARD_CLASS, Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface WhyFixNowProps extends SectionBaseProps {
  heading: SectionHeadingCopy;
  reasons: readonly TextItem[];
  choice: typeof WHY_FIX_NOW_CHOICE;
}

/** The hero's warning link lands on this section's heading block (#why-fix-now). */
export function WhyFixNow({ tone, heading, reasons, choice }: WhyFixNowProps) {
  return (
    <Section id="why-repair-now" titleId="why-fix-now-title" tone={tone}>
      <SectionHeading id="why-fix-now-title" anchorId="why-fix-now" copy={heading} />
      {/* Flex-wrap so the odd last row sits centred. */}
      <ol className="mt-12 flex flex-wrap justify-center gap-5">
        {reasons.map((reason, index) => (
          <li
            key={reason.title}
            className={`${CARD_CLASS} flex w-full gap-4 p-5 sm:p-6 md:w-[calc(50%-0.625rem)] lg:w-[calc(33.333%-0.834rem)]`}
          >
            <span
              aria-hidden="true"
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-ink text-lg font-extrabold text-white"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="text-lg font-bold text-ink">{reason.title}</h3>
              <p className="mt-1 text-ink-soft">{reason.body}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mx-auto mt-12 max-w-4xl rounded-2xl bg-sand px-6 py-8 text-center ring-1 ring-orange-200 sm:px-10">
        <p className="text-2xl font-extrabold tracking-tight text-ink">{choice.heading}</p>
        <div className="mt-6 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <ButtonLink href={QUOTE_FORM_HREF} variant="cta" size="lg">
            {choice.accept}
          </ButtonLink>
          <DeclineIsland id="why-fix-now-decline" copy={choice.decline} variant="outline" />
        </div>
      </div>
    </Section>
  );
}
