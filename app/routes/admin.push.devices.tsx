// /admin/devices: phone alerts. This owner's devices (added, last used; remove one, send a
// test), and the one control that needs script: turning alerts on or off for this browser.
import { data, redirect } from "react-router";
import { AdminShell, Notice } from "~/components/admin/admin-shell";
import { ADMIN_HEADERS, adminMeta, adminRouteHeaders } from "~/lib/admin-headers";
import { melbourneDisplay } from "~/lib/melbourne-time";
import { adminDb, assertSameOrigin, requireUser } from "~/server/accounts/auth.server";
import { alertTrouble } from "~/server/inbox/alerts.server";
import { currentPushSender } from "~/server/push/index.server";
import { type DeviceOutcome, sendTestPush } from "~/server/push/send.server";
import { devicesOf, removeSubscription } from "~/server/push/subscriptions.server";
import type { Route } from "./+types/admin.push.devices";

export const headers: Route.HeadersFunction = adminRouteHeaders;
export const meta: Route.MetaFunction = () => adminMeta("Phone alerts");

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request);
  const db = await adminDb();
  const [devices, keys, trouble] = await Promise.all([
    devicesOf(db, session.user.userId),
    currentPushSender().keys(),
    alertTrouble(db),
  ]);
  const params = new URL(request.url).searchParams;
  const notice = params.has("on")
    ? "Phone alerts are on for this device."
    : params.has("off")
      ? "Phone alerts are off for this device."
      : params.has("removed")
        ? "That device is removed: it gets no more alerts."
        : null;
  return data(
    {
      email: session.user.email,
      alertTrouble: trouble,
      publicKey: keys.publicKey,
      notice,
      devices: devices.map((device) => ({
        id: device.id,
        label: device.label,
        added: melbourneDisplay(device.created_at),
        lastUsed: melbourneDisplay(
          device.last_sent_at && device.last_sent_at > device.last_seen_at
            ? device.last_sent_at
            : device.last_seen_at,
        ),
      })),
    },
    { headers: session.setCookie ? { "Set-Cookie": session.setCookie } : {} },
  );
}

const TEST_WORDS: Record<DeviceOutcome["kind"], string> = {
  sent: "Test sent. It should show on that device within a few seconds.",
  gone: "That device had turned alerts off, so it's removed from the list.",
  retry: "The push service is busy or away right now. Try again in a minute.",
  failed: "The push service refused the test.",
};

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = await requireUser(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ test: null, error: "That wasn't a form." }, { status: 400 });
  }
  const id = Number(form.get("device"));
  const db = await adminDb();
  const device = (await devicesOf(db, session.user.userId)).find((d) => d.id === id);
  if (!device) {
    return data({ test: null, error: "That device isn't in your list any more." }, { status: 404 });
  }
  switch (form.get("intent")) {
    case "remove":
      await removeSubscription(db, session.user.userId, { id });
      return redirect("/admin/devices?removed=1", { status: 303, headers: ADMIN_HEADERS });
    case "test": {
      const [report] = await sendTestPush(db, currentPushSender(), [device]);
      const outcome = report?.outcome ?? { kind: "failed" as const, error: "no answer" };
      const text =
        outcome.kind === "sent" || outcome.kind === "gone"
          ? TEST_WORDS[outcome.kind]
          : `${TEST_WORDS[outcome.kind]} (${device.label}: ${outcome.error})`;
      return data({ test: { ok: outcome.kind === "sent", text }, error: null });
    }
    default:
      return data({ test: null, error: "Unknown action." }, { status: 400 });
  }
}

const BUTTON = "min-h-12 rounded-lg px-4 font-semibold";

export default function AdminDevices({ loaderData, actionData }: Route.ComponentProps) {
  const { email, publicKey, notice, devices } = loaderData;
  return (
    <AdminShell email={email} current="devices">
      {notice && <Notice>{notice}</Notice>}
      {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}
      {actionData?.test && (
        <Notice tone={actionData.test.ok ? "ok" : "error"}>{actionData.test.text}</Notice>
      )}
      <h1 className="text-2xl font-extrabold">Phone alerts</h1>
      <p className="mt-2 max-w-prose">
        Get each new lead as a notification on your phone, a few seconds after the customer presses
        send: their name, suburb and the start of their message. Tap it to open the lead.
      </p>

      <div id="push-control" hidden data-vapid-key={publicKey} className="mt-4">
        <button type="button" disabled className={`${BUTTON} bg-ink text-white`}>
          Turn on phone alerts
        </button>
        <p data-push-status role="status" className="mt-2 font-medium" />
      </div>
      <p id="push-unsupported" hidden className="mt-4 max-w-prose rounded-lg bg-amber-50 p-3">
        This browser can't show phone alerts. On an iPhone, add the inbox to your Home Screen first
        (Share, then Add to Home Screen), open it from there and sign in, then come back to this
        page.
      </p>
      <noscript>
        <p className="mt-4 max-w-prose rounded-lg bg-amber-50 p-3">
          Turning phone alerts on needs JavaScript. The list below works without it.
        </p>
      </noscript>

      <h2 className="mt-8 text-xl font-bold">Your devices</h2>
      {devices.length === 0 ? (
        <p className="mt-2 text-ink-soft">No devices yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-200">
          {devices.map((device) => (
            <li
              key={device.id}
              id={`device-${device.id}`}
              className="flex flex-wrap items-center gap-3 py-3"
            >
              <div className="mr-auto min-w-0">
                <p className="font-semibold">
                  {device.label}{" "}
                  <span data-this-device hidden className="font-normal text-ink-soft">
                    (this device)
                  </span>
                </p>
                <p className="text-sm text-ink-soft">
                  Added {device.added} · last used {device.lastUsed}
                </p>
              </div>
              <form method="post">
                <input type="hidden" name="device" value={device.id} />
                <button
                  type="submit"
                  name="intent"
                  value="test"
                  className={`${BUTTON} border-2 border-ink`}
                >
                  Send a test
                </button>
              </form>
              <form method="post">
                <input type="hidden" name="device" value={device.id} />
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  aria-label={`Remove ${device.label}, added ${device.added}`}
                  className={`${BUTTON} border-2 border-red-800 text-red-900`}
                >
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <script src="/admin/push.js" defer />
    </AdminShell>
  );
}
