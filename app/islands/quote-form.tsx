import { AlertCircle, Send } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { BUSINESS, FIGURES } from "~/content/business";
import { QUOTE_FORM_COPY } from "~/content/quote-form-copy";
import { referrerHostOf } from "~/lib/attribution";
import type { QuoteActionData } from "~/lib/quote-action-data";
import {
  fieldErrorsFrom,
  isBlank,
  LIMITS,
  QUOTE_FIELDS,
  type QuoteField,
  QuoteRequestSchema,
} from "~/lib/quote-schema";
import { notify } from "./notices";
import {
  chosenPhotos,
  PhotoPicker,
  photoRefusal,
  photoSizeProblem,
  sendWithPhotos,
  UploadProgress,
} from "./photo-picker";

type FieldErrors = Partial<Record<QuoteField, string>>;

export const QUOTE_API_PATH = "/api/quote-requests";
const SUBMIT_TIMEOUT_MS = 15_000;

function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function readValues(form: HTMLFormElement): Record<QuoteField, string> {
  const data = new FormData(form);
  return Object.fromEntries(
    QUOTE_FIELDS.map((field) => [field, String(data.get(field) ?? "")]),
  ) as Record<QuoteField, string>;
}

export interface QuoteFormProps {
  /** The landing page the form sits on: its action target and the request's source page. */
  sourcePath: string;
  /** What the no-JavaScript post answered, when the page is that answer. */
  actionData?: QuoteActionData;
}

/** Fixed rather than useId(): the form is an island, hydrated apart from the page around it. */
const ID_BASE = "quote";

/**
 * A real <form method="post"> that works without JavaScript (the route action answers it).
 * Once hydrated it validates in the browser with the same schema and posts JSON to the API,
 * keeping every value if anything goes wrong.
 */
export function QuoteForm({ sourcePath, actionData }: QuoteFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(actionData?.fieldErrors ?? {});
  const [formError, setFormError] = useState<string | undefined>(actionData?.formError);
  const [uploaded, setUploaded] = useState<number | null>(null);
  // Made per form fill: retries and double clicks of the same fill store one request.
  const idempotencyKey = useRef("");
  const startedAt = useRef(0);

  useEffect(() => {
    setHydrated(true);
    // At once as well as on the next render: a submit tapped before the form woke is played
    // back right after this effect, and must meet the form's own checks, not the browser's.
    if (formRef.current) formRef.current.noValidate = true;
    idempotencyKey.current = newIdempotencyKey();
    // The fill time counts from when the page started loading, not from when this script
    // woke: a visitor may have typed for seconds before that on a slow phone.
    startedAt.current = Math.round(performance.timeOrigin);
  }, []);

  const values = actionData?.values;
  const fieldId = (field: QuoteField) => `${ID_BASE}-${field}`;
  const errorId = (field: QuoteField) => `${ID_BASE}-${field}-error`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const current = readValues(form);

    const blank = isBlank(current);
    if (blank.length > 0) {
      setFieldErrors(Object.fromEntries(blank.map((f) => [f, QUOTE_FORM_COPY.requiredFieldError])));
      notify({
        tone: "destructive",
        title: "Required fields missing",
        description: "Please fill in your name, phone number, and postcode.",
      });
      return;
    }
    const parsed = QuoteRequestSchema.safeParse(current);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFrom(parsed.error));
      setFormError(QUOTE_FORM_COPY.checkFields);
      return;
    }

    const photos = chosenPhotos(form);
    const tooBig = photoSizeProblem(photos);
    if (tooBig) {
      setFormError(tooBig);
      return;
    }

    setSubmitting(true);
    setFieldErrors({});
    setFormError(undefined);
    try {
      const honeypot = new FormData(form).get("company_website");
      const fields = {
        // The spec sends trimmed values and null for blanks; the server re-checks all of it.
        ...parsed.data,
        company_website: honeypot ? String(honeypot) : "",
        form_started_at: startedAt.current,
        source_page: sourcePath,
        // Where the visit came from (ad tags in the URL, the referring site's host only).
        page_url: window.location.href,
        referrer_host: referrerHostOf(document.referrer, window.location.host),
      };
      const response =
        photos.length > 0
          ? await sendWithPhotos(
              QUOTE_API_PATH,
              fields,
              photos,
              { "Idempotency-Key": idempotencyKey.current },
              setUploaded,
            )
          : await fetch(QUOTE_API_PATH, {
              method: "POST",
              headers: {
                "Content-Type": "application/json",
                "Idempotency-Key": idempotencyKey.current,
              },
              body: JSON.stringify(fields),
              signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
            });
      // Photos the server wouldn't take: its reason, and everything typed stays.
      const refused = await photoRefusal(response);
      if (refused) {
        setFormError(refused);
        return;
      }
      if (response.status === 201) {
        form.reset();
        idempotencyKey.current = newIdempotencyKey();
        window.location.assign("/thank-you");
        return;
      }
      if (response.status === 400) {
        const body = (await response.json().catch(() => ({}))) as { fieldErrors?: FieldErrors };
        if (body.fieldErrors && Object.keys(body.fieldErrors).length > 0) {
          setFieldErrors(body.fieldErrors);
          setFormError(QUOTE_FORM_COPY.checkFields);
          return;
        }
      }
      throw new Error(`Quote request answered ${response.status}`);
    } catch (error) {
      console.error("Quote request failed", error);
      notify({
        tone: "destructive",
        title: "Submission failed",
        description: `Please try again or call us directly at ${BUSINESS.phone}.`,
      });
    } finally {
      setSubmitting(false);
      setUploaded(null);
    }
  }

  const inputClass = (field: QuoteField) =>
    `mt-1 block w-full rounded-lg border-2 bg-white px-3 py-2.5 text-base text-ink placeholder:text-slate-500 focus:border-action focus:outline-none ${fieldErrors[field] ? "border-red-700" : "border-slate-300"}`;

  const describedBy = (field: QuoteField) => (fieldErrors[field] ? errorId(field) : undefined);

  const fieldError = (field: QuoteField) =>
    fieldErrors[field] ? (
      <p
        id={errorId(field)}
        className="mt-1 flex items-center gap-1 text-sm font-medium text-red-800"
      >
        <AlertCircle aria-hidden="true" className="h-4 w-4 shrink-0" />
        {fieldErrors[field]}
      </p>
    ) : null;

  const label = (field: QuoteField, text: string, required: boolean) => (
    <label htmlFor={fieldId(field)} className="block text-sm font-semibold text-ink">
      {text}
      {required ? (
        <>
          <span aria-hidden="true" className="text-action-dark">
            {" "}
            *
          </span>
          <span className="sr-only"> (required)</span>
        </>
      ) : (
        <span className="font-normal text-ink-soft"> (optional)</span>
      )}
    </label>
  );

  return (
    <div
      id="quote-form"
      className="scroll-mt-20 rounded-2xl bg-white p-5 text-ink shadow-2xl sm:p-7"
    >
      <h2 className="text-2xl font-extrabold tracking-tight">{QUOTE_FORM_COPY.title}</h2>
      <p className="mt-1 text-ink-soft">{QUOTE_FORM_COPY.intro(FIGURES.responseMinutes)}</p>
      <form
        ref={formRef}
        method="post"
        // Multipart, so the photos go with the form when no JavaScript runs too.
        encType="multipart/form-data"
        // The home page is an index route: React Router wants "?index" to pick its action.
        action={sourcePath === "/" ? "/?index" : sourcePath}
        noValidate={hydrated}
        onSubmit={onSubmit}
        aria-describedby={formError ? `${ID_BASE}-form-error` : undefined}
        className="mt-5 space-y-4"
      >
        {formError && (
          <div
            id={`${ID_BASE}-form-error`}
            role="alert"
            className="rounded-lg border-2 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900"
          >
            {formError}
          </div>
        )}
        <div>
          {label("name", "Name", true)}
          <input
            id={fieldId("name")}
            name="name"
            type="text"
            autoComplete="name"
            required
            maxLength={LIMITS.name}
            defaultValue={values?.name}
            placeholder="e.g. Sam Nguyen"
            aria-invalid={fieldErrors.name ? true : undefined}
            aria-describedby={describedBy("name")}
            className={inputClass("name")}
          />
          {fieldError("name")}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            {label("phone", "Phone", true)}
            <input
              id={fieldId("phone")}
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              maxLength={LIMITS.phoneChars}
              defaultValue={values?.phone}
              placeholder="e.g. 0412 345 678"
              aria-invalid={fieldErrors.phone ? true : undefined}
              aria-describedby={describedBy("phone")}
              className={inputClass("phone")}
            />
            {fieldError("phone")}
          </div>
          <div>
            {label("postcode", "Postcode", true)}
            <input
              id={fieldId("postcode")}
              name="postcode"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              pattern={`[0-9]{${LIMITS.postcode}}`}
              required
              maxLength={LIMITS.postcode}
              defaultValue={values?.postcode}
              placeholder="e.g. 3056"
              aria-invalid={fieldErrors.postcode ? true : undefined}
              aria-describedby={describedBy("postcode")}
              className={inputClass("postcode")}
            />
            {fieldError("postcode")}
          </div>
        </div>
        <div>
          {label("email", "Email", false)}
          <input
            id={fieldId("email")}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={LIMITS.email}
            defaultValue={values?.email}
            placeholder="e.g. sam@example.com"
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={describedBy("email")}
            className={inputClass("email")}
          />
          {fieldError("email")}
        </div>
        <div>
          {label("message", "What's been happening?", false)}
          <textarea
            id={fieldId("message")}
            name="message"
            rows={3}
            maxLength={LIMITS.message}
            defaultValue={values?.message}
            placeholder={QUOTE_FORM_COPY.messagePlaceholder}
            aria-invalid={fieldErrors.message ? true : undefined}
            aria-describedby={describedBy("message")}
            className={inputClass("message")}
          />
          {fieldError("message")}
        </div>
        <PhotoPicker disabled={submitting} />
        {/* Bots fill every field they find; people never see this one. */}
        <div className="hidden" aria-hidden="true">
          <label htmlFor={`${ID_BASE}-company-website`}>Leave this empty</label>
          <input
            id={`${ID_BASE}-company-website`}
            name="company_website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>
        <input type="hidden" name="source_page" value={sourcePath} />
        <Button type="submit" variant="hero" size="xl" className="w-full" disabled={submitting}>
          {submitting ? (
            "Submitting..."
          ) : (
            <>
              <Send aria-hidden="true" className="h-5 w-5" />
              {QUOTE_FORM_COPY.submit}
            </>
          )}
        </Button>
        <UploadProgress fraction={uploaded} />
        <p className="text-center text-sm text-ink-soft">{QUOTE_FORM_COPY.reassurance}</p>
      </form>
    </div>
  );
}
