import { Droplets } from "lucide-react";
import type { SectionHeadingCopy, TextItem } from "~/content/landing-copy";
import { CARD_CLASS, Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface PainPointsProps extends SectionBaseProps {
  heading: SectionHeadingCopy;
  items: readonly TextItem[];
}

export function PainPoints({ tone, heading, items }: PainPointsProps) {
  return (
    <Section id="pain-points" titleId="pain-points-title" tone={tone}>
      <SectionHeading id="pain-points-title" copy={heading} />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.title} className={`${CARD_CLASS} p-5`}>
            <div className="flex items-center gap-3 lg:flex-col lg:items-start">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-sky text-sky-800">
                <Droplets aria-hidden="true" className="size-5" />
              </span>
              <h3 className="text-lg leading-snug font-bold text-ink">{item.title}</h3>
            </div>
            <p className="mt-2 text-ink-soft">{item.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
