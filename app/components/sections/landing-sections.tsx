import { Fragment, type ReactNode } from "react";
import * as COPY from "~/content/landing-copy";
import { type LandingPage, SECTION_KEYS, type SectionKey } from "~/content/landing-pages";
import { Closing } from "./closing";
import { FaqCards } from "./faq-cards";
import { Faqs } from "./faqs";
import { Gallery } from "./gallery";
import { Hero } from "./hero";
import { PainPoints } from "./pain-points";
import { Problems } from "./problems";
import { Process } from "./process";
import { Reviews } from "./reviews";
import { RoofTypes } from "./roof-types";
import type { SectionTone } from "./section-shell";
import { ServiceAreas } from "./service-areas";
import { Services } from "./services";
import { WhoWeHelp } from "./who-we-help";
import { WhyFixNow } from "./why-fix-now";
import { WhyUs } from "./why-us";

/** The one place that joins the copy module to the content-free section components. */
const SECTIONS: Record<SectionKey, (tone: SectionTone) => ReactNode> = {
  "pain-points": (tone) => (
    <PainPoints tone={tone} heading={COPY.PAIN_POINTS_SECTION} items={COPY.PAIN_POINTS} />
  ),
  "why-fix-now": (tone) => (
    <WhyFixNow
      tone={tone}
      heading={COPY.WHY_FIX_NOW_SECTION}
      reasons={COPY.WHY_FIX_NOW_REASONS}
      choice={COPY.WHY_FIX_NOW_CHOICE}
    />
  ),
  who: (tone) => <WhoWeHelp tone={tone} heading={COPY.WHO_SECTION} items={COPY.PEOPLE_TYPES} />,
  problems: (tone) => (
    <Problems tone={tone} heading={COPY.PROBLEMS_SECTION} items={COPY.ROOF_PROBLEMS} />
  ),
  services: (tone) => (
    <Services
      tone={tone}
      heading={COPY.SERVICES_SECTION}
      items={COPY.SERVICES}
      initial={COPY.SERVICES_INITIAL}
      toggle={COPY.SERVICES_TOGGLE}
      cta={COPY.SERVICES_CTA}
    />
  ),
  "roof-types": (tone) => (
    <RoofTypes tone={tone} heading={COPY.ROOF_TYPES_SECTION} items={COPY.ROOF_TYPES} />
  ),
  "why-us": (tone) => (
    <WhyUs
      tone={tone}
      heading={COPY.WHY_US_SECTION}
      table={COPY.COMPARISON_TABLE}
      points={COPY.COMPARISON_POINTS}
      choice={COPY.WHY_US_CHOICE}
    />
  ),
  gallery: (tone) => <Gallery tone={tone} heading={COPY.GALLERY_SECTION} images={COPY.GALLERY} />,
  reviews: (tone) => (
    <Reviews
      tone={tone}
      heading={COPY.REVIEWS_SECTION}
      reviews={COPY.REVIEWS}
      verifiedLabel={COPY.REVIEW_VERIFIED_LABEL}
      ratingLabel={COPY.REVIEW_RATING_LABEL}
      newTabLabel={COPY.NEW_TAB_LABEL}
      profileUrl={COPY.reviewProfileUrl}
    />
  ),
  process: (tone) => (
    <Process tone={tone} heading={COPY.PROCESS_SECTION} steps={COPY.PROCESS_STEPS} />
  ),
  "faq-cards": (tone) => (
    <FaqCards tone={tone} heading={COPY.WORRIES_SECTION} items={COPY.WORRIES} />
  ),
  "service-areas": (tone) => (
    <ServiceAreas tone={tone} copy={COPY.SERVICE_AREAS_SECTION} areas={COPY.SERVICE_AREAS} />
  ),
  faqs: (tone) => <Faqs tone={tone} copy={COPY.FAQ_SECTION} faqs={COPY.FAQS} />,
  closing: (tone) => <Closing tone={tone} copy={COPY.CLOSING} />,
};

/**
 * The hero, then each section the page includes, in the spec's order (SECTION_KEYS) whatever
 * order `page.sections` lists them in. Backgrounds alternate over the sections actually shown.
 */
export function LandingSections({ page }: { page: LandingPage }) {
  const shown = SECTION_KEYS.filter((key) => page.sections.includes(key));
  return (
    <>
      <Hero page={page} copy={COPY.HERO} badges={COPY.TRUST_BADGES} />
      {shown.map((key, index) => (
        <Fragment key={key}>{SECTIONS[key](index % 2 === 0 ? "white" : "cream")}</Fragment>
      ))}
    </>
  );
}
