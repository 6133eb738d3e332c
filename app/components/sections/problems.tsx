import type { IllustratedItem, SectionHeadingCopy } from "~/content/landing-copy";
import { ArtImage } from "../ui/art-image";
import { CARD_CLASS, Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface ProblemsProps extends SectionBaseProps {
  heading: SectionHeadingCopy;
  items: readonly IllustratedItem[];
}

export function Problems({ tone, heading, items }: ProblemsProps) {
  return (
    <Section id="problems" titleId="problems-title" tone={tone}>
      <SectionHeading id="problems-title" copy={heading} />
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
        {items.map((item) => (
          <li key={item.title} className={`${CARD_CLASS} flex overflow-hidden sm:block`}>
            <ArtImage
              image={item.image}
              className="aspect-[8/5] h-auto w-2/5 shrink-0 self-center bg-sand object-cover sm:w-full"
            />
            <div className="p-3 sm:p-4">
              <h3 className="text-lg leading-snug font-bold text-ink lg:text-base">{item.title}</h3>
              <p className="mt-1 text-sm text-ink-soft">{item.body}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
