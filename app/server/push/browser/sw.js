// The inbox's service worker, served at /admin/sw.js with scope /admin (see
// app/routes/admin.push.sw.ts). It caches nothing and handles no fetches: leads stay on the
// server, so a lost phone holds none. It shows lead alerts and opens the lead when tapped.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only a path inside /admin on our own origin is ever opened. */
function inboxPath(url) {
  try {
    const parsed = new URL(url, self.location.origin);
    if (parsed.origin === self.location.origin && /^\/admin(\/|$)/.test(parsed.pathname)) {
      return parsed.pathname + parsed.search;
    }
  } catch {
    // Not a URL: the inbox itself.
  }
  return "/admin";
}

function messageFrom(event) {
  try {
    const data = event.data ? event.data.json() : null;
    if (data && typeof data.title === "string") return data;
  } catch {
    // Not JSON: still show something (below).
  }
  return { title: "New lead", body: "Open the inbox to see it.", url: "/admin", tag: "lead" };
}

self.addEventListener("push", (event) => {
  const message = messageFrom(event);
  // Always a notification, whatever came: iOS ends the subscription of a site whose pushes
  // show none.
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : "lead",
      icon: "/admin/icon-192.png",
      badge: "/admin/badge-96.png",
      data: { url: inboxPath(message.url) },
    }),
  );
});

/**
 * Shows `url` in an open inbox window if there is one (focused, then moved to the lead),
 * or in a new one. Focusing is only allowed while a notification click is handled.
 */
async function openInInbox(url) {
  const target = new URL(inboxPath(url), self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const inbox = windows.find((client) => /^\/admin(\/|$)/.test(new URL(client.url).pathname));
  if (inbox) {
    const focused = await inbox.focus().catch(() => inbox);
    if (focused.url === target) return focused;
    const moved = await focused.navigate(target).catch(() => null);
    if (moved) return moved;
  }
  return self.clients.openWindow(target);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openInInbox(event.notification.data?.url ?? "/admin"));
});

// The push service replaced this browser's subscription (Firefox does, now and then): tell
// the server, or the next lead goes to an endpoint that is gone.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const options = event.oldSubscription?.options;
      const next =
        event.newSubscription ??
        (options ? await self.registration.pushManager.subscribe(options) : null);
      if (!next) return;
      await fetch("/admin/push/subscriptions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          action: "replace",
          old: event.oldSubscription?.endpoint ?? null,
          subscription: next.toJSON(),
        }),
      });
    })(),
  );
});
