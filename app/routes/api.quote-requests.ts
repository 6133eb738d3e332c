// POST /api/quote-requests: the JSON way in for the quote form (and anyone else's client).
import { BUSINESS } from "~/content/business";
import { submitQuoteRequest } from "~/server/quotes.server";
import { clientInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.quote-requests";

export const MAX_BODY_BYTES = 16 * 1024;

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

class BodyTooLarge extends Error {}

/** The body as text, refusing it as soon as it passes the limit, whatever Content-Length said. */
async function readBody(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  // fatal: bytes that aren't UTF-8 are malformed, not quietly replaced.
  return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
}

function isJsonContentType(header: string | null): boolean {
  const mediaType = header?.split(";")[0]?.trim().toLowerCase();
  return mediaType === "application/json";
}

export async function action({ request, context }: Route.ActionArgs): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  if (!isJsonContentType(request.headers.get("Content-Type"))) {
    return json(
      { error: "unsupported_media_type", message: "Send the request as application/json." },
      415,
    );
  }
  const tooLarge = () =>
    json(
      { error: "payload_too_large", message: `Keep requests under ${MAX_BODY_BYTES / 1024} KB.` },
      413,
    );
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) return tooLarge();

  let body: unknown;
  try {
    body = JSON.parse(await readBody(request));
  } catch (error) {
    if (error instanceof BodyTooLarge) return tooLarge();
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
  });

  if (result.ok) return json({ id: result.id }, 201);
  switch (result.status) {
    case 400:
      return json({ error: "validation", fieldErrors: result.fieldErrors }, 400);
    case 429:
      return json(
        {
          error: "rate_limited",
          message: `Whoa, that's a lot of quotes from one spot. Give us a ring on ${BUSINESS.phone} instead.`,
        },
        429,
        { "Retry-After": String(result.retryAfterSeconds) },
      );
    default:
      return json(
        {
          error: "unavailable",
          message: `We couldn't save your request just now. Please try again or call us directly at ${BUSINESS.phone}.`,
        },
        503,
        { "Retry-After": "30" },
      );
  }
}
