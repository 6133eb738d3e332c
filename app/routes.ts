import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { LANDING_PAGES, landingRouteId } from "./content/landing-pages";

export default [
  ...LANDING_PAGES.map((page) =>
    page.path === "/"
      ? index("routes/landing.tsx", { id: landingRouteId(page) })
      : route(page.path, "routes/landing.tsx", { id: landingRouteId(page) }),
  ),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("thank-you", "routes/thank-you.tsx"),
  route("api/quote-requests", "routes/api.quote-requests.ts"),
  route("healthz", "routes/healthz.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // The owner's inbox: rendered per request, never prerendered, no scripts.
  route("admin", "routes/admin.inbox.tsx"),
  route("admin/login", "routes/admin.login.tsx"),
  route("admin/logout", "routes/admin.logout.ts"),
  route("admin/leads/:id", "routes/admin.lead.tsx"),
  route("admin/photos/:token", "routes/admin.photos.ts"),
  route("admin/sources", "routes/admin.sources.tsx"),
  route("admin/export.csv", "routes/admin.export.ts"),
  route("admin/google-ads-conversions.csv", "routes/admin.google-ads.ts"),
  // Phone alerts: the devices page, its script, the service worker and the app manifest.
  route("admin/devices", "routes/admin.push.devices.tsx"),
  route("admin/push/subscriptions", "routes/admin.push.subscriptions.ts"),
  route("admin/push.js", "routes/admin.push.script.ts"),
  route("admin/sw.js", "routes/admin.push.sw.ts"),
  route("admin/manifest.webmanifest", "routes/admin.push.manifest.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
