import { data, redirect, useLocation } from "react-router";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteNav } from "~/components/layout/site-nav";
import { LandingSections } from "~/components/sections/landing-sections";
import { BUSINESS } from "~/content/business";
import { FAQS } from "~/content/landing-copy";
import { findLandingPage, LANDING_PAGES, type LandingPage } from "~/content/landing-pages";
import { QUOTE_FORM_COPY } from "~/content/quote-form-copy";
import { photoProblemMessage } from "~/lib/photo-limits";
import type { QuoteActionData } from "~/lib/quote-action-data";
import { QUOTE_FIELDS } from "~/lib/quote-schema";
import { landingPageDescription, landingPageTitle, pageMeta } from "~/lib/seo";
import { breadcrumbJsonLd, businessJsonLd, faqJsonLd } from "~/lib/structured-data";
import { photoUploadFor } from "~/server/photos/upload-context.server";
import { submitQuoteRequest } from "~/server/quotes.server";
import { clientInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/landing";

function pageFor(pathname: string): LandingPage {
  // Routes are generated from LANDING_PAGES, so a miss here means a routing bug.
  return findLandingPage(pathname) ?? (LANDING_PAGES[0] as LandingPage);
}

export const meta: Route.MetaFunction = ({ location }) => {
  const page = pageFor(location.pathname);
  return pageMeta({
    title: landingPageTitle(page),
    description: landingPageDescription(page),
    path: page.path,
    jsonLd: [
      businessJsonLd(),
      ...(page.sections.includes("faqs") ? [faqJsonLd(FAQS)] : []),
      ...(page.suburb ? [breadcrumbJsonLd(page)] : []),
    ],
  });
};

/** The page again, with what the visitor typed in it: for their eyes only, never a cache's. */
const PRIVATE = { "Cache-Control": "no-store" };

/**
 * React Router sends an action's headers on a document only through the route's `headers`
 * export (without one, only its cookies): this is what puts PRIVATE on the form's error pages.
 */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

/** The no-JavaScript path of the quote form; the JS path posts to /api/quote-requests. */
export async function action({ request, context }: Route.ActionArgs) {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    return data<QuoteActionData>(
      { formError: QUOTE_FORM_COPY.notAForm },
      { status: 415, headers: PRIVATE },
    );
  }
  // The form is multipart (it may carry photos): read as it streams, within the photo limits.
  const upload = await photoUploadFor(request, context);
  if (upload && !upload.ok) {
    const values = Object.fromEntries(QUOTE_FIELDS.map((f) => [f, upload.fields[f] ?? ""]));
    return data<QuoteActionData>(
      { values, formError: photoProblemMessage(upload.problem) },
      {
        status: upload.status,
        headers: { ...PRIVATE, ...(upload.status === 503 ? { "Retry-After": "60" } : {}) },
      },
    );
  }
  let raw: Record<string, string>;
  if (upload) raw = upload.fields;
  else {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return data<QuoteActionData>(
        { formError: QUOTE_FORM_COPY.notAForm },
        { status: 400, headers: PRIVATE },
      );
    }
    raw = Object.fromEntries(
      [...form.entries()].map(([key, value]) => [key, typeof value === "string" ? value : ""]),
    );
  }
  const client = context.get(clientInfoContext);
  const result = await submitQuoteRequest(raw, {
    ip: client.ip,
    userAgent: client.userAgent,
    sourcePage: new URL(request.url).pathname,
    idempotencyKey: typeof raw.idempotency_key === "string" ? raw.idempotency_key : null,
    // Same-origin posts send the page's full URL (with its ad tags) under our Referrer-Policy.
    pageUrl: request.headers.get("Referer"),
    ownHost: new URL(request.url).host,
    photos: upload?.photos,
    origin: new URL(request.url).origin,
  });
  if (result.ok) throw redirect("/thank-you", 303);

  const values = Object.fromEntries(QUOTE_FIELDS.map((f) => [f, String(raw[f] ?? "")]));
  if (result.status === 400) {
    return data<QuoteActionData>(
      { fieldErrors: result.fieldErrors, values, formError: QUOTE_FORM_COPY.checkFields },
      { status: 400, headers: PRIVATE },
    );
  }
  if (result.status === 429) {
    return data<QuoteActionData>(
      { values, formError: QUOTE_FORM_COPY.rateLimited(BUSINESS.phone) },
      { status: 429, headers: { ...PRIVATE, "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (result.status === 409) {
    return data<QuoteActionData>(
      { values, formError: QUOTE_FORM_COPY.keyReused },
      { status: 409, headers: PRIVATE },
    );
  }
  return data<QuoteActionData>(
    { values, formError: QUOTE_FORM_COPY.unavailable(BUSINESS.phone) },
    { status: 503, headers: PRIVATE },
  );
}

export default function Landing() {
  const page = pageFor(useLocation().pathname);
  return (
    <>
      <SiteNav sections={page.sections} />
      <main id="main" tabIndex={-1} className="focus:outline-none pt-16">
        <LandingSections page={page} />
      </main>
      <SiteFooter />
    </>
  );
}
