// /admin/devices' one script: turns phone alerts on and off for this browser. Everything
// else on the page (the list, removing a device, a test notification) is plain forms.
(() => {
  const control = document.getElementById("push-control");
  if (!control) return;
  const button = control.querySelector("button");
  const status = control.querySelector("[data-push-status]");
  const key = control.dataset.vapidKey ?? "";
  const say = (text) => {
    status.textContent = text;
  };

  const supported =
    "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!supported) {
    document.getElementById("push-unsupported")?.removeAttribute("hidden");
    return;
  }

  function keyBytes(base64url) {
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  }
  const serverKey = keyBytes(key);
  const sameKey = (subscription) => {
    const used = subscription.options?.applicationServerKey;
    if (!used) return true;
    const bytes = new Uint8Array(used);
    return bytes.length === serverKey.length && bytes.every((b, i) => b === serverKey[i]);
  };

  async function post(body) {
    const response = await fetch("/admin/push/subscriptions", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    return { status: response.status, ...answer };
  }

  let registration;
  let subscription = null;

  function show(on) {
    button.textContent = on ? "Turn off phone alerts" : "Turn on phone alerts";
    button.dataset.on = on ? "1" : "";
    button.disabled = false;
  }

  function markThisDevice(id) {
    const row = document.getElementById(`device-${id}`);
    const mark = row?.querySelector("[data-this-device]");
    if (mark) mark.hidden = false;
  }

  async function start() {
    registration = await navigator.serviceWorker.register("/admin/sw.js", {
      scope: "/admin",
      updateViaCache: "none",
    });
    subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription)) {
      // Made with another key pair (the server's keys changed): useless now.
      await subscription.unsubscribe();
      subscription = null;
    }
    if (subscription) {
      const answer = await post({ action: "check", endpoint: subscription.endpoint });
      if (answer.known) markThisDevice(answer.id);
      else if (answer.status === 200) {
        // Removed from the list (here or on another device): this browser stops too.
        await subscription.unsubscribe();
        subscription = null;
      }
    }
    control.hidden = false;
    show(Boolean(subscription));
  }

  async function turnOn() {
    // Asked straight from the tap: iOS allows the question only then.
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      say(
        "Notifications are blocked for this site. Allow them in your browser's settings for this site, then try again.",
      );
      return;
    }
    const made = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: serverKey,
    });
    const answer = await post({ action: "subscribe", subscription: made.toJSON() });
    if (answer.status !== 200 && answer.status !== 201) {
      await made.unsubscribe();
      say(answer.message ?? "The server didn't take it. Reload the page and try again.");
      return;
    }
    location.assign("/admin/devices?on=1");
  }

  async function turnOff() {
    if (subscription) {
      await post({ action: "unsubscribe", endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    location.assign("/admin/devices?off=1");
  }

  button.addEventListener("click", () => {
    button.disabled = true;
    say("");
    (button.dataset.on ? turnOff() : turnOn()).catch((error) => {
      say(`That didn't work: ${error?.message ?? error}. Reload the page and try again.`);
      show(Boolean(subscription));
    });
  });

  start().catch((error) => {
    control.hidden = false;
    say(`Phone alerts can't start here: ${error?.message ?? error}`);
    show(false);
  });
})();
