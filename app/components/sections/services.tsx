import type { IconItem, SERVICES_TOGGLE, SectionHeadingCopy } from "~/content/landing-copy";
import { QUOTE_FORM_HREF } from "~/content/landing-copy";
import { Island } from "~/islands/island";
import { ButtonLink } from "../ui/button";
import { CARD_CLASS, Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface ServicesProps extends SectionBaseProps {
  heading: SectionHeadingCopy;
  items: readonly IconItem[];
  /** How many show before the visitor asks for more. */
  initial: number;
  toggle: typeof SERVICES_TOGGLE;
  cta: string;
}

/** All entries are in the server HTML; the extras carry `hidden` until expanded. */
export function Services({ tone, heading, items, initial, toggle, cta }: ServicesProps) {
  const listId = "services-list";
  return (
    <Section id="services" titleId="services-title" tone={tone}>
      <SectionHeading id="services-title" copy={heading} />
      <ul id={listId} className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li key={item.title} hidden={index >= initial} className={`${CARD_CLASS} flex gap-4 p-5`}>
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-sand text-action-dark">
              <item.icon aria-hidden="true" className="size-6" />
            </span>
            <div>
              <h3 className="text-lg font-bold text-ink">{item.title}</h3>
              <p className="mt-1 text-ink-soft">{item.body}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        {items.length > initial ? (
          <Island
            name="services-toggle"
            props={{ listId, initial, labels: { more: toggle.more, less: toggle.less } }}
          />
        ) : null}
        <ButtonLink href={QUOTE_FORM_HREF} variant="cta" size="lg">
          {cta}
        </ButtonLink>
      </div>
    </Section>
  );
}
