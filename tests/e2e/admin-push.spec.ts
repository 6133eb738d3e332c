// Phone alerts (issue 21) against the built server: the installable inbox, the subscription
// API's refusals, a lead pushed through the outbox to a local HTTPS push service that checks
// the signature and decrypts (tests/support/push-receiver.ts; the server trusts its
// certificate through NODE_EXTRA_CA_CERTS), and the service worker in Chromium, with a push
// delivered through the DevTools protocol.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { addOwner, sendLead, signInOverHttp, uniqueEmail } from "../support/admin-helpers";
import { scratchSqlite } from "../support/db-helpers";
import { expect, test } from "../support/fixtures";
import { waitUntil } from "../support/mail-sink";
import { type PushReceiver, startPushReceiver } from "../support/push-receiver";
import { type RunningServer, spawnServer } from "../support/spawn-server";

let server: RunningServer;
let receiver: PushReceiver;
let scratch: ReturnType<typeof scratchSqlite>;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  receiver = await startPushReceiver();
  scratch = scratchSqlite("admin-push");
  server = await spawnServer({
    DATABASE_URL: scratch.url,
    NODE_EXTRA_CA_CERTS: receiver.certFile,
    LEAD_ALERT_FROM: "Website <leads@roofs.example>",
    RATE_LIMIT_MAX: "100000",
    QUOTE_MIN_FILL_MS: "0",
    ALERT_POLL_MS: "50",
    ALERT_RETRY_BASE_MS: "100",
    ALERT_RETRY_MAX_MS: "400",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  scratch?.remove();
});

async function owner(): Promise<string> {
  const email = uniqueEmail("push");
  addOwner(scratch.url, email);
  const signedIn = await signInOverHttp(server.url, email);
  if (!signedIn.cookie) throw new Error(`no session: ${signedIn.status}`);
  return signedIn.cookie;
}

function subscribe(cookie: string | null, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/admin/push/subscriptions`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: server.url,
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const devicesPage = async (cookie: string) =>
  (await fetch(`${server.url}/admin/devices`, { headers: { Cookie: cookie } })).text();

test.describe("phone alerts over HTTP", () => {
  test.skip(({ isMobile }) => isMobile, "HTTP contract: one screen size is enough");

  test("the inbox is installable: manifest, icons, and a service worker that may cover /admin", async () => {
    const manifest = await fetch(`${server.url}/admin/manifest.webmanifest`);
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
    const app = (await manifest.json()) as {
      start_url: string;
      scope: string;
      display: string;
      short_name: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(app).toMatchObject({ start_url: "/admin", scope: "/admin", display: "standalone" });
    expect(app.short_name).toBe("Leads");
    expect(app.theme_color).toMatch(/^#/);
    const icons = [
      ...app.icons.map((icon) => ({ ...icon })),
      { src: "/admin/apple-touch-icon.png", sizes: "180x180", purpose: "apple" },
    ];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
      "180x180 apple",
    ]);
    for (const icon of icons) {
      const png = Buffer.from(await (await fetch(`${server.url}${icon.src}`)).arrayBuffer());
      expect(png.subarray(1, 4).toString(), icon.src).toBe("PNG");
      // IHDR: width and height, big-endian, at bytes 16 and 20.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }

    const worker = await fetch(`${server.url}/admin/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toContain("text/javascript");
    expect(worker.headers.get("service-worker-allowed")).toBe("/admin");
    expect(worker.headers.get("cache-control")).toBe("no-store");
    const source = await worker.text();
    expect(source).toContain("event.waitUntil(\n    self.registration.showNotification(");
    // It keeps nothing: no Cache Storage, no fetch handler.
    expect(source).not.toMatch(/caches\.|addEventListener\("fetch"/);

    // The inbox links the manifest and runs no script; the devices page runs one, ours.
    const cookie = await owner();
    const inbox = await (
      await fetch(`${server.url}/admin`, { headers: { Cookie: cookie } })
    ).text();
    expect(inbox).toContain('<link rel="manifest" href="/admin/manifest.webmanifest"/>');
    expect(inbox).toContain('href="/admin/apple-touch-icon.png"');
    expect(inbox).not.toContain("<script");
    const devices = await devicesPage(cookie);
    expect(devices.match(/<script[^>]*>/g)).toEqual(['<script src="/admin/push.js" defer="">']);
    // And the public site carries none of it.
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).not.toMatch(/push\.js|manifest\.webmanifest|sw\.js/);
  });

  test("without a session nothing is stored, and a page on another site can't add a device", async () => {
    const { subscription } = receiver.subscriber();
    const anonymous = await subscribe(null, { action: "subscribe", subscription });
    expect(anonymous.status).toBe(401);
    const form = await fetch(`${server.url}/admin/devices`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: "intent=remove&device=1",
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toContain("/admin/login");

    const cookie = await owner();
    const crossOrigin = await subscribe(
      cookie,
      { action: "subscribe", subscription },
      { Origin: "https://evil.example" },
    );
    expect(crossOrigin.status).toBe(403);
    const crossSite = await subscribe(
      cookie,
      { action: "subscribe", subscription },
      { "Sec-Fetch-Site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    const noOrigin = await fetch(`${server.url}/admin/push/subscriptions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ action: "subscribe", subscription }),
    });
    expect(noOrigin.status).toBe(403);
    expect(await devicesPage(cookie)).toContain("No devices yet.");

    // Malformed requests get a 4xx and the server carries on.
    expect((await subscribe(cookie, "{not json")).status).toBe(400);
    expect(
      (await subscribe(cookie, { action: "subscribe", subscription: { endpoint: "http://x" } }))
        .status,
    ).toBe(400);
    expect((await subscribe(cookie, { action: "dance" })).status).toBe(400);
    const check = await subscribe(cookie, { action: "check", endpoint: "https://nope.example/x" });
    expect(await check.json()).toEqual({ known: false });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  test("a lead reaches every device within seconds, signed with the server's key; a gone device is removed; test pushes", async () => {
    const cookie = await owner();
    const phone = receiver.subscriber();
    const laptop = receiver.subscriber();
    expect(
      (await subscribe(cookie, { action: "subscribe", subscription: phone.subscription })).status,
    ).toBe(201);
    expect(
      (await subscribe(cookie, { action: "subscribe", subscription: laptop.subscription })).status,
    ).toBe(201);
    // The same browser again is the same device.
    expect(
      (await subscribe(cookie, { action: "subscribe", subscription: phone.subscription })).status,
    ).toBe(200);
    const page = await devicesPage(cookie);
    const publicKey = /data-vapid-key="([^"]+)"/.exec(page)?.[1];
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(page.match(/Send a test/g)).toHaveLength(2);

    const id = await sendLead(server.url, {
      name: "Priya Patel",
      message: "Tiles blown off over the bedroom",
    });
    await waitUntil(
      () => receiver.received(phone.id).length > 0 && receiver.received(laptop.id).length > 0,
      15_000,
      "the push to reach both devices",
    );
    for (const device of [phone, laptop]) {
      const [push] = receiver.received(device.id);
      expect(push?.problem).toBeUndefined();
      expect(push?.vapidKey).toBe(publicKey);
      expect(push?.jwt?.sub).toBe("mailto:leads@roofs.example");
      expect(push?.headers.urgency).toBe("high");
      expect(Number(push?.headers.ttl)).toBeLessThanOrEqual(12 * 3600);
      expect(push?.payload).toMatchObject({
        title: expect.stringMatching(/^New lead: Priya Patel, /),
        body: "Tiles blown off over the bedroom",
        url: `/admin/leads/${id}`,
      });
    }

    // The laptop's browser unsubscribed: the push service says 410, and it's gone from the list.
    receiver.answer(laptop.id, { status: 410 });
    await sendLead(server.url, { name: "Second Lead" });
    await waitUntil(
      async () => (await devicesPage(cookie)).match(/Send a test/g)?.length === 1,
      15_000,
      "the gone device to be removed",
    );
    await waitUntil(() => receiver.received(phone.id).length === 2, 15_000, "the second push");

    // "Send a test" from the list.
    const deviceId = /id="device-(\d+)"/.exec(await devicesPage(cookie))?.[1];
    const tested = await fetch(`${server.url}/admin/devices`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        Cookie: cookie,
      },
      body: `intent=test&device=${deviceId}`,
    });
    expect(await tested.text()).toContain("Test sent.");
    expect(receiver.received(phone.id).at(-1)?.payload).toMatchObject({ title: "Test alert" });

    // npm run alerts:test sends one to every device.
    const run = await promisify(execFile)(process.execPath, [resolve("scripts/alerts-test.ts")], {
      env: { ...process.env, DATABASE_URL: scratch.url, NODE_EXTRA_CA_CERTS: receiver.certFile },
    }).catch((error: { stdout: string; code: number }) => error);
    expect(run.stdout).toMatch(
      /Phone alerts .*\n {2}OK: the push service took a test notification for [^\n]+ \(device \d+\)\./,
    );
    expect(
      receiver
        .received(phone.id)
        .filter((p) => (p.payload as { title?: string })?.title === "Test alert"),
    ).toHaveLength(2);
  });
});

test.describe("phone alerts in the browser", () => {
  async function signedInPage(page: Page) {
    const cookie = await owner();
    const [name, value] = cookie.split("=") as [string, string];
    await page.context().addCookies([{ name, value, domain: "localhost", path: "/admin" }]);
    await page.context().grantPermissions(["notifications"], { origin: server.url });
  }

  test("turning alerts on and off, then a push shown by the service worker and opened on tap", async ({
    page,
    isMobile,
  }) => {
    await signedInPage(page);
    const device = receiver.subscriber();
    const leadId = await sendLead(server.url, { name: "Priya Patel", message: "Tiles blown off" });
    // Chromium's own push service is on the internet, which the tests don't have: the
    // browser's PushManager hands back a subscription at our receiver instead, and records
    // what it was asked for.
    await page.addInitScript((subscription) => {
      const state = { made: null as null | object, asked: [] as unknown[] };
      (window as unknown as { pushState: typeof state }).pushState = state;
      const made = () => ({
        endpoint: subscription.endpoint,
        options: null,
        toJSON: () => subscription,
        unsubscribe: async () => {
          state.made = null;
          localStorage.removeItem("subscribed");
          return true;
        },
      });
      PushManager.prototype.subscribe = async (options) => {
        state.asked.push({
          userVisibleOnly: options?.userVisibleOnly,
          key: btoa(
            String.fromCharCode(...new Uint8Array(options?.applicationServerKey as ArrayBuffer)),
          )
            .replace(/\+/g, "-")
            .replace(/\//g, "_")
            .replace(/=+$/, ""),
        });
        state.made = made();
        localStorage.setItem("subscribed", "1");
        localStorage.setItem("asked", JSON.stringify(state.asked));
        return state.made as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        (localStorage.getItem("subscribed") ? made() : null) as unknown as PushSubscription;
    }, device.subscription);

    await page.goto(`${server.url}/admin/devices`);
    const toggle = page.getByRole("button", { name: "Turn on phone alerts" });
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect(page.getByText("Phone alerts are on for this device.")).toBeVisible();
    const key = await page.locator("#push-control").getAttribute("data-vapid-key");
    const asked = await page.evaluate(() => JSON.parse(localStorage.getItem("asked") ?? "[]"));
    expect(asked).toEqual([{ userVisibleOnly: true, key }]);
    await expect(page.getByText("(this device)")).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn off phone alerts" })).toBeVisible();
    if (isMobile) {
      await page.screenshot({ path: "test-results/admin-devices-375.png", fullPage: true });
    }

    // A push, delivered the way a push service would wake the service worker.
    const cdp = await page.context().newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
      registrations.push(...event.registrations);
    });
    await cdp.send("ServiceWorker.enable");
    await waitUntil(
      () => registrations.some((r) => r.scopeURL === `${server.url}/admin` && !r.isDeleted),
      10_000,
      "the service worker's registration",
    );
    const registration = registrations.find((r) => r.scopeURL === `${server.url}/admin`);
    // A push to a worker that is still activating can be dropped (seen once in a loaded run):
    // wait for it to be active, and send again until it shows. One tag, so one notification.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const deliver = () =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin: server.url,
        registrationId: String(registration?.registrationId),
        data: JSON.stringify({
          title: "New lead: Priya Patel, Brunswick",
          body: "Tiles blown off",
          url: `/admin/leads/${leadId}`,
          tag: "lead-4242",
        }),
      });
    const shown = async () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        }));
      });
    await expect(async () => {
      if ((await shown()).length === 0) await deliver();
      expect(await shown()).toEqual([
        {
          title: "New lead: Priya Patel, Brunswick",
          body: "Tiles blown off",
          tag: "lead-4242",
          data: { url: `/admin/leads/${leadId}` },
        },
      ]);
    }).toPass({ timeout: 30_000 });
    // A push that isn't ours still shows something, and never a link off the inbox.
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: server.url,
      registrationId: String(registration?.registrationId),
      data: JSON.stringify({ title: "Odd", body: "x", url: "https://evil.example/", tag: "odd" }),
    });
    await expect
      .poll(async () => (await shown()).find((n) => n.tag === "odd")?.data)
      .toEqual({ url: "/admin" });

    // The tap: the open inbox window moves to the lead.
    const [worker] = page.context().serviceWorkers();
    expect(worker).toBeDefined();
    await worker?.evaluate(
      (id) =>
        (globalThis as unknown as { openInInbox(url: string): Promise<unknown> }).openInInbox(
          `/admin/leads/${id}`,
        ),
      leadId,
    );
    await expect(page).toHaveURL(`${server.url}/admin/leads/${leadId}`);

    // And off again.
    await page.goto(`${server.url}/admin/devices`);
    await page.getByRole("button", { name: "Turn off phone alerts" }).click();
    await expect(page.getByText("Phone alerts are off for this device.")).toBeVisible();
    await expect(page.getByText("No devices yet.")).toBeVisible();
  });
});
