// Server settings, read and checked once at start-up so a typo fails loudly instead of
// quietly falling back to something else.
import { z } from "zod";

/** An unset or empty variable takes the default, so `RATE_LIMIT_MAX=` behaves like unset. */
const unsetIfEmpty = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const integer = (fallback: number, min: number) =>
  z.preprocess(unsetIfEmpty, z.coerce.number().int().min(min).default(fallback));

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
  /**
   * How many proxies stand in front of us (1 for one nginx). The visitor's address is the one
   * that many hops from the right of X-Forwarded-For; X-Forwarded-Proto and -Host are read on
   * the same terms. 0 (the default) trusts none of them. "true"/"false" are read as 1/0.
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
  HTTP_REQUEST_TIMEOUT_MS: integer(30_000, 1_000),
  /** How long an idle keep-alive connection stays open. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(5_000, 100),
  /** Open connections past this are refused, so one client can't hold every socket. */
  HTTP_MAX_CONNECTIONS: integer(1_000, 1),
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
