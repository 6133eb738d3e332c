// GET /admin/manifest.webmanifest: makes the inbox an app on the home screen (and, on
// iOS, a place push can reach). Browsers fetch it without cookies, so it holds nothing
// private: names, colours and icons.
import { BUSINESS } from "~/content/business";

export function manifest() {
  return {
    id: "/admin",
    name: `${BUSINESS.name} leads`,
    short_name: "Leads",
    description: "New quote requests, the moment they arrive.",
    start_url: "/admin",
    scope: "/admin",
    display: "standalone",
    orientation: "portrait",
    background_color: "#ffffff",
    theme_color: "#0f2a3d",
    icons: [
      { src: "/admin/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/admin/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      {
        src: "/admin/icon-maskable-512.png",
        sizes: "512x512",
        type: "image/png",
        purpose: "maskable",
      },
    ],
  };
}

export function loader() {
  return new Response(JSON.stringify(manifest()), {
    headers: {
      "Content-Type": "application/manifest+json",
      "Cache-Control": "public, max-age=3600",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
