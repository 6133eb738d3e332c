// Business facts in one place. Each overridable value is a public build-time setting
// (VITE_ prefix), so the prerendered HTML and the browser bundle always agree.
const env = import.meta.env;

function setting(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

const phoneDisplay = setting(env.VITE_BUSINESS_PHONE, "(03) 5550 4321");

/** "(03) 5550 4321" -> "+61355504321", the form a tel: link dials from anywhere. */
export function toTelHref(display: string): string {
  const digits = display.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  if (digits.startsWith("0")) return `tel:+61${digits.slice(1)}`;
  return `tel:${digits}`;
}

export const BUSINESS = {
  name: setting(env.VITE_BUSINESS_NAME, "Brutally Honest Roofing"),
  tagline: setting(env.VITE_BUSINESS_TAGLINE, "Melbourne roof repairs, minus the nonsense"),
  phone: phoneDisplay,
  phoneHref: toTelHref(phoneDisplay),
  email: setting(env.VITE_BUSINESS_EMAIL, "hello@example.com"),
  address: {
    street: "365 Collins St",
    locality: "Melbourne",
    region: "VIC",
    postcode: "3000",
    country: "AU",
  },
  geo: { latitude: -37.8162, longitude: 144.9617 },
  siteUrl: setting(env.VITE_SITE_URL, "http://localhost:3000").replace(/\/+$/, ""),
} as const;

export const ADDRESS_LINE = `${BUSINESS.address.street}, ${BUSINESS.address.locality} ${BUSINESS.address.region} ${BUSINESS.address.postcode}`;

/** The spec's figures, kept exactly as the old site printed them (see README, Decisions). */
export const FIGURES = {
  responseMinutes: 9,
  callbackMinutes: 15,
  inspectionPrice: "$0",
  octoberDiscountPercent: 15,
  warrantyYears: 10,
  experienceYears: 22,
  /** Shown on the landing page. */
  roofsRepairedLanding: 6242,
  /** Shown in the footer; disagrees with the landing figure, as on the old site. */
  repairsCompletedFooter: 3799,
} as const;

export interface OpeningHours {
  label: string;
  value: string;
  /** schema.org days and times; absent for "emergency only". */
  days?: string[];
  opens?: string;
  closes?: string;
}

export const HOURS: OpeningHours[] = [
  {
    label: "Mon–Fri",
    value: "7am – 6pm",
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "07:00",
    closes: "18:00",
  },
  { label: "Sat", value: "8am – 4pm", days: ["Saturday"], opens: "08:00", closes: "16:00" },
  { label: "Sun", value: "Emergency only" },
];

export const EMERGENCY_LINE = "24/7 emergency service";

/** Ad conversion tracking; with no account set, no tracking script is loaded at all. */
export const TRACKING = {
  googleAdsId: setting(env.VITE_GOOGLE_ADS_ID, ""),
  conversionLabel: setting(env.VITE_GOOGLE_ADS_CONVERSION_LABEL, ""),
} as const;

// --- When we call back ------------------------------------------------------------------

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const melbourneClock = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Melbourne",
  weekday: "long",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** "7:15 am" from minutes since midnight. */
function clockText(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, "0")} ${h < 12 ? "am" : "pm"}`;
}

export interface CallbackPromise {
  /** Inside opening hours: the usual promise, a call within FIGURES.callbackMinutes. */
  withinHours: boolean;
  /** "within 15 minutes", or when the call comes outside hours: "by 7:15 am Monday". */
  text: string;
}

/**
 * What we can honestly promise someone who asked at `at`: inside HOURS (Melbourne time) a
 * call within FIGURES.callbackMinutes; outside them, by the next opening plus that much.
 * Read from HOURS, so changing the opening hours changes the promise too.
 */
export function callbackPromise(at: Date): CallbackPromise {
  const parts = Object.fromEntries(melbourneClock.formatToParts(at).map((p) => [p.type, p.value]));
  const today = WEEKDAYS.indexOf(parts.weekday ?? "");
  const now = Number(parts.hour) * 60 + Number(parts.minute);
  const within = FIGURES.callbackMinutes;
  for (let ahead = 0; ahead <= 7; ahead++) {
    const day = WEEKDAYS[(today + ahead) % 7] ?? "";
    const hours = HOURS.find((h) => h.days?.includes(day) && h.opens && h.closes);
    if (!hours?.opens || !hours.closes) continue;
    const opens = minutesOf(hours.opens);
    if (ahead === 0 && now >= opens && now < minutesOf(hours.closes)) {
      return { withinHours: true, text: `within ${within} minutes` };
    }
    if (ahead === 0 && now >= opens) continue;
    return {
      withinHours: false,
      text: `by ${clockText(opens + within)} ${ahead === 0 ? "today" : day}`,
    };
  }
  // No opening hours at all: the old promise is all we have.
  return { withinHours: true, text: `within ${within} minutes` };
}
