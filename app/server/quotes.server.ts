// Taking a quote request: validate, spot bots, apply the per-address limit, store once.
// Used by the JSON API route and by the landing pages' no-JavaScript form action.
import { createHash } from "node:crypto";
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
import { addressBucket } from "./client-address.server";
import { type Database, getDb, logDatabaseError, startDatabase } from "./db.server";
import { SERVER_ENV } from "./env.server";
import { storePhotos } from "./photos/photos.server";
import type { ProcessedPhoto } from "./photos/process.server";
import {
  createQuoteRepository,
  type EarlierRow,
  type NewQuoteRequest,
} from "./quote-repository.server";
import {
  createRateLimiter,
  type RateLimiter,
  type RateLimitRule,
} from "./rate-limit/rate-limit.server";

export interface SubmissionMeta {
  ip: string;
  userAgent: string;
  sourcePage?: string | null;
  idempotencyKey?: string | null;
  /** The page's full URL when the body doesn't say (a plain form post's Referer). */
  pageUrl?: string | null;
  /** Our own host, so a referrer that is our own site isn't counted as a source. */
  ownHost?: string;
  /**
   * The origin the request reached us on (SITE_URL, the trusted proxy's, or the Host
   * header's), stored so the alert can link to the lead when SITE_URL is unset.
   */
  origin?: string;
  now?: number;
  /** Photos already checked and re-encoded (app/server/photos), stored with the lead. */
  photos?: readonly ProcessedPhoto[];
}

export type SubmitResult =
  | { ok: true; id: number; duplicate: boolean } // also for spam (same answer as a person)
  | {
      ok: false;
      status: 400;
      fieldErrors: Partial<Record<QuoteField, string>>;
      values: Record<QuoteField, string>;
    }
  | { ok: false; status: 409 }
  | { ok: false; status: 429; retryAfterSeconds: number }
  | { ok: false; status: 503 };

export type SpamReason = "honeypot" | "too-fast";

export interface QuoteServiceOptions {
  /** Resolves to a migrated database; rejects while it is unavailable. */
  database: () => Promise<Kysely<Database>>;
  /** Shared by every server on the database; counts stored requests per client address. */
  limiter: RateLimiter;
  rateLimit: RateLimitRule;
  /** Forms sent sooner than this after form_started_at are bots; 0 turns the check off. */
  minFillMs: number;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,128}$/;
/** Without a key, the same request from the same client within this long is one request. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

const sha256 = (...parts: string[]) =>
  createHash("sha256").update(parts.join("\u0000")).digest("base64url");

/**
 * What makes two submissions the same request: the validated, normalised fields, and the
 * photos as sent when there are any (the same words sent again with photos added are a new
 * request, not a replay that would drop them). Without photos the hash is what it always was.
 */
export function requestHash(
  input: QuoteRequestInput,
  photoDigests: readonly string[] = [],
): string {
  return sha256(
    input.name,
    input.phone,
    input.email ?? "",
    input.postcode,
    input.message ?? "",
    ...photoDigests.map((digest) => `photo:${digest}`),
  );
}

/**
 * Keys are stored scoped to the client that sent them, so nobody can claim (or block) a key
 * another visitor's browser made.
 */
export function scopedIdempotencyKey(ip: string, key: string): string {
  return `k1:${sha256(ip, key)}`;
}

/** The client's key on its own: a retry of the very same request may come from a new address. */
const keyHashOf = (key: string) => sha256("key", key);

/**
 * For forms sent without a key (no JavaScript, or an API client that sends none): the same
 * fields from the same client in the same window. A double click stores one row; the same
 * words sent again tomorrow are a new request.
 */
function derivedKeys(ip: string, hash: string, now: number): { current: string; previous: string } {
  const window = Math.floor(now / DUPLICATE_WINDOW_MS);
  return {
    current: `d1:${sha256(ip, hash, String(window))}`,
    previous: `d1:${sha256(ip, hash, String(window - 1))}`,
  };
}
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
    keyHash: string | null;
    requestHash: string | null;
    spamReason: SpamReason | null;
    now: number;
    attribution?: Attribution;
    origin?: string;
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
    request_hash: extras.requestHash,
    key_hash: extras.keyHash,
    is_spam: extras.spamReason ? 1 : 0,
    spam_reason: extras.spamReason,
    outside_service_area: outside ? 1 : 0,
    created_at: new Date(extras.now).toISOString(),
    request_origin: originOrNull(extras.origin),
    ...extras.attribution,
  };
}

/**
 * The answer for a request that was stored before, from the rows findEarlier returned: its
 * own key first (409 if that key came with other details), then the same fill retried from
 * another address, then the previous window's derived key.
 */
function replayAnswer(
  rows: EarlierRow[],
  want: { key?: string; previous?: string; keyHash?: string; hash: string },
): SubmitResult | undefined {
  const byKey = (key: string | undefined) =>
    key ? rows.find((row) => row.idempotencyKey === key) : undefined;
  const replay = (row: EarlierRow | undefined): SubmitResult | undefined => {
    if (!row) return undefined;
    // Rows stored before keys were bound to their request carry no hash: trust the key.
    if (row.requestHash !== null && row.requestHash !== want.hash) {
      return { ok: false, status: 409 };
    }
    return { ok: true, id: row.id, duplicate: true };
  };
  const retried = want.keyHash
    ? rows.find((row) => row.keyHash === want.keyHash && row.requestHash === want.hash)
    : undefined;
  return (
    replay(byKey(want.key)) ??
    (retried ? { ok: true, id: retried.id, duplicate: true } : undefined) ??
    replay(byKey(want.previous))
  );
}

/** An http(s) origin and nothing more, or null: it ends up in a link in the owner's mail. */
function originOrNull(origin: string | undefined): string | null {
  if (!origin || origin.length > 300) return null;
  try {
    const url = new URL(origin);
    return /^https?:$/.test(url.protocol) && url.origin === origin ? origin : null;
  } catch {
    return null;
  }
}

export function createQuoteService(options: QuoteServiceOptions) {
  async function submit(rawInput: unknown, meta: SubmissionMeta): Promise<SubmitResult> {
    const raw = isRecord(rawInput) ? rawInput : {};
    const now = meta.now ?? Date.now();

    try {
      // Invalid submissions are answered before the limiter: they store nothing, so a
      // visitor fixing typos doesn't use up their allowance.
      const parsed = QuoteRequestSchema.safeParse(raw);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsFrom(parsed.error);
        return { ok: false, status: 400, fieldErrors, values: echoValues(raw) };
      }

      const clientKey = idempotencyKeyFrom(meta.idempotencyKey, raw.idempotency_key);
      // Every key below counts clients, not sockets: an IPv6 client by its /64 (it holds
      // the whole block), an IPv4-mapped address as the IPv4 one.
      const ip = addressBucket(meta.ip || "unknown");
      const photos = meta.photos ?? [];
      const hash = requestHash(
        parsed.data,
        photos.map((photo) => photo.digest),
      );
      const derived = clientKey ? undefined : derivedKeys(ip, hash, now);
      const idempotencyKey = clientKey ? scopedIdempotencyKey(ip, clientKey) : derived?.current;
      const repository = createQuoteRepository(await options.database());
      const keyHash = clientKey ? keyHashOf(clientKey) : undefined;

      const row = buildRow(parsed.data, {
        sourcePage: sourcePageFrom(meta.sourcePage, raw.source_page),
        idempotencyKey: idempotencyKey ?? null,
        keyHash: keyHash ?? null,
        requestHash: hash,
        spamReason: spamReasonFor(raw, now, options.minFillMs),
        now,
        attribution: attributionFrom(raw.page_url ?? meta.pageUrl, raw.referrer_host, meta.ownHost),
        origin: meta.origin,
      });
      row.photo_count = photos.length;
      let earlier: SubmitResult | undefined;
      // The replay check, the rate limit's count, the lead, its photos and its alert jobs: one
      // transaction (on SQLite the write lock is held from the check to the insert).
      const stored = await repository.storeQuoteRequest(
        row,
        async (trx) => {
          // One indexed read finds every row this request may replay: its own key, the derived
          // key of the previous window, and the same fill retried from a new address (phones
          // change address between tries: Wi-Fi to mobile, IPv6 to IPv4).
          const candidates = await repository.findEarlier(
            [idempotencyKey, derived?.previous].filter((key): key is string => Boolean(key)),
            keyHash ? { keyHash, requestHash: hash } : undefined,
            trx,
          );
          earlier = replayAnswer(candidates, {
            key: idempotencyKey,
            previous: derived?.previous,
            keyHash,
            hash,
          });
          if (earlier) return { ok: false, replayed: true };
          return options.limiter.countWithin(trx, `quote:${ip}`, options.rateLimit, now);
        },
        photos.length > 0
          ? (trx, leadId) => storePhotos(trx, leadId, photos, row.created_at)
          : undefined,
      );
      if ("replayed" in stored && earlier) return earlier;
      if (stored.ok) return { ok: true, id: stored.id, duplicate: false };
      if ("retryAfterSeconds" in stored) {
        return { ok: false, status: 429, retryAfterSeconds: stored.retryAfterSeconds };
      }
      // Another request with the same key won the race; answer as its replay.
      const winner = replayAnswer(await repository.findEarlier([idempotencyKey ?? ""], undefined), {
        key: idempotencyKey,
        hash,
      });
      if (!winner) throw new Error("Idempotency conflict, but no row has the key");
      return winner;
    } catch (error) {
      // Nothing was stored and nothing counted: the transaction rolled back whole.
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
  const database = async () => {
    await startDatabase();
    return getDb();
  };
  defaultService ??= createQuoteService({
    database,
    limiter: createRateLimiter({
      database,
      onSweepError: (error) => logDatabaseError("rate_limit.sweep_failed", error),
    }),
    rateLimit: {
      max: SERVER_ENV.RATE_LIMIT_MAX,
      windowMs: SERVER_ENV.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    minFillMs: SERVER_ENV.QUOTE_MIN_FILL_MS,
  });
  return defaultService.submit(raw, meta);
}
