import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "./app/content/site-routes";

export default {
  // SSR stays on so the quote form's action and the 404 page are served live;
  // every content page is still rendered to a static HTML file at build time.
  ssr: true,
  // BUILD_DIR lets CI build a second variant (ads tracking on) beside the default one.
  buildDirectory: process.env.BUILD_DIR || "build",
  prerender: PRERENDERED_PATHS,
  routeDiscovery: { mode: "initial" },
} satisfies Config;
