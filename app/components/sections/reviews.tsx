import { BadgeCheck, Star } from "lucide-react";
import type { Review, SectionHeadingCopy } from "~/content/landing-copy";
import { CARD_CLASS, Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface ReviewsProps extends SectionBaseProps {
  heading: SectionHeadingCopy;
  reviews: readonly Review[];
  verifiedLabel: string;
  ratingLabel: string;
  newTabLabel: string;
  profileUrl: (review: Review) => string;
}

const STARS = [1, 2, 3, 4, 5] as const;

export function Reviews({
  tone,
  heading,
  reviews,
  verifiedLabel,
  ratingLabel,
  newTabLabel,
  profileUrl,
}: ReviewsProps) {
  return (
    <Section id="reviews" titleId="reviews-title" tone={tone}>
      <SectionHeading id="reviews-title" copy={heading} />
      <ul className="mt-12 grid gap-5 lg:grid-cols-3">
        {reviews.map((review) => (
          <li key={review.name} className={`${CARD_CLASS} flex flex-col p-6`}>
            <p className="flex items-center gap-0.5 text-amber-500">
              {STARS.map((n) => (
                <Star key={n} aria-hidden="true" className="size-5 fill-current" />
              ))}
              <span className="sr-only">{ratingLabel}</span>
            </p>
            <blockquote className="mt-4 flex-1 text-ink">
              <p>“{review.quote}”</p>
            </blockquote>
            <div className="mt-6 border-t border-slate-200 pt-4">
              <p className="font-bold text-ink">
                <a
                  href={profileUrl(review)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-6 items-center rounded-sm text-action-dark underline underline-offset-4 hover:text-ink"
                >
                  {review.name}
                  <span className="sr-only"> {newTabLabel}</span>
                </a>
                <span className="font-normal text-ink-soft">, {review.suburb}</span>
              </p>
              <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-sm font-semibold text-emerald-900 ring-1 ring-emerald-200">
                <BadgeCheck aria-hidden="true" className="size-4" />
                {verifiedLabel}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
