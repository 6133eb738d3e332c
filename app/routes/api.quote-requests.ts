// POST /api/quote-requests: the JSON way in for the quote form (and anyone else's client).
// The rules are in app/server/quote-api.server.ts; the production server calls them without
// React Router, and this route serves the dev server and anything else that runs the app.
import { readLimitedBody } from "~/server/body-limit.server";
import { photoUploadFor } from "~/server/photos/upload-context.server";
import { answerQuoteApi, type JsonAnswer, METHOD_NOT_ALLOWED } from "~/server/quote-api.server";
import { clientInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.quote-requests";

const toResponse = (answer: JsonAnswer) =>
  Response.json(answer.body, { status: answer.status, headers: answer.headers });

export function loader(): Response {
  return toResponse(METHOD_NOT_ALLOWED);
}

export async function action({ request, context }: Route.ActionArgs): Promise<Response> {
  if (request.method !== "POST") return toResponse(METHOD_NOT_ALLOWED);
  return toResponse(
    await answerQuoteApi({
      url: new URL(request.url),
      contentType: request.headers.get("Content-Type"),
      idempotencyKey: request.headers.get("Idempotency-Key"),
      client: context.get(clientInfoContext),
      // The form with photos: multipart/form-data, the same fields as text parts, photos as `photos`.
      upload: await photoUploadFor(request, context),
      readBody: () => readLimitedBody(request.body, request.headers.get("Content-Length")),
    }),
  );
}
