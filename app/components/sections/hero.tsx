import { ArrowDown, Phone, Star, TriangleAlert } from "lucide-react";
import { useActionData } from "react-router";
import type { HERO, TrustBadge } from "~/content/landing-copy";
import type { LandingPage } from "~/content/landing-pages";
import { Island } from "~/islands/island";
import type { QuoteActionData } from "~/lib/quote-action-data";
import { PhoneLink } from "../ui/phone-link";
import { RowEnd } from "../ui/row-end";

interface HeroProps {
  page: LandingPage;
  copy: typeof HERO;
  badges: readonly TrustBadge[];
}

/** Long headlines (the /roof-repair variant) step down a size so the form stays in view. */
const LONG_HEADLINE_CHARS = 90;

/**
 * DOM order is headline, form, badges: on a phone the form comes straight after the headline;
 * from lg the grid moves the badges under the headline and the form into its own column.
 */
export function Hero({ page, copy, badges }: HeroProps) {
  const actionData = useActionData() as QuoteActionData | undefined;
  const headlineSize =
    page.headline.length > LONG_HEADLINE_CHARS ? "text-3xl sm:text-4xl" : "text-3xl sm:text-5xl";
  return (
    <section
      id="quote"
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-ink text-white"
    >
      <RooflineBackdrop />
      {/* Above the backdrop and the skyline by a positive z-index, not theirs negative (axe
          then sees the form card's own white background and can check its contrast). The
          first row is sized by the headline alone, so the badges under it stay put while the
          form beside them is still arriving. */}
      <div className="relative z-10 mx-auto grid max-w-6xl gap-x-12 gap-y-8 px-4 pt-8 pb-14 sm:pt-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,27rem)] lg:grid-rows-[auto_1fr] lg:pt-10 lg:pb-16">
        <div className="lg:col-start-1 lg:row-start-1 [&_:focus-visible]:outline-amber-300">
          <h1
            id="hero-title"
            className={`${headlineSize} leading-tight font-extrabold tracking-tight text-balance`}
          >
            {page.headline}
          </h1>
          <p className="mt-4 max-w-xl text-base text-slate-200 sm:text-lg">
            {copy.lead(page.place)}
          </p>
          <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
            <PhoneLink variant="hero" size="xl">
              <Phone aria-hidden="true" className="size-5" />
              {copy.callLabel}
            </PhoneLink>
            <p className="text-sm font-medium text-slate-300">{copy.callHint}</p>
          </div>
          <a
            href={copy.warningHref}
            className="mt-5 flex min-h-11 items-start gap-2 rounded-md py-2 font-semibold text-amber-200 underline decoration-amber-200/60 underline-offset-4 hover:text-white hover:decoration-white sm:inline-flex"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              {copy.warning}
              <ArrowDown aria-hidden="true" className="ml-1 inline size-4 align-[-0.2em]" />
            </span>
          </a>
        </div>

        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <Island name="quote-form" props={{ sourcePath: page.path, actionData }} />
        </div>

        <div className="lg:col-start-1 lg:row-start-2 [&_:focus-visible]:outline-amber-300">
          <ul
            aria-label={copy.badgesLabel}
            data-assembled
            className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 sm:grid-cols-3"
          >
            {badges.map((badge) => (
              <li
                key={badge.title}
                className="flex items-center gap-2 rounded-lg bg-white/10 px-3 py-2 text-sm leading-snug font-semibold ring-1 ring-white/15"
              >
                <badge.icon aria-hidden="true" className="size-5 shrink-0 text-amber-300" />
                {badge.title}
              </li>
            ))}
            <RowEnd as="li" />
          </ul>
          <figure className="mt-6 max-w-xl border-l-4 border-amber-400 pl-4">
            <blockquote>
              <p className="text-slate-100 italic">“{copy.testimonial.quote}”</p>
            </blockquote>
            <figcaption className="mt-2 flex items-center gap-2 text-sm text-slate-300">
              <span className="flex text-amber-300" aria-hidden="true">
                {[1, 2, 3, 4, 5].map((n) => (
                  <Star key={n} className="size-4 fill-current" />
                ))}
              </span>
              <cite className="font-semibold text-white not-italic">{copy.testimonial.cite}</cite>
            </figcaption>
          </figure>
        </div>
      </div>
      <Skyline />
    </section>
  );
}

/** A faint repeating roofline over a warm glow; pure decoration. */
function RooflineBackdrop() {
  return (
    <div
      aria-hidden="true"
      className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(194,65,12,0.28),transparent_55%)]"
    >
      <svg
        aria-hidden="true"
        className="absolute inset-0 h-full w-full text-white/[0.07]"
        focusable="false"
      >
        <defs>
          <pattern id="hero-roofline" width="160" height="80" patternUnits="userSpaceOnUse">
            <path
              d="M10 60 80 20l70 40M105 34V22h10v18M60 60V48h20v12"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#hero-roofline)" />
      </svg>
    </div>
  );
}

/**
 * A skyline of roofs along the hero's bottom edge. It comes after the hero's content in the
 * HTML: pinned to the bottom of a hero still arriving, it would jump down with every piece.
 */
function Skyline() {
  return (
    <svg
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 bottom-0 h-16 w-full text-white/[0.05]"
      viewBox="0 0 1200 64"
      preserveAspectRatio="none"
      focusable="false"
    >
      <path
        d="M0 64V40l60-28 60 28v-8l50-22 50 22v12l70-30 70 30V30l40-18 40 18v14l80-34 80 34V36l60-26 60 26v8l50-20 50 20V32l70-28 70 28v12l60-24 60 24v20z"
        fill="currentColor"
      />
    </svg>
  );
}
