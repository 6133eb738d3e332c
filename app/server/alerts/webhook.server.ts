// The lead webhook, signed the Standard Webhooks way (https://www.standardwebhooks.com/), so
// receivers verify it with the `standardwebhooks` package or any of its ports.
import { Webhook } from "standardwebhooks";
import { phoneE164 } from "~/lib/phone";
import type { SendResult } from "./email.server";
import type { AlertLead } from "./lead.server";

export const WEBHOOK_EVENT = "quote_request.created";
const TIMEOUT_MS = 10_000;

export function webhookPayload(lead: AlertLead, eventTime: string) {
  return {
    type: WEBHOOK_EVENT,
    timestamp: eventTime,
    data: {
      id: lead.id,
      name: lead.name,
      phone: lead.phone,
      phone_e164: phoneE164(lead.phone),
      email: lead.email,
      postcode: lead.postcode,
      suburb: lead.suburb,
      message: lead.message,
      source_page: lead.source_page,
      outside_service_area: lead.outside_service_area === 1,
      created_at: lead.created_at,
      photo_count: lead.photo_count,
    },
  };
}

export interface SignedRequest {
  body: string;
  headers: Record<string, string>;
}

/** The webhook-id is the outbox job's delivery id: the same on every retry of one delivery. */
export function signedWebhook(
  secret: string,
  deliveryId: string,
  payload: unknown,
  now: Date = new Date(),
): SignedRequest {
  const body = JSON.stringify(payload);
  const signature = new Webhook(secret).sign(deliveryId, now, body);
  return {
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "roof-repair-site lead alerts",
      "webhook-id": deliveryId,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signature,
    },
  };
}

/**
 * Any 2xx is delivered. 410 Gone means the receiver has been retired, so that one stops;
 * everything else (4xx included: a receiver with the wrong secret gets fixed) is retried.
 */
export async function postWebhook(url: string, request: SignedRequest): Promise<SendResult> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => {});
    if (response.status >= 200 && response.status < 300) return { ok: true };
    return {
      ok: false,
      permanent: response.status === 410,
      error: `the webhook receiver answered ${response.status}`,
    };
  } catch (error) {
    const err = error as {
      name?: string;
      cause?: { code?: string; message?: string; errors?: { code?: string }[] };
      message?: string;
    };
    // fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND…) is in its cause.
    const reason =
      err.name === "TimeoutError"
        ? `no answer within ${TIMEOUT_MS / 1000} s`
        : (err.cause?.code ??
          err.cause?.errors?.[0]?.code ??
          err.cause?.message ??
          err.message ??
          String(error));
    return {
      ok: false,
      permanent: false,
      error: `could not reach the webhook receiver at ${new URL(url).origin} (${reason})`,
    };
  }
}
