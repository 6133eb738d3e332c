// Every word the landing page sections print lives here; the section components hold none.
// Numbers come from FIGURES so a changed offer only needs changing in business.ts.
import {
  Award,
  BadgePercent,
  BrushCleaning,
  Building2,
  Camera,
  ClipboardCheck,
  Clock,
  FileCheck,
  Hammer,
  HardHat,
  House,
  KeyRound,
  type LucideIcon,
  ReceiptText,
  Search,
  ShieldCheck,
  Siren,
  Sparkles,
  Store,
  Timer,
  Wrench,
} from "lucide-react";
import galleryOne from "~/assets/art/gallery/gallery-1.svg";
import galleryTwo from "~/assets/art/gallery/gallery-2.svg";
import galleryThree from "~/assets/art/gallery/gallery-3.svg";
import galleryFour from "~/assets/art/gallery/gallery-4.svg";
import galleryFive from "~/assets/art/gallery/gallery-5.svg";
import gallerySix from "~/assets/art/gallery/gallery-6.svg";
import gallerySeven from "~/assets/art/gallery/gallery-7.svg";
import melbourneMap from "~/assets/art/melbourne-map.svg";
import blockedGutters from "~/assets/art/problems/blocked-gutters.svg";
import brokenRidgeCapping from "~/assets/art/problems/broken-ridge-capping.svg";
import crackedTiles from "~/assets/art/problems/cracked-tiles.svg";
import leakingRoof from "~/assets/art/problems/leaking-roof.svg";
import missingTiles from "~/assets/art/problems/missing-tiles.svg";
import mouldAndDamp from "~/assets/art/problems/mould-and-damp.svg";
import rottenFlashing from "~/assets/art/problems/rotten-flashing.svg";
import rustedMetal from "~/assets/art/problems/rusted-metal.svg";
import saggingRoof from "~/assets/art/problems/sagging-roof.svg";
import stormDamage from "~/assets/art/problems/storm-damage.svg";
import combinationRoof from "~/assets/art/roof-types/combination.svg";
import concreteTileRoof from "~/assets/art/roof-types/concrete-tile.svg";
import flatRoof from "~/assets/art/roof-types/flat.svg";
import lowPitchRoof from "~/assets/art/roof-types/low-pitch.svg";
import metalRoof from "~/assets/art/roof-types/metal.svg";
import slateRoof from "~/assets/art/roof-types/slate.svg";
import terracottaTileRoof from "~/assets/art/roof-types/terracotta-tile.svg";
import { BUSINESS, FIGURES } from "./business";

// ---------------------------------------------------------------------------
// Shapes

export interface Faq {
  question: string;
  answer: string;
}

/** An illustration with its intrinsic size, so the browser reserves the space (no layout shift). */
export interface Illustration {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface TextItem {
  title: string;
  body: string;
}

export interface IconItem extends TextItem {
  icon: LucideIcon;
}

export interface IllustratedItem extends TextItem {
  image: Illustration;
}

export interface TrustBadge {
  title: string;
  icon: LucideIcon;
}

/** How a roofer fares on one comparison point; always printed as words as well as an icon. */
export type Verdict = "yes" | "no" | "sometimes";

export interface ComparisonPoint {
  title: string;
  us: Verdict;
  others: Verdict;
}

export interface GalleryImage {
  title: string;
  caption: string;
  image: Illustration;
}

export interface Review {
  /** The reviewer's display name. */
  name: string;
  suburb: string;
  /** Profile slug on the review marketplace. */
  slug: string;
  quote: string;
}

export interface JokeDialogCopy {
  trigger: string;
  title: string;
  body: string;
  closeLabel: string;
}

export interface SectionHeadingCopy {
  eyebrow?: string;
  title: string;
  intro?: string;
}

// ---------------------------------------------------------------------------
// Helpers for figures printed in several places

const ROOFS = `${FIGURES.roofsRepairedLanding}+`;
const WARRANTY = `${FIGURES.warrantyYears}+ year`;
const EXPERIENCE = `${FIGURES.experienceYears}+ years`;
const RESPONSE = `${FIGURES.responseMinutes} minutes`;
const DISCOUNT = `${FIGURES.octoberDiscountPercent}% off`;
const INSPECTION = FIGURES.inspectionPrice;

function art(src: string, alt: string, width: number, height: number): Illustration {
  return { src, alt, width, height };
}
const problemArt = (src: string, alt: string) => art(src, alt, 320, 200);
const roofArt = (src: string, alt: string) => art(src, alt, 240, 160);
const galleryArt = (src: string, alt: string) => art(src, alt, 480, 320);

// ---------------------------------------------------------------------------
// Shared labels

/** Screen-reader suffix for every link that opens a new tab. */
export const NEW_TAB_LABEL = "(opens in a new tab)";

export const QUOTE_FORM_HREF = "#quote-form";

/** Accessible name of the ✕ in every dialog's corner. */
export const DIALOG_CLOSE_LABEL = "Close";

// ---------------------------------------------------------------------------
// 1. Hero

export const HERO = {
  /** The line under the headline; the place is "Melbourne" or the page's suburb. */
  lead: (place: string) =>
    `Fixed-price quotes, a ${WARRANTY} leak-free warranty, and a real roofer calling you back within ${RESPONSE}. Serving ${place} and surrounds.`,
  callLabel: `Call ${BUSINESS.phone}`,
  callHint: "24/7 for emergencies",
  warning: "Warning: ignoring a leak gets expensive. Here's why",
  warningHref: "#why-fix-now",
  badgesLabel: "Why Melbourne trusts us",
  testimonial: {
    quote:
      "Three roofers told me I needed a whole new roof. These blokes found one cracked tile and a tired bit of flashing, fixed both in an arvo and charged exactly what they quoted.",
    cite: "Priya S., Camberwell",
  },
} as const;

export const TRUST_BADGES: readonly TrustBadge[] = [
  { title: `${ROOFS} roofs repaired`, icon: Hammer },
  { title: `Call back within ${RESPONSE}`, icon: Timer },
  { title: `${DISCOUNT} all repairs in October`, icon: BadgePercent },
  { title: `${WARRANTY} leak-free warranty`, icon: ShieldCheck },
  { title: `${EXPERIENCE} on Melbourne roofs`, icon: Award },
  { title: "Licensed & insured", icon: FileCheck },
  { title: "24/7 & same-day service", icon: Clock },
  { title: `${INSPECTION} inspection report for insurance`, icon: ClipboardCheck },
  { title: "Fair, fixed-price quotes", icon: ReceiptText },
];

// ---------------------------------------------------------------------------
// 2. Let Me Guess

export const PAIN_POINTS_SECTION: SectionHeadingCopy = {
  eyebrow: "Sound familiar?",
  title: "Let Me Guess",
  intro: "If you nod at two or more of these, your roof has been trying to tell you something.",
};

export const PAIN_POINTS: readonly TextItem[] = [
  {
    title: "The bucket has become furniture",
    body: "It lives in the hallway now. Visitors have stopped asking about it.",
  },
  {
    title: "The ceiling stain is growing",
    body: "It started as a dot. Now it's shaped like Tasmania and getting ideas.",
  },
  {
    title: "Drip… drip… at 2am",
    body: "You can't unhear it, and it always picks the night before a big day.",
  },
  {
    title: "Roofers who ghost you",
    body: "One never showed, one never called back, and one quoted the price of a small car.",
  },
  {
    title: "The last fix didn't last",
    body: "Someone 'sorted it' last winter. It held up beautifully until the next decent rain.",
  },
  {
    title: "Tiles you can see from the street",
    body: "Cracked, slipped or missing — and the neighbours have definitely noticed.",
  },
  {
    title: "That musty smell",
    body: "A damp, mouldy corner in the bedroom that no amount of bleach seems to win against.",
  },
  {
    title: "Nobody gives a straight answer",
    body: "Is it a small patch or a whole new roof? You just want someone to tell you honestly.",
  },
];

// ---------------------------------------------------------------------------
// 3. Why fix now

export const WHY_FIX_NOW_SECTION: SectionHeadingCopy = {
  eyebrow: "The boring-but-important bit",
  title: "Why You Shouldn't Wait Until Next Summer",
  intro: "A leak is the cheapest it will ever be today. Here's what happens while it waits.",
};

export const WHY_FIX_NOW_REASONS: readonly TextItem[] = [
  {
    title: "Small leaks don't stay small",
    body: "Water runs along rafters and soaks the insulation long before it shows on your ceiling, so the damage is usually bigger than the stain.",
  },
  {
    title: "Damp ceilings grow mould",
    body: "Wet plaster and insulation are a mould buffet, and mould is bad news for asthma, allergies and anyone who likes breathing.",
  },
  {
    title: "Timber rots quietly",
    body: "Battens and rafters that stay wet go soft, and a sagging roof frame costs far more than a cracked tile ever will.",
  },
  {
    title: "Water and wiring don't mix",
    body: "Leaks love to find light fittings and ceiling wiring. That's a shock and fire risk, not just a nuisance.",
  },
  {
    title: "Insurers hate 'gradual damage'",
    body: `Many policies won't cover damage from a leak you knew about and left. A ${INSPECTION} inspection report now keeps your claim on solid ground.`,
  },
];

export const WHY_FIX_NOW_CHOICE = {
  heading: "So, what's it going to be?",
  accept: "Fix My Roof Now",
  decline: {
    trigger: "Nah, I quite like my indoor waterfall",
    title: "Okay C'mon I Was Joking",
    body: "No pressure. Well, a little pressure — it's Melbourne, it'll rain by Thursday. Have a read of the rest and give us a bell whenever you're ready.",
    closeLabel: "Keep Reading On",
  } satisfies JokeDialogCopy,
} as const;

// ---------------------------------------------------------------------------
// 4. Types of People We Help

export const WHO_SECTION: SectionHeadingCopy = {
  eyebrow: "Who we work with",
  title: "Types of People We Help",
  intro: "Different roofs, different headaches. Same honest quote.",
};

export const PEOPLE_TYPES: readonly IconItem[] = [
  {
    title: "Homeowners",
    body: "Your place, your biggest investment. We find the real cause of the leak and fix that, not whatever is most expensive.",
    icon: House,
  },
  {
    title: "Landlords & property investors",
    body: "Happy tenants, fewer phone calls. We coordinate access with your tenants or agent and send photos of everything.",
    icon: KeyRound,
  },
  {
    title: "Strata & body corporate managers",
    body: "Clear written quotes the committee can actually read, insurance-ready reports and tidy paperwork for the minutes.",
    icon: Building2,
  },
  {
    title: "Vendors",
    body: "Selling soon? A building inspector will find that leak. We fix it first, so it doesn't knock thousands off the sale.",
    icon: Sparkles,
  },
  {
    title: "Business owners",
    body: "Shops, offices and warehouses. We work around your trading hours, because a bucket by the till isn't a great look.",
    icon: Store,
  },
];

// ---------------------------------------------------------------------------
// 5. Common Roof Problems We Solve

export const PROBLEMS_SECTION: SectionHeadingCopy = {
  eyebrow: "What we fix",
  title: "Common Roof Problems We Solve",
  intro: "If water, wind or time has had a go at your roof, we've seen it — probably this week.",
};

export const ROOF_PROBLEMS: readonly IllustratedItem[] = [
  {
    title: "Leaking roofs",
    body: "We trace the water back to where it really gets in, which is often metres from the drip.",
    image: problemArt(leakingRoof, "Water dripping from a stained ceiling into a bucket"),
  },
  {
    title: "Cracked tiles",
    body: "Hail, foot traffic and old age crack tiles. We match and replace them so you can't spot the new ones.",
    image: problemArt(crackedTiles, "Terracotta roof tiles with a crack running through one"),
  },
  {
    title: "Broken ridge capping",
    body: "Crumbling mortar lets the caps along the ridge lift. We re-bed and re-point them with flexible pointing.",
    image: problemArt(brokenRidgeCapping, "Ridge caps along a roof peak with crumbling mortar"),
  },
  {
    title: "Rusted metal roofing",
    body: "Rust holes, lifted screws and tired sheets on tin roofs, patched or replaced with new Colorbond.",
    image: problemArt(rustedMetal, "Corrugated metal roof sheets with patches of rust"),
  },
  {
    title: "Blocked gutters",
    body: "Leaves and muck send water back under the roof and into your walls. We clear, repair or replace.",
    image: problemArt(blockedGutters, "A gutter overflowing with leaves and rainwater"),
  },
  {
    title: "Storm damage",
    body: "Fallen branches, hail and wild winds. We make it watertight fast and document it for your insurer.",
    image: problemArt(stormDamage, "A roof with a fallen branch and dislodged tiles after a storm"),
  },
  {
    title: "Rotten or rusted flashing",
    body: "The metal around chimneys, skylights and walls is where most sneaky leaks start.",
    image: problemArt(rottenFlashing, "Corroded flashing around a brick chimney"),
  },
  {
    title: "Sagging roof lines",
    body: "A dip in the roof line usually means wet or overloaded timber. We find out why and fix it properly.",
    image: problemArt(saggingRoof, "A house whose roof line dips in the middle"),
  },
  {
    title: "Mould & damp",
    body: "Mould on the ceiling is a symptom. We stop the water feeding it, so it doesn't come back.",
    image: problemArt(mouldAndDamp, "Dark mould spreading across a damp ceiling corner"),
  },
  {
    title: "Missing or slipped tiles",
    body: "One missing tile is an open door for rain and possums. We replace and secure them.",
    image: problemArt(missingTiles, "A tiled roof with a gap where a tile is missing"),
  },
];

// ---------------------------------------------------------------------------
// 6. Services

export const SERVICES_SECTION: SectionHeadingCopy = {
  eyebrow: "Our services",
  title: "Roof Repairs, Done Properly",
  intro: `Every job comes with a fixed price in writing and our ${WARRANTY} leak-free warranty.`,
};

/** The first SERVICES_INITIAL of these show until the visitor asks for more. */
export const SERVICES: readonly IconItem[] = [
  {
    title: "Leak detection & repair",
    body: "We find where the water actually gets in and fix the cause, not just the stain.",
    icon: Search,
  },
  {
    title: "Roof restoration",
    body: "Clean, repair, re-point and seal a tired roof so it looks sharp and stays dry for years.",
    icon: Sparkles,
  },
  {
    title: "Ridge capping re-bedding & re-pointing",
    body: "New bedding and flexible pointing that holds the caps firm through Melbourne's weather swings.",
    icon: Hammer,
  },
  {
    title: "Tile replacement",
    body: "Cracked, broken or missing terracotta and concrete tiles swapped for matching ones.",
    icon: Wrench,
  },
  {
    title: "Metal roof repairs",
    body: "Rust, loose screws and leaking laps fixed, or sections re-sheeted in Colorbond.",
    icon: HardHat,
  },
  {
    title: "Gutters & downpipes",
    body: "Cleaning, repairs and full replacement, so the water goes where it's meant to.",
    icon: House,
  },
  {
    title: "Flashing repairs",
    body: "New flashing around chimneys, skylights, vents and walls — the classic leak spots.",
    icon: ShieldCheck,
  },
  {
    title: "Emergency & storm repairs",
    body: "24/7 call-outs to make your roof watertight after storms, then a proper repair once it's dry.",
    icon: Siren,
  },
  {
    title: "Inspections & insurance reports",
    body: `A ${INSPECTION} inspection with photos and a written report you can hand straight to your insurer.`,
    icon: Camera,
  },
];

export const SERVICES_INITIAL = 6;

export const SERVICES_TOGGLE = { more: "See More", less: "Show Less" } as const;

export const SERVICES_CTA = "Get My Free Quote";

// ---------------------------------------------------------------------------
// 7. Roof Types We Repair

export const ROOF_TYPES_SECTION: SectionHeadingCopy = {
  eyebrow: "Every roof in Melbourne",
  title: "Roof Types We Repair",
  intro: "Weatherboard cottage or Victorian terrace, if it's got a roof, we can fix it.",
};

export const ROOF_TYPES: readonly IllustratedItem[] = [
  {
    title: "Terracotta tile",
    body: "The classic orange roof. Tough, but its ridge caps and pointing need love every few decades.",
    image: roofArt(terracottaTileRoof, "A terracotta tiled roof"),
  },
  {
    title: "Concrete tile",
    body: "Hard-wearing but porous once the coating wears off. We repair, re-point and restore.",
    image: roofArt(concreteTileRoof, "A grey concrete tiled roof"),
  },
  {
    title: "Metal",
    body: "Corrugated iron and Colorbond, from a few new screws to complete re-sheeting.",
    image: roofArt(metalRoof, "A corrugated metal roof"),
  },
  {
    title: "Flat",
    body: "Flat roofs pool water. We fix membranes, falls and drainage so it runs away.",
    image: roofArt(flatRoof, "A flat roof on a modern building"),
  },
  {
    title: "Low-pitch",
    body: "Gentle slopes need the right sheeting and laps, or the wind blows rain uphill.",
    image: roofArt(lowPitchRoof, "A house with a low-pitched skillion roof"),
  },
  {
    title: "Slate",
    body: "Heritage slate on Victorian and Edwardian homes, repaired with matching slate and copper nails.",
    image: roofArt(slateRoof, "A dark slate roof on a period home"),
  },
  {
    title: "Combination & custom",
    body: "Tile meets metal, extensions, box gutters and odd angles. The tricky ones are our favourite.",
    image: roofArt(combinationRoof, "A roof combining tiled and metal sections"),
  },
];

// ---------------------------------------------------------------------------
// 8. Why Pick Us

export const WHY_US_SECTION: SectionHeadingCopy = {
  eyebrow: "Us vs them",
  title: "Why Pick Us",
  intro: "We're not the only roofers in Melbourne. Here's how we stack up.",
};

export const COMPARISON_TABLE = {
  caption: "How we compare with other roofers",
  pointHeader: "What you get",
  usHeader: BUSINESS.name,
  othersHeader: "Other roofers",
  verdicts: { yes: "Yes", no: "No", sometimes: "Sometimes" } satisfies Record<Verdict, string>,
} as const;

export const COMPARISON_POINTS: readonly ComparisonPoint[] = [
  { title: "Fixed price in writing before we start", us: "yes", others: "sometimes" },
  { title: `Call back within ${RESPONSE}`, us: "yes", others: "no" },
  { title: `${WARRANTY} leak-free warranty`, us: "yes", others: "no" },
  { title: "Free re-repair if the leak comes back", us: "yes", others: "no" },
  { title: `${INSPECTION} inspection report for insurance claims`, us: "yes", others: "no" },
  { title: "Licensed & insured", us: "yes", others: "sometimes" },
];

export const WHY_US_CHOICE = {
  accept: "Book My Free Inspection",
  decline: {
    trigger: "Nah, I'll go with the cheapest bloke",
    title: "You can't be serious",
    body: "The cheapest quote is usually the most expensive roof you'll ever buy — you pay for it twice. Ours is fixed, honest and backed by a warranty. Have another think?",
    closeLabel: "Fine, I'll have another think",
  } satisfies JokeDialogCopy,
} as const;

// ---------------------------------------------------------------------------
// 9. Gallery

export const GALLERY_SECTION: SectionHeadingCopy = {
  eyebrow: "Recent work",
  title: "Roofs We've Sorted",
  intro: "A few jobs from around Melbourne. Every one of them is still dry.",
};

export const GALLERY: readonly GalleryImage[] = [
  {
    title: "Terracotta restoration",
    caption: "Re-bedded, re-pointed and sealed on a Californian bungalow in Camberwell.",
    image: galleryArt(galleryOne, "A freshly restored terracotta roof on a Californian bungalow"),
  },
  {
    title: "Ridge re-pointing",
    caption: "Fresh pointing on the ridge caps. Harnessed in, as always.",
    image: galleryArt(
      galleryTwo,
      "A roofer in a safety harness on a ladder re-pointing the ridge caps",
    ),
  },
  {
    title: "New metal roof",
    caption: "Rusty old iron out, new Colorbond on a weatherboard cottage.",
    image: galleryArt(galleryThree, "A new metal roof on a weatherboard cottage"),
  },
  {
    title: "Gutters & downpipes",
    caption: "New gutters and downpipes on a brick veneer home in Box Hill.",
    image: galleryArt(galleryFour, "New gutters and downpipes on a brick veneer house"),
  },
  {
    title: "Heritage slate",
    caption: "Matching slates and new flashing on a Victorian terrace.",
    image: galleryArt(galleryFive, "A slate roof on a Victorian terrace with iron lace verandah"),
  },
  {
    title: "Before & after",
    caption: "Mossy, tired tiles on the left; cleaned and sealed on the right.",
    image: galleryArt(
      gallerySix,
      "Split view of a roof, mossy tiles before on one side and clean tiles after on the other",
    ),
  },
  {
    title: "On the way",
    caption: "The team ute, pulling up to one last job at sunset.",
    image: galleryArt(gallerySeven, "Our team ute parked outside a two-storey house at sunset"),
  },
];

// ---------------------------------------------------------------------------
// 10. Reviews

/** The lead marketplace that verifies our reviews (fictional; see README). */
export const REVIEW_MARKETPLACE = {
  name: "TradieReviews",
  profileBaseUrl: "https://reviews.example.com/profile/",
} as const;

export const REVIEW_VERIFIED_LABEL = `Verified by ${REVIEW_MARKETPLACE.name}`;

export const REVIEW_RATING_LABEL = "5 out of 5 stars";

export function reviewProfileUrl(review: Pick<Review, "slug">): string {
  return `${REVIEW_MARKETPLACE.profileBaseUrl}${encodeURIComponent(review.slug)}`;
}

export const REVIEWS_SECTION: SectionHeadingCopy = {
  eyebrow: "Don't take our word for it",
  title: "What Our Customers Say",
  intro: `Real reviews from real Melbourne roofs, checked by ${REVIEW_MARKETPLACE.name}.`,
};

export const REVIEWS: readonly Review[] = [
  {
    name: "Daniel K.",
    suburb: "Richmond",
    slug: "daniel-k-richmond",
    quote:
      "Called at 7am with water pouring through the light fitting. They rang back before I'd found a second bucket, patched it that morning and came back to fix it properly once it dried out.",
  },
  {
    name: "Margaret L.",
    suburb: "Kew",
    slug: "margaret-l-kew",
    quote:
      "The quote was the quote — not a dollar more. They showed me photos of every cracked tile and cleaned up better than they found it. Lovely, honest people.",
  },
  {
    name: "Tom & Aisha R.",
    suburb: "Box Hill",
    slug: "tom-aisha-r-box-hill",
    quote:
      "We were selling and the building inspector flagged the ridge capping. Sorted within the week with a written report for the buyers. Saved the sale, honestly.",
  },
];

// ---------------------------------------------------------------------------
// 11. After you book

export const PROCESS_SECTION: SectionHeadingCopy = {
  eyebrow: "No surprises",
  title: "After you book",
  intro: "Four steps, no mystery, no upsell.",
};

export const PROCESS_STEPS: readonly IconItem[] = [
  {
    title: "We inspect",
    body: `A licensed roofer gets up there, finds the cause and takes photos. The inspection costs ${INSPECTION}.`,
    icon: Search,
  },
  {
    title: "You get an honest quote",
    body: "A fixed price in writing, explained in plain English. If it only needs a small fix, we'll say so.",
    icon: ReceiptText,
  },
  {
    title: "We fix it",
    body: `We do the job at a time that suits you, and back it with our ${WARRANTY} leak-free warranty.`,
    icon: Wrench,
  },
  {
    title: "We clean up",
    body: "Broken tiles, offcuts and mess all go with us. You won't know we were there, apart from the dry ceiling.",
    icon: BrushCleaning,
  },
];

// ---------------------------------------------------------------------------
// 12. FAQ-style cards

export const WORRIES_SECTION: SectionHeadingCopy = {
  eyebrow: "Honest answers",
  title: "Things You're Probably Wondering",
};

export const WORRIES: readonly TextItem[] = [
  {
    title: "Can I just do it myself?",
    body: "You can, but roofs are slippery, high and unforgiving, and a DIY patch often hides the real leak. Let us take the risk — the inspection is free.",
  },
  {
    title: "Will it make it worse?",
    body: "Not with us. We walk on roofs for a living, replace anything we disturb, and a fixed quote means no nasty surprises on the bill.",
  },
  {
    title: "What if the leak comes back?",
    body: `Then we come back and re-repair it for free. That's what the ${WARRANTY} leak-free warranty is for.`,
  },
  {
    title: "Will home insurance cover it?",
    body: `Storm damage often is; wear and tear usually isn't. Our ${INSPECTION} inspection report gives your insurer the photos and facts they ask for.`,
  },
  {
    title: "How much will it cost?",
    body: `Most repairs cost far less than people fear. You'll get a fixed price before we start — and it's ${DISCOUNT} all repairs in October.`,
  },
];

// ---------------------------------------------------------------------------
// 13. Service areas

export const SERVICE_AREAS_SECTION = {
  eyebrow: "Where we work",
  title: "Service Areas",
  intro: "We repair roofs right across Melbourne, including:",
  base: "Based in Melbourne CBD",
  allSuburbs: "All Melbourne suburbs",
  map: {
    image: art(
      melbourneMap,
      "Illustrated map of Melbourne with our service suburbs marked around the CBD",
      600,
      400,
    ),
    showLabel: "Show interactive map",
    notice: "Loads a map from OpenStreetMap.",
    iframeTitle: "Map of Melbourne",
    iframeSrc:
      "https://www.openstreetmap.org/export/embed.html?bbox=144.80%2C-37.95%2C145.15%2C-37.70&layer=mapnik",
    linkLabel: "Open the map in a new tab",
    linkHref: "https://www.openstreetmap.org/#map=11/-37.81/144.96",
  },
} as const;

export const SERVICE_AREAS: readonly string[] = [
  "Box Hill",
  "Richmond",
  "South Yarra",
  "Carlton",
  "Fitzroy",
  "Hawthorn",
  "Camberwell",
  "Kew",
  "Toorak",
  "Prahran",
  "Collingwood",
  "Abbotsford",
  "Malvern",
];

// ---------------------------------------------------------------------------
// 14. FAQ

export const FAQ_SECTION = {
  eyebrow: "Got questions?",
  title: "Frequently Asked Questions",
  /** Q1, Q2, … */
  label: (position: number) => `Q${position}`,
} as const;

export const FAQS: readonly Faq[] = [
  {
    question: "Can you fix my roof today?",
    answer:
      "Often, yes. Book an inspection and we'll aim to get there the same day; plenty of repairs are done on the spot.",
  },
  {
    question: "Do you work in bad weather?",
    answer:
      "In most weather, yes. If it's too wild to do the full job safely, we put on a temporary patch to keep you dry and come back for the permanent repair.",
  },
  {
    question: "How long does a roof repair take?",
    answer:
      "Most jobs take a few hours. Bigger ones, like re-pointing a whole roof or re-sheeting, can take a few days, and we'll tell you up front.",
  },
  {
    question: "What happens if it rains during my repair?",
    answer:
      "We put a temporary patch on straight away so nothing gets in, then come back to finish the job once it's dry.",
  },
  {
    question: "Do I need to be home?",
    answer:
      "Not if we can get to the roof. As long as there's safe access, you can get on with your day and we'll send photos when we're done.",
  },
];

// ---------------------------------------------------------------------------
// 15. Closing

export const CLOSING = {
  eyebrow: "Decision time",
  title: "Alright That's Enough Talking",
  intro: "You've got two options. Pick one.",
  good: {
    title: "A leak-proof house",
    body: `A ${INSPECTION} roof inspection, an honest fixed-price quote and a repair backed by a ${WARRANTY} warranty.`,
    action: "Leak-Proof House",
  },
  bad: {
    title: "A stinky swamp",
    body: "Buckets, brown stains, that damp smell and a bigger bill next winter.",
  },
  decline: {
    trigger: "Stinky Swamp",
    title: "Really?",
    body: "Fair enough, you're the boss. We'll be right here when the swamp gets a bit too stinky — or when the buckets run out.",
    closeLabel: "Okay, fine, take me back",
  } satisfies JokeDialogCopy,
} as const;
