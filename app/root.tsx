import { useContext } from "react";
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  useLocation,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
// The owner's inbox has a stylesheet of its own, so its classes never weigh on public pages.
import adminTailwindStyles from "./admin.css?inline";
// Inlined into every page: one fewer round trip before the first paint on a slow phone
// (docs/decisions/005-no-web-font.md). The server's CSP allows it by its hash.
import tailwindStyles from "./app.css?inline";
import { SimpleHeader } from "./components/layout/simple-header";
import { SiteFooter } from "./components/layout/site-footer";
import { TRACKING } from "./content/business";
import { bootstrapScript } from "./islands/bootstrap";
import { Island } from "./islands/island";
import { withoutPropertyRules } from "./lib/inline-stylesheet";

const styles = withoutPropertyRules(tailwindStyles);
const adminStyles = withoutPropertyRules(adminTailwindStyles);

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * Google's standard gtag snippet plus the conversion reporter that tel: links call (spec
 * section 7). Rendered only when an ads account is configured; the server's CSP hashes the
 * inline part and allows Google's hosts only in that case.
 */
function AdTracking() {
  const { googleAdsId, conversionLabel } = TRACKING;
  if (!googleAdsId) return null;
  const ids = JSON.stringify({
    id: googleAdsId,
    sendTo: `${googleAdsId}/${conversionLabel}`,
  }).replace(/</g, "\\u003c");
  const init = `(function(c){window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};gtag("js",new Date());gtag("config",c.id);window.gtag_report_conversion=function(url){gtag("event","conversion",{send_to:c.sendTo,event_callback:function(){if(url)window.location=url}});return false}})(${ids});`;
  return (
    <>
      <script
        async
        src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(googleAdsId)}`}
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed snippet built from our own settings */}
      <script dangerouslySetInnerHTML={{ __html: init }} />
    </>
  );
}

/**
 * Loads the islands script (app/entry.client.tsx) instead of React Router's <Scripts />: the
 * browser runs no router, so its code and the route modules never download. The entry's
 * hashed URL comes from the build manifest, as <Scripts /> would use it; the inline
 * bootstrap (app/islands/bootstrap.ts) fetches it after the first paint. The server's CSP
 * allows the inline script by its hash.
 */
function IslandScripts() {
  const manifest = useContext(FrameworkContext)?.manifest;
  if (!manifest) return null;
  const script = bootstrapScript({
    entry: manifest.entry.module,
    imports: manifest.entry.imports,
    hmrRuntime: manifest.hmr?.runtime,
  });
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own bootstrap, with the build's URLs
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // /admin pages are plain server HTML: no islands, no tracking, nothing for the browser to run.
  const admin = /^\/admin(\/|$)/.test(useLocation().pathname);
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2a3d" />
        <Meta />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, built by Vite */}
        <style dangerouslySetInnerHTML={{ __html: admin ? adminStyles : styles }} />
        <Links />
        {!admin && <AdTracking />}
      </head>
      <body>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-ink focus:shadow-lg"
        >
          Skip to content
        </a>
        {children}
        {!admin && <Island name="notices" props={{}} />}
        {!admin && <IslandScripts />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <Island
        name="console-note"
        props={{ message: notFound ? "404: no page at" : "Page error" }}
      />
      <SimpleHeader />
      <main
        id="main"
        tabIndex={-1}
        className="focus:outline-none mx-auto max-w-2xl px-4 pt-32 pb-24 text-center"
      >
        <h1 className="text-4xl font-extrabold">{notFound ? "404" : "Well, that's not ideal"}</h1>
        <p className="mt-4 text-lg">
          {notFound
            ? "Oops! Page not found"
            : "Something went wrong on our end. Give it another go, or give us a ring."}
        </p>
        <a href="/" className="mt-8 inline-block font-semibold text-action-dark underline">
          Return to Home
        </a>
      </main>
      <SiteFooter />
    </>
  );
}
