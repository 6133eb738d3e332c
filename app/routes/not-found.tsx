import { data } from "react-router";
import { SimpleHeader } from "~/components/layout/simple-header";
import { SiteFooter } from "~/components/layout/site-footer";
import { BUSINESS } from "~/content/business";
import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: `Page not found | ${BUSINESS.name}`,
    description: "That page has gone the way of a loose roof tile in a northerly.",
    path: location.pathname,
    noindex: true,
  });

export default function NotFound() {
  return (
    <>
      {/* The spec logs the path someone tried, to help spot broken links. */}
      <Island name="console-note" props={{ message: "404: no page at" }} />
      <SimpleHeader />
      <main
        id="main"
        tabIndex={-1}
        className="focus:outline-none mx-auto max-w-2xl px-4 pt-36 pb-28 text-center"
      >
        <h1 className="text-7xl font-black text-action-dark">404</h1>
        <p className="mt-4 text-2xl font-bold">Oops! Page not found</p>
        <p className="mt-3 text-ink-soft">
          This page has blown off like a loose ridge cap. The rest of the site is still watertight.
        </p>
        <a
          href="/"
          className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-ink px-5 font-semibold text-white hover:bg-ink-soft"
        >
          Return to Home
        </a>
      </main>
      <SiteFooter />
    </>
  );
}
