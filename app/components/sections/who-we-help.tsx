import type { IconItem, SectionHeadingCopy } from "~/content/landing-copy";
import { CARD_CLASS, Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface WhoWeHelpProps extends SectionBaseProps {
  heading: SectionHeadingCopy;
  items: readonly IconItem[];
}

export function WhoWeHelp({ tone, heading, items }: WhoWeHelpProps) {
  return (
    <Section id="who" titleId="who-title" tone={tone}>
      <SectionHeading id="who-title" copy={heading} />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        {items.map((item, index) => (
          <li
            key={item.title}
            // Three cards on the top row and two wider ones below fill the six-column grid.
            className={`${CARD_CLASS} p-6 ${index >= 3 ? "lg:col-span-3" : "lg:col-span-2"}`}
          >
            <div className="flex items-center gap-4 sm:flex-col sm:items-start">
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-sand text-action-dark">
                <item.icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="text-xl leading-snug font-bold text-ink">{item.title}</h3>
            </div>
            <p className="mt-2 text-ink-soft">{item.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
