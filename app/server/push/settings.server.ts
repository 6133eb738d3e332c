// Phone alerts' settings: the VAPID subject and, when configured, the key pair.
import { BUSINESS } from "~/content/business";
import type { ServerEnv } from "../env.server";

/** A lead alert a few hours late is still worth a call; one a day late is noise. */
export const PUSH_TTL_SECONDS = 4 * 3600;
/** Each request to a push service; well inside the outbox's 60 s per delivery. */
export const PUSH_TIMEOUT_MS = 10_000;

export interface PushSettings {
  subject: string;
  /** Why the subject is what it is, when it had to fall back: said once at start-up. */
  subjectNote?: string;
  /** Configured keys; absent means the pair kept in the database. */
  keys?: { publicKey: string; privateKey: string };
}

function isLocal(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "127.0.0.1" ||
    hostname === "[::1]"
  );
}

/** An https: origin that a push service will take as a subject, or undefined. */
function httpsSubject(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && !isLocal(parsed.hostname) ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

function mailtoSubject(address: string | undefined): string | undefined {
  const match = /([^\s<>"@,]+@[^\s<>"@,]+\.[^\s<>"@,]+)>?\s*$/.exec(address ?? "");
  return match?.[1] ? `mailto:${match[1]}` : undefined;
}

/**
 * The subject tells push services whom to contact about our pushes. Apple refuses a JWT
 * whose subject is localhost (403 BadJwtToken), so a localhost origin is never used: the
 * order is VAPID_SUBJECT, LEAD_ALERT_FROM's address, SITE_URL or the build's site URL when
 * https, then the business's e-mail address.
 */
export function pushSettingsFrom(
  env: Pick<
    ServerEnv,
    "VAPID_SUBJECT" | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "LEAD_ALERT_FROM" | "SITE_URL"
  >,
  business: { siteUrl: string; email: string } = BUSINESS,
): PushSettings {
  const keys =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : undefined;
  const chosen =
    env.VAPID_SUBJECT ||
    mailtoSubject(env.LEAD_ALERT_FROM) ||
    httpsSubject(env.SITE_URL) ||
    httpsSubject(business.siteUrl);
  if (chosen) return { subject: chosen, keys };
  const subject = mailtoSubject(business.email) ?? "mailto:hello@example.com";
  return {
    subject,
    keys,
    subjectNote:
      `Phone alerts sign as ${subject} (VITE_BUSINESS_EMAIL): set LEAD_ALERT_FROM, or SITE_URL ` +
      "to your https address, so push services know whom to contact. A localhost address is " +
      "never used: Apple refuses it.",
  };
}
