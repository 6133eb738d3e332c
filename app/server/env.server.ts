// Server settings, read and checked once at start-up so a typo fails loudly instead of
// quietly falling back to something else.
import proxyAddr from "proxy-addr";
import { z } from "zod";

/** An unset or empty variable takes the default, so `RATE_LIMIT_MAX=` behaves like unset. */
const unsetIfEmpty = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const integer = (fallback: number, min: number) =>
  z.preprocess(unsetIfEmpty, z.coerce.number().int().min(min).default(fallback));

export const DEFAULT_DATABASE_URL = "file:./data/quotes.db";

const optionalText = z.preprocess(unsetIfEmpty, z.string().trim().optional());

/** Lead alerts (app/server/alerts/). Cross-field rules are in the schema's refinement below. */
const AlertEnvSchema = z.object({
  /** smtp://user:pass@host:port or smtps://…; unset means no e-mail. */
  SMTP_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .refine((url) => /^smtps?:\/\/[^\s/]+/.test(url), {
        message: "must be smtp://user:pass@host:port or smtps://…",
      })
      .optional(),
  ),
  /** One or more addresses, comma-separated. */
  LEAD_ALERT_TO: optionalText,
  LEAD_ALERT_FROM: optionalText,
  LEAD_WEBHOOK_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .refine((url) => /^https?:\/\/[^\s/]+/.test(url), { message: "must be http(s)://…" })
      .optional(),
  ),
  LEAD_WEBHOOK_SECRET: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .refine((secret) => /^whsec_[A-Za-z0-9+/=]{24,}$/.test(secret), {
        message: "must be whsec_ followed by base64 (at least 18 bytes)",
      })
      .optional(),
  ),
  /** The customer's "thanks, we'll call" e-mail; on by default when SMTP is set. */
  LEAD_ACK_EMAIL: z.preprocess(
    unsetIfEmpty,
    z.enum(["on", "off", "1", "0", "true", "false"]).default("on"),
  ),
  /** First retry delay; each later one doubles, up to ALERT_RETRY_MAX_MS, with jitter. */
  ALERT_RETRY_BASE_MS: integer(10_000, 1),
  ALERT_RETRY_MAX_MS: integer(30 * 60_000, 1),
  /** After this long since the lead arrived, a job that keeps failing is marked failed. */
  ALERT_RETRY_FOR_SECONDS: integer(24 * 3600, 1),
  /** How often the worker looks for due jobs (it is also woken when a lead is stored). */
  ALERT_POLL_MS: integer(1_000, 10),
  /** How long a claimed job stays reserved for its worker before another may take it. */
  ALERT_LEASE_SECONDS: integer(120, 1),
  /** Leads (with their notes and history) older than this many days are deleted daily; unset keeps them. */
  LEAD_RETENTION_DAYS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).optional()),
  /** Phone alerts (app/server/push/): a key pair of your own; unset, one is made and kept in the database. */
  VAPID_PUBLIC_KEY: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{87}$/, "must be the base64url public key (65 bytes)")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be the base64url private key (32 bytes)")
      .optional(),
  ),
  /** Whom push services contact about our pushes; unset, LEAD_ALERT_FROM or the https site. */
  VAPID_SUBJECT: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .refine(
        (value) =>
          /^(mailto:[^\s@]+@[^\s@]+|https:\/\/(?!localhost[:/]|localhost$|127\.)[^\s/]+\/?)$/.test(
            value,
          ),
        {
          message: "must be mailto:you@your-domain or https://your-domain (not localhost)",
        },
      )
      .optional(),
  ),
  /** The conversion action's name in Google Ads, for the offline-conversions export. */
  GOOGLE_ADS_CONVERSION_NAME: z.preprocess(
    unsetIfEmpty,
    z.string().trim().max(100).default("Won lead"),
  ),
});

const ServerEnvSchema = z
  .object({
    /** file:PATH (SQLite, relative to the working directory) or postgres://… */
    DATABASE_URL: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .trim()
        .default(DEFAULT_DATABASE_URL)
        .refine((url) => /^(file:.+|postgres(ql)?:\/\/.+)$/.test(url), {
          message: "must be file:PATH or postgres://…",
        }),
    ),
    /** Quote submissions allowed per visitor address within the window. */
    RATE_LIMIT_MAX: integer(5, 1),
    RATE_LIMIT_WINDOW_SECONDS: integer(600, 1),
    /** Forms sent sooner than this after they were first shown are treated as bots; 0 turns it off. */
    QUOTE_MIN_FILL_MS: integer(2000, 0),
    /**
     * How many proxies stand in front of us (1 for one nginx). The visitor's address is the one
     * that many hops from the right of X-Forwarded-For; X-Forwarded-Proto and -Host are read on
     * the same terms, and only from TRUSTED_PROXIES. 0 (the default) trusts none of them.
     * "true"/"false" are read as 1/0.
     */
    TRUST_PROXY: z.preprocess((value) => {
      const v = unsetIfEmpty(value);
      if (typeof v !== "string") return v;
      const word = v.trim().toLowerCase();
      if (word === "true" || word === "yes") return "1";
      if (word === "false" || word === "no") return "0";
      return v;
    }, z.coerce.number().int().min(0).max(10).default(0)),
    /**
     * Where the TRUST_PROXY proxies connect from: proxy-addr's names (loopback, linklocal,
     * uniquelocal), addresses and CIDRs, comma-separated. A request from any other peer is
     * judged by its socket alone, whatever X-Forwarded-* headers it carries.
     */
    TRUSTED_PROXIES: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .default("loopback")
        .transform((value) =>
          value
            .split(",")
            .map((part) => part.trim())
            .filter(Boolean),
        )
        .refine(
          (list) => {
            try {
              proxyAddr.compile(list);
              return list.length > 0;
            } catch {
              return false;
            }
          },
          {
            message: "must be addresses, CIDRs or loopback/linklocal/uniquelocal, comma-separated",
          },
        ),
    ),
    /**
     * The site's public origin as visitors see it (https://www.example.com.au). When set, every
     * request is judged against it; unset, the origin comes from the request itself.
     */
    SITE_URL: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .trim()
        .refine((value) => /^https?:\/\/[^/?#\s]+\/?$/.test(value), {
          message: "must be an origin such as https://www.example.com.au",
        })
        .transform((value) => new URL(value).origin)
        .optional(),
    ),
    /** Time a client gets to send its request headers, then its whole request (a slow phone meets both). */
    HTTP_HEADERS_TIMEOUT_MS: integer(20_000, 1_000),
    // Long enough for 50 MB of photos from a phone on a slow network (about 1.5 Mbit/s).
    HTTP_REQUEST_TIMEOUT_MS: integer(300_000, 1_000),
    /** How long an idle keep-alive connection stays open. */
    HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(5_000, 100),
    /** Threads that render pages (default: one per core but one); 0 renders on the main thread. */
    RENDER_THREADS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(16).optional()),
    /** Longest a render (or a piece of a streamed download) may take before a 503. */
    RENDER_TIMEOUT_MS: integer(10_000, 100),
    /** Renders in flight past this are refused with a 503 at once (default: 128 per thread). */
    RENDER_QUEUE_MAX: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).optional()),
    /** Open connections past this are refused, so one client can't hold every socket. */
    HTTP_MAX_CONNECTIONS: integer(1_000, 1),
  })
  .extend(AlertEnvSchema.shape)
  .superRefine((env, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    const address = /^[^\s@,<>"]+@[^\s@,<>"]+\.[^\s@,<>"]+$/;
    const badTo = (env.LEAD_ALERT_TO ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter((a) => a && !address.test(a));
    if (badTo.length > 0) problem("LEAD_ALERT_TO", "must be e-mail addresses separated by commas");
    if (
      env.LEAD_ALERT_FROM &&
      !/^([^<>]*<)?[^\s@,<>"]+@[^\s@,<>"]+\.[^\s@,<>"]+>?$/.test(env.LEAD_ALERT_FROM)
    ) {
      problem("LEAD_ALERT_FROM", "must be an address, or Name <address>");
    }
    if (env.SMTP_URL) {
      if (!env.LEAD_ALERT_TO) problem("LEAD_ALERT_TO", "is needed when SMTP_URL is set");
      if (!env.LEAD_ALERT_FROM) problem("LEAD_ALERT_FROM", "is needed when SMTP_URL is set");
    }
    if (env.LEAD_WEBHOOK_URL && !env.LEAD_WEBHOOK_SECRET) {
      problem("LEAD_WEBHOOK_SECRET", "is needed when LEAD_WEBHOOK_URL is set (whsec_…)");
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      problem("VAPID_PRIVATE_KEY", "and VAPID_PUBLIC_KEY go together: set both or neither");
    }
    if (env.ALERT_RETRY_MAX_MS < env.ALERT_RETRY_BASE_MS) {
      problem("ALERT_RETRY_MAX_MS", "must not be below ALERT_RETRY_BASE_MS");
    }
  });

export type ServerEnv = z.infer<typeof ServerEnvSchema>;

export function parseServerEnv(env: Record<string, string | undefined>): ServerEnv {
  const result = ServerEnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new Error(`Invalid server environment: ${problems.join("; ")}`);
  }
  return result.data;
}

export const SERVER_ENV: ServerEnv = parseServerEnv(process.env);
