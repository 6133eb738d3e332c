import type { ReactNode } from "react";
import type { SectionHeadingCopy } from "~/content/landing-copy";

/** Sections alternate between these so neighbours never share a background. */
export type SectionTone = "white" | "cream";

export interface SectionBaseProps {
  tone: SectionTone;
}

const TONE_CLASS: Record<SectionTone, string> = {
  white: "bg-white",
  cream: "bg-cream",
};

interface SectionProps extends SectionBaseProps {
  id: string;
  /** The id of the section's h2, which names the section for assistive tech. */
  titleId: string;
  children: ReactNode;
}

export function Section({ id, titleId, tone, children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={titleId} className={`${TONE_CLASS[tone]} py-16 sm:py-20`}>
      <div className="mx-auto max-w-6xl px-4">{children}</div>
    </section>
  );
}

interface SectionHeadingProps {
  id: string;
  /** An in-page link target on the whole heading block, so the eyebrow is in view too. */
  anchorId?: string;
  copy: SectionHeadingCopy;
  align?: "center" | "start";
}

export function SectionHeading({ id, anchorId, copy, align = "center" }: SectionHeadingProps) {
  const centred = align === "center";
  return (
    <div id={anchorId} className={centred ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
      {copy.eyebrow ? (
        <p className="text-sm font-bold tracking-wider text-action-dark uppercase">
          {copy.eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className="mt-2 text-3xl font-extrabold tracking-tight text-balance text-ink sm:text-4xl"
      >
        {copy.title}
      </h2>
      {copy.intro ? <p className="mt-4 text-lg text-ink-soft">{copy.intro}</p> : null}
    </div>
  );
}

/** Card surface that stands out on either section tone. */
export const CARD_CLASS = "rounded-2xl border border-slate-200 bg-white shadow-sm";
