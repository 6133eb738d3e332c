// Server settings, read and checked once at start-up so a typo fails loudly instead of
// quietly falling back to something else.
import { z } from "zod";

/** An unset or empty variable takes the default, so `RATE_LIMIT_MAX=` behaves like unset. */
const unsetIfEmpty = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const integer = (fallback: number, min: number) =>
  z.preprocess(unsetIfEmpty, z.coerce.number().int().min(min).default(fallback));

const flag = z.preprocess(
  unsetIfEmpty,
  z
    .enum(["1", "0", "true", "false", "yes", "no"])
    .default("0")
    .transform((value) => value === "1" || value === "true" || value === "yes"),
);

export const DEFAULT_DATABASE_URL = "file:./data/quotes.db";

const ServerEnvSchema = z.object({
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
  /** Trust X-Forwarded-For for the visitor's address (only behind a proxy that sets it). */
  TRUST_PROXY: flag,
  /** Leads (with their notes and history) older than this many days are deleted daily; unset keeps them. */
  LEAD_RETENTION_DAYS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).optional()),
  /** The conversion action's name in Google Ads, for the offline-conversions export. */
  GOOGLE_ADS_CONVERSION_NAME: z.preprocess(
    unsetIfEmpty,
    z.string().trim().max(100).default("Won lead"),
  ),
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
