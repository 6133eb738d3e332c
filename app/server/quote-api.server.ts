// POST /api/quote-requests, in plain terms: a request's few parts in, a JSON answer out.
// The Node server (server/http-server.ts) calls this straight from the socket: building a web
// Request for React Router and reading its Response back cost the API a third of its main
// thread (issue 23, docs/decisions/010-scale-out.md). The route (app/routes/api.quote-requests.ts)
// calls the same function, for the dev server and any other adapter: one set of rules.
import { BUSINESS } from "~/content/business";
import { QUOTE_FORM_COPY } from "~/content/quote-form-copy";
import { photoProblemMessage } from "~/lib/photo-limits";
import { BodyTooLarge, PAYLOAD_TOO_LARGE } from "./body-limit.server";
import type { ParsedUpload } from "./photos/upload.server";
import { submitQuoteRequest } from "./quotes.server";
import type { ClientInfo } from "./request-context.server";

export interface QuoteApiRequest {
  /** The URL the visitor posted to (scheme and host as the visitor sees them). */
  url: URL;
  contentType: string | null;
  idempotencyKey: string | null;
  client: ClientInfo;
  /** A multipart post's parts, already read and checked; null for anything else. */
  upload: ParsedUpload | null;
  /** The body within its limit (BodyTooLarge past it); read only once it is known to be JSON. */
  readBody: () => Promise<Uint8Array>;
}

export interface JsonAnswer {
  status: number;
  body: unknown;
  /** Cache-Control: no-store always, and Retry-After where it applies. */
  headers: Record<string, string>;
}

function json(body: unknown, status: number, headers: Record<string, string> = {}): JsonAnswer {
  return { status, body, headers: { "Cache-Control": "no-store", ...headers } };
}

export const METHOD_NOT_ALLOWED = json(
  { error: "method_not_allowed", message: "Send quote requests with POST." },
  405,
  { Allow: "POST" },
);

function isJsonContentType(header: string | null): boolean {
  const mediaType = header?.split(";")[0]?.trim().toLowerCase();
  return mediaType === "application/json";
}

export async function answerQuoteApi(request: QuoteApiRequest): Promise<JsonAnswer> {
  const { upload } = request;
  if (upload && !upload.ok) {
    return json(
      {
        error: "photos",
        problem: upload.problem.kind,
        message: photoProblemMessage(upload.problem),
      },
      upload.status,
      upload.status === 503 ? { "Retry-After": "60" } : {},
    );
  }
  if (!upload && !isJsonContentType(request.contentType)) {
    return json(
      {
        error: "unsupported_media_type",
        message: "Send the request as application/json, or multipart/form-data with photos.",
      },
      415,
    );
  }
  let body: unknown;
  if (upload) body = upload.fields;
  else
    try {
      // fatal: bytes that aren't UTF-8 are malformed, not quietly replaced.
      body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(await request.readBody()));
    } catch (error) {
      if (error instanceof BodyTooLarge) return json(PAYLOAD_TOO_LARGE, 413);
      return json({ error: "malformed_json", message: "The request body isn't valid JSON." }, 400);
    }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return json(
      { error: "malformed_json", message: "The request body must be a JSON object." },
      400,
    );
  }

  const fields = body as Record<string, unknown>;
  const result = await submitQuoteRequest(fields, {
    ip: request.client.ip,
    userAgent: request.client.userAgent,
    sourcePage: typeof fields.source_page === "string" ? fields.source_page : null,
    idempotencyKey: request.idempotencyKey,
    ownHost: request.url.host,
    photos: upload?.photos,
    origin: request.url.origin,
  });

  if (result.ok) return json({ id: result.id }, 201);
  switch (result.status) {
    case 400:
      return json({ error: "validation", fieldErrors: result.fieldErrors }, 400);
    case 409:
      return json(
        {
          error: "idempotency_key_reused",
          message:
            "This Idempotency-Key was already used for a different request, so nothing was stored. Make a new key for each new request.",
        },
        409,
      );
    case 429:
      return json(
        { error: "rate_limited", message: QUOTE_FORM_COPY.rateLimited(BUSINESS.phone) },
        429,
        { "Retry-After": String(result.retryAfterSeconds) },
      );
    default:
      return json(
        { error: "unavailable", message: QUOTE_FORM_COPY.unavailable(BUSINESS.phone) },
        503,
        { "Retry-After": "30" },
      );
  }
}
