import type { IconItem, SectionHeadingCopy } from "~/content/landing-copy";
import { Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface ProcessProps extends SectionBaseProps {
  heading: SectionHeadingCopy;
  steps: readonly IconItem[];
}

export function Process({ tone, heading, steps }: ProcessProps) {
  return (
    <Section id="process" titleId="process-title" tone={tone}>
      <SectionHeading id="process-title" copy={heading} />
      <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li
            key={step.title}
            className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="inline-flex size-10 items-center justify-center rounded-full bg-action text-lg font-extrabold text-white"
              >
                {index + 1}
              </span>
              <step.icon aria-hidden="true" className="size-6 text-ink-soft" />
            </div>
            <h3 className="mt-4 text-lg font-bold text-ink">{step.title}</h3>
            <p className="mt-1 text-ink-soft">{step.body}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
