import { Check, Minus, X } from "lucide-react";
import type {
  COMPARISON_TABLE,
  ComparisonPoint,
  SectionHeadingCopy,
  Verdict,
  WHY_US_CHOICE,
} from "~/content/landing-copy";
import { QUOTE_FORM_HREF } from "~/content/landing-copy";
import { ButtonLink } from "../ui/button";
import { DeclineIsland } from "./decline-island";
import { Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface WhyUsProps extends SectionBaseProps {
  heading: SectionHeadingCopy;
  table: typeof COMPARISON_TABLE;
  points: readonly ComparisonPoint[];
  choice: typeof WHY_US_CHOICE;
}

const VERDICT_STYLE: Record<Verdict, { icon: typeof Check; className: string }> = {
  yes: { icon: Check, className: "bg-emerald-100 text-emerald-900" },
  no: { icon: X, className: "bg-red-100 text-red-900" },
  sometimes: { icon: Minus, className: "bg-amber-100 text-amber-900" },
};

/** Icon, colour and a printed word, so no verdict relies on colour or shape alone. */
function VerdictCell({ verdict, label }: { verdict: Verdict; label: string }) {
  const { icon: Icon, className } = VERDICT_STYLE[verdict];
  return (
    <span
      className={`inline-flex flex-col items-center gap-0.5 rounded-lg px-2 py-1 text-xs font-bold sm:flex-row sm:gap-1.5 sm:rounded-full sm:px-3 sm:text-sm ${className}`}
    >
      <Icon aria-hidden="true" className="size-4" strokeWidth={3} />
      {label}
    </span>
  );
}

export function WhyUs({ tone, heading, table, points, choice }: WhyUsProps) {
  return (
    <Section id="why-us" titleId="why-us-title" tone={tone}>
      <SectionHeading id="why-us-title" copy={heading} />
      <div className="mx-auto mt-12 max-w-4xl overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{table.caption}</caption>
          <thead>
            <tr className="bg-ink text-white">
              <th scope="col" className="w-[45%] px-4 py-4 text-sm font-bold sm:w-auto sm:px-6">
                {table.pointHeader}
              </th>
              <th scope="col" className="px-2 py-4 text-center text-sm font-bold sm:px-6">
                {table.usHeader}
              </th>
              <th scope="col" className="px-2 py-4 text-center text-sm font-bold sm:px-6">
                {table.othersHeader}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.title} className="border-t border-slate-200 even:bg-slate-50">
                <th
                  scope="row"
                  className="px-4 py-4 text-sm font-semibold text-ink sm:px-6 sm:text-base"
                >
                  {point.title}
                </th>
                <td className="px-2 py-4 text-center sm:px-6">
                  <VerdictCell verdict={point.us} label={table.verdicts[point.us]} />
                </td>
                <td className="px-2 py-4 text-center sm:px-6">
                  <VerdictCell verdict={point.others} label={table.verdicts[point.others]} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        <ButtonLink href={QUOTE_FORM_HREF} variant="cta" size="lg">
          {choice.accept}
        </ButtonLink>
        <DeclineIsland
          id="why-us-decline"
          copy={choice.decline}
          role="alertdialog"
          variant="outline"
        />
      </div>
    </Section>
  );
}
