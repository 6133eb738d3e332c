// Taking a quote request: validate, spot bots, apply the per-address limit, store once.
// Used by the JSON API route and by the landing pages' no-JavaScript form action.
import type { Kysely } from "kysely";
import { findLandingPage } from "~/content/landing-pages";
import { isInServiceArea, isVictorianPostcode, suburbForPostcode } from "~/content/postcodes";
import { type Attribution, attributionFrom } from "~/lib/attribution";
import {
  fieldErrorsFrom,
  normalisePhone,
  QUOTE_FIELDS,
  type QuoteField,
  type QuoteRequestInput,
  QuoteRequestSchema,
} from "~/lib/quote-schema";
import { type Database, getDb, logDatabaseError, startDatabase } from "./db.server";
import { SERVER_ENV } from "./env.server";
import { createQuoteRepository, type NewQuoteRequest } from "./quote-repository.server";
import { RateLimiter } from "./rate-limit.server";

export interface SubmissionMeta {
  ip: string;
  userAgent: string;
  sourcePage?: string | null;
  idempotencyKey?: string | null;
  /** The page's full URL when the body doesn't say (a plain form post's Referer). */
  pageUrl?: string | null;
  /** Our own host, so a referrer that is our own site isn't counted as a source. */
  ownHost?: string;
  now?: number;
}

export type SubmitResult =
  | { ok: true; id: number; duplicate: boolean } // also for spam (same answer as a person)
  | {
      ok: false;
      status: 400;
      fieldErrors: Partial<Record<QuoteField, string>>;
      values: Record<QuoteField, string>;
    }
  | { ok: false; status: 429; retryAfterSeconds: number }
  | { ok: false; status: 503 };

export type SpamReason = "honeypot" | "too-fast";

export interface QuoteServiceOptions {
  /** Resolves to a migrated database; rejects while it is unavailable. */
  database: () => Promise<Kysely<Database>>;
  limiter: RateLimiter;
  /** Forms sent sooner than this after form_started_at are bots; 0 turns the check off. */
  minFillMs: number;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,128}$/;
const ECHO_LIMIT = 5_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What the visitor typed, to put back in the form; anything that isn't text comes back empty. */
function echoValues(raw: Record<string, unknown>): Record<QuoteField, string> {
  const values = {} as Record<QuoteField, string>;
  for (const field of QUOTE_FIELDS) {
    const value = raw[field];
    values[field] = typeof value === "string" ? value.slice(0, ECHO_LIMIT) : "";
  }
  return values;
}

/** A usable key from the header/meta or the body; a malformed one is ignored, not refused. */
function idempotencyKeyFrom(...candidates: unknown[]): string | null {
  for (const candidate of candidates) {
    if (typeof candidate === "string" && IDEMPOTENCY_KEY.test(candidate.trim())) {
      return candidate.trim();
    }
  }
  return null;
}

function sourcePageFrom(...candidates: unknown[]): string | null {
  for (const candidate of candidates) {
    const page = typeof candidate === "string" ? findLandingPage(candidate) : undefined;
    if (page) return page.path;
  }
  return null;
}

/**
 * The honeypot, then the fill time. A missing or non-numeric form_started_at is not
 * judged (API clients and forms without JavaScript don't send it), and neither is one in
 * the future: that is the visitor's clock running ahead, not a bot being quick.
 */
export function spamReasonFor(
  raw: Record<string, unknown>,
  now: number,
  minFillMs: number,
): SpamReason | null {
  const honeypot = raw.company_website;
  const filled =
    typeof honeypot === "string" ? honeypot.trim() !== "" : honeypot != null && honeypot !== false;
  if (filled) return "honeypot";

  const started = raw.form_started_at;
  const startedAt =
    typeof started === "number"
      ? started
      : typeof started === "string" && /^\d{1,16}$/.test(started.trim())
        ? Number(started)
        : Number.NaN;
  if (minFillMs > 0 && Number.isFinite(startedAt)) {
    const elapsed = now - startedAt;
    if (elapsed >= 0 && elapsed < minFillMs) return "too-fast";
  }
  return null;
}

/** The row as stored: derived columns come from the validated input only, never the client. */
export function buildRow(
  input: QuoteRequestInput,
  extras: {
    sourcePage: string | null;
    idempotencyKey: string | null;
    spamReason: SpamReason | null;
    now: number;
    attribution?: Attribution;
  },
): NewQuoteRequest {
  const outside = !isVictorianPostcode(input.postcode) || !isInServiceArea(input.postcode);
  return {
    name: input.name,
    phone: input.phone,
    phone_normalised: normalisePhone(input.phone),
    email: input.email,
    postcode: input.postcode,
    suburb: suburbForPostcode(input.postcode),
    message: input.message,
    source_page: extras.sourcePage,
    idempotency_key: extras.idempotencyKey,
    is_spam: extras.spamReason ? 1 : 0,
    spam_reason: extras.spamReason,
    outside_service_area: outside ? 1 : 0,
    created_at: new Date(extras.now).toISOString(),
    ...extras.attribution,
  };
}

export function createQuoteService(options: QuoteServiceOptions) {
  async function submit(rawInput: unknown, meta: SubmissionMeta): Promise<SubmitResult> {
    const raw = isRecord(rawInput) ? rawInput : {};
    const now = meta.now ?? Date.now();

    let slot: { release(): void } | undefined;
    try {
      // Invalid submissions are answered before the limiter: they store nothing, so a
      // visitor fixing typos doesn't use up their allowance.
      const parsed = QuoteRequestSchema.safeParse(raw);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsFrom(parsed.error);
        return { ok: false, status: 400, fieldErrors, values: echoValues(raw) };
      }

      const idempotencyKey = idempotencyKeyFrom(meta.idempotencyKey, raw.idempotency_key);
      const repository = createQuoteRepository(await options.database());
      // A replay of a stored fill gets the original answer and costs no allowance.
      const earlier = idempotencyKey
        ? await repository.findByIdempotencyKey(idempotencyKey)
        : undefined;
      if (earlier) return { ok: true, id: earlier.id, duplicate: true };

      const taken = options.limiter.take(meta.ip || "unknown", now);
      if (!taken.ok) return { ok: false, status: 429, retryAfterSeconds: taken.retryAfterSeconds };
      slot = taken;

      const row = buildRow(parsed.data, {
        sourcePage: sourcePageFrom(meta.sourcePage, raw.source_page),
        idempotencyKey,
        spamReason: spamReasonFor(raw, now, options.minFillMs),
        now,
        attribution: attributionFrom(raw.page_url ?? meta.pageUrl, raw.referrer_host, meta.ownHost),
      });
      const id = await repository.insertQuoteRequest(row);
      if (id !== null) return { ok: true, id, duplicate: false };

      // Another request with the same key won the race; answer with its row.
      slot.release();
      const winner = idempotencyKey
        ? await repository.findByIdempotencyKey(idempotencyKey)
        : undefined;
      if (!winner) throw new Error("Idempotency conflict, but no row has the key");
      return { ok: true, id: winner.id, duplicate: true };
    } catch (error) {
      slot?.release();
      logDatabaseError("quote_request.store_failed", error);
      return { ok: false, status: 503 };
    }
  }

  return { submit };
}

export type QuoteService = ReturnType<typeof createQuoteService>;

let defaultService: QuoteService | undefined;

/** Stores a quote request in the site's database; never throws. */
export async function submitQuoteRequest(
  raw: Record<string, unknown>,
  meta: SubmissionMeta,
): Promise<SubmitResult> {
  defaultService ??= createQuoteService({
    database: async () => {
      await startDatabase();
      return getDb();
    },
    limiter: new RateLimiter({
      max: SERVER_ENV.RATE_LIMIT_MAX,
      windowMs: SERVER_ENV.RATE_LIMIT_WINDOW_SECONDS * 1000,
    }),
    minFillMs: SERVER_ENV.QUOTE_MIN_FILL_MS,
  });
  return defaultService.submit(raw, meta);
}
