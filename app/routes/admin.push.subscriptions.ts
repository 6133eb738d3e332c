// POST /admin/push/subscriptions (JSON): what /admin/devices' script and the service worker
// tell the server about this browser's push subscription. Signed-in owners only, from our own
// pages only; every answer is JSON.
import { ADMIN_HEADERS } from "~/lib/admin-headers";
import { adminDb, assertSameOrigin, requireUserForData } from "~/server/accounts/auth.server";
import { BodyTooLarge, readLimitedBody } from "~/server/body-limit.server";
import {
  deviceLabel,
  MAX_DEVICES_PER_OWNER,
  parseSubscription,
  removeSubscription,
  saveSubscription,
  touchSubscription,
} from "~/server/push/subscriptions.server";
import type { Route } from "./+types/admin.push.subscriptions";

function json(body: unknown, status: number, setCookie?: string): Response {
  const headers = new Headers(ADMIN_HEADERS);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return Response.json(body, { status, headers });
}

export function loader() {
  return json({ error: "method_not_allowed", message: "POST only." }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = await requireUserForData(request);
  const answer = (body: unknown, status: number) => json(body, status, session.setCookie);
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    return answer({ error: "unsupported_media_type", message: "Send JSON." }, 415);
  }
  let body: { action?: unknown; subscription?: unknown; endpoint?: unknown; old?: unknown };
  try {
    const raw = await readLimitedBody(request.body, request.headers.get("Content-Length"));
    const parsed: unknown = JSON.parse(raw.toString("utf8"));
    if (typeof parsed !== "object" || parsed === null) throw new SyntaxError("not an object");
    body = parsed;
  } catch (error) {
    if (error instanceof BodyTooLarge) throw error;
    return answer({ error: "malformed_json", message: "The body isn't a JSON object." }, 400);
  }
  const db = await adminDb();
  const userId = session.user.userId;
  const endpoint = typeof body.endpoint === "string" ? body.endpoint : undefined;

  switch (body.action) {
    case "subscribe":
    case "replace": {
      const subscription = parseSubscription(body.subscription);
      if (typeof subscription === "string") {
        return answer({ error: "invalid_subscription", message: subscription }, 400);
      }
      if (body.action === "replace" && typeof body.old === "string") {
        await removeSubscription(db, userId, { endpoint: body.old });
      }
      const saved = await saveSubscription(
        db,
        userId,
        subscription,
        deviceLabel(request.headers.get("User-Agent")),
      );
      if (saved === "too_many") {
        return answer(
          {
            error: "too_many_devices",
            message: `You have ${MAX_DEVICES_PER_OWNER} devices already: remove one first.`,
          },
          409,
        );
      }
      return answer({ id: saved.id }, saved.created ? 201 : 200);
    }
    case "check": {
      if (!endpoint) return answer({ error: "invalid", message: "endpoint is missing" }, 400);
      const known = await touchSubscription(db, userId, endpoint);
      // Not an error: the owner removed this device (here or elsewhere), so it stops too.
      if (!known) return answer({ known: false }, 200);
      const row = await db
        .selectFrom("push_subscriptions")
        .select("id")
        .where("endpoint", "=", endpoint)
        .executeTakeFirst();
      return answer({ known: true, id: Number(row?.id) }, 200);
    }
    case "unsubscribe": {
      if (!endpoint) return answer({ error: "invalid", message: "endpoint is missing" }, 400);
      return answer({ removed: await removeSubscription(db, userId, { endpoint }) }, 200);
    }
    default:
      return answer(
        { error: "invalid", message: "action must be subscribe, check, unsubscribe or replace" },
        400,
      );
  }
}
