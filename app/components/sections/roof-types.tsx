import type { IllustratedItem, SectionHeadingCopy } from "~/content/landing-copy";
import { ArtImage } from "../ui/art-image";
import { CARD_CLASS, Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface RoofTypesProps extends SectionBaseProps {
  heading: SectionHeadingCopy;
  items: readonly IllustratedItem[];
}

export function RoofTypes({ tone, heading, items }: RoofTypesProps) {
  return (
    <Section id="roof-types" titleId="roof-types-title" tone={tone}>
      <SectionHeading id="roof-types-title" copy={heading} />
      {/* Flex-wrap rather than grid so the odd last row sits centred. */}
      <ul className="mt-12 flex flex-wrap justify-center gap-5">
        {items.map((item) => (
          <li
            key={item.title}
            className={`${CARD_CLASS} flex w-full overflow-hidden sm:block sm:w-[calc(50%-0.625rem)] lg:w-[calc(25%-0.9375rem)]`}
          >
            <ArtImage
              image={item.image}
              className="aspect-[3/2] h-auto w-2/5 shrink-0 self-center bg-sky object-cover sm:w-full"
            />
            <div className="p-3 sm:p-4">
              <h3 className="text-lg font-bold text-ink">{item.title}</h3>
              <p className="mt-1 text-sm text-ink-soft">{item.body}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
