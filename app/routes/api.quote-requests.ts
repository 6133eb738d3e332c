// POST /api/quote-requests: the JSON way in for the quote form (and anyone else's client).
import { BUSINESS } from "~/content/business";
import { QUOTE_FORM_COPY } from "~/content/quote-form-copy";
import { photoProblemMessage } from "~/lib/photo-limits";
import { BodyTooLarge, PAYLOAD_TOO_LARGE, readLimitedBody } from "~/server/body-limit.server";
import type { ProcessedPhoto } from "~/server/photos/process.server";
import { photoUploadFor } from "~/server/photos/upload-context.server";
import { submitQuoteRequest } from "~/server/quotes.server";
import { clientInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.quote-requests";

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

function methodNotAllowed(): Response {
  return json({ error: "method_not_allowed", message: "Send quote requests with POST." }, 405, {
    Allow: "POST",
  });
}

export function loader(): Response {
  return methodNotAllowed();
}

function isJsonContentType(header: string | null): boolean {
  const mediaType = header?.split(";")[0]?.trim().toLowerCase();
  return mediaType === "application/json";
}

export async function action({ request, context }: Route.ActionArgs): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  // The form with photos: multipart/form-data, the same fields as text parts, photos as `photos`.
  const upload = await photoUploadFor(request, context);
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
  if (!upload && !isJsonContentType(request.headers.get("Content-Type"))) {
    return json(
      {
        error: "unsupported_media_type",
        message: "Send the request as application/json, or multipart/form-data with photos.",
      },
      415,
    );
  }
  let body: unknown;
  let photos: ProcessedPhoto[] | undefined;
  if (upload) {
    body = upload.fields;
    photos = upload.photos;
  } else
    try {
      const bytes = await readLimitedBody(request.body, request.headers.get("Content-Length"));
      // fatal: bytes that aren't UTF-8 are malformed, not quietly replaced.
      body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
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
  const client = context.get(clientInfoContext);
  const result = await submitQuoteRequest(fields, {
    ip: client.ip,
    userAgent: client.userAgent,
    sourcePage: typeof fields.source_page === "string" ? fields.source_page : null,
    idempotencyKey: request.headers.get("Idempotency-Key") ?? null,
    ownHost: new URL(request.url).host,
    photos,
    origin: new URL(request.url).origin,
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
        {
          error: "rate_limited",
          message: QUOTE_FORM_COPY.rateLimited(BUSINESS.phone),
        },
        429,
        { "Retry-After": String(result.retryAfterSeconds) },
      );
    default:
      return json(
        {
          error: "unavailable",
          message: QUOTE_FORM_COPY.unavailable(BUSINESS.phone),
        },
        503,
        { "Retry-After": "30" },
      );
  }
}
