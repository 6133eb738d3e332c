// Times as the owner reads them: in Melbourne, whatever the server's own time zone.

export const MELBOURNE = "Australia/Melbourne";

const display = new Intl.DateTimeFormat("en-AU", {
  timeZone: MELBOURNE,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Mon, 3 Mar 2026, 4:06 pm" */
export function melbourneDisplay(iso: string): string {
  return display.format(new Date(iso));
}

const parts = new Intl.DateTimeFormat("en-CA", {
  timeZone: MELBOURNE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "2026-03-04 16:06:07", Melbourne local time (for spreadsheets and Google Ads). */
export function melbourneTimestamp(iso: string): string {
  const p = Object.fromEntries(parts.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** "just now", "12 min ago", "3 h ago", "2 days ago". */
export function relativeTime(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "1 day ago" : `${days} days ago`;
}
