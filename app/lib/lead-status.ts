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
