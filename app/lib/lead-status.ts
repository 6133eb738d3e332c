// A lead's place in the owner's pipeline; shared by the database types and the inbox pages.
export const LEAD_STATUSES = ["new", "contacted", "quoted", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const NOTE_MAX_LENGTH = 5_000;
/** The site promises a call back within 15 minutes. */
export const OVERDUE_AFTER_MS = 15 * 60 * 1000;

/** A lead still "new" past the promised call-back time. */
export function isOverdue(
  lead: { status: LeadStatus; isSpam: boolean; createdAt: string },
  now = Date.now(),
): boolean {
  return (
    !lead.isSpam && lead.status === "new" && now - Date.parse(lead.createdAt) > OVERDUE_AFTER_MS
  );
}

/** No roof repair costs more; a bigger number is a slip of the thumb (an extra 0, cents typed as dollars). */
export const JOB_VALUE_MAX_DOLLARS = 1_000_000;

export type JobValue = { cents: number | null } | { problem: string };

/**
 * The job's value as typed into the lead page: "4200", "4200.5", "$4,200.50", or nothing (not
 * known). Whole cents, so money is never a float.
 */
export function parseJobValue(typed: unknown): JobValue {
  const text = typeof typed === "string" ? typed.trim().replace(/^\$\s*/, "") : "";
  if (text === "") return { cents: null };
  if (/^-/.test(text)) return { problem: "The job value can't be negative." };
  const plain = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text) ? text.replaceAll(",", "") : text;
  if (!/^\d+(\.\d{1,2})?$/.test(plain) && !/^\.\d{1,2}$/.test(plain)) {
    return { problem: "Type the job value in dollars, like 4200 or 4200.50." };
  }
  const [dollars = "", cents = ""] = plain.split(".");
  const total = Number(dollars || "0") * 100 + Number(cents.padEnd(2, "0"));
  if (total > JOB_VALUE_MAX_DOLLARS * 100) {
    return {
      problem: `The job value can be $${JOB_VALUE_MAX_DOLLARS.toLocaleString("en-AU")} at most.`,
    };
  }
  return { cents: total };
}

/** "$4,200" or "$4,200.50": cents only when there are some. */
export function formatJobValue(cents: number): string {
  const whole = cents % 100 === 0;
  return (cents / 100).toLocaleString("en-AU", {
    style: "currency",
    currency: "AUD",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

/** Dollars with cents for a spreadsheet or an import: "4200.50"; empty when unknown. */
export function jobValueDecimal(cents: number | null | undefined): string {
  if (cents == null) return "";
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
