import { CalendarCheck, CheckCircle2, FileText, Phone, PhoneCall } from "lucide-react";
import { SimpleHeader } from "~/components/layout/simple-header";
import { SiteFooter } from "~/components/layout/site-footer";
import { PhoneLink } from "~/components/ui/phone-link";
import { BUSINESS, FIGURES } from "~/content/business";
import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/seo";

export const meta = () =>
  pageMeta({
    title: `Thanks, we're on it | ${BUSINESS.name}`,
    description: `Your quote request landed. Expect a call within ${FIGURES.callbackMinutes} minutes.`,
    path: "/thank-you",
    noindex: true,
  });

const NEXT_STEPS = [
  {
    icon: PhoneCall,
    title: `We call you within ${FIGURES.callbackMinutes} minutes`,
    text: "A real human, not a robot. Keep your phone handy and feel free to screen us anyway.",
  },
  {
    icon: CalendarCheck,
    title: "We book your free inspection",
    text: "At a time that suits you. Mornings, arvos, whatever works. It costs exactly $0.",
  },
  {
    icon: FileText,
    title: "You get a detailed quote with fixed pricing",
    text: "Photos of what we found, what it costs, and no surprise extras when the invoice turns up.",
  },
] as const;

export default function ThankYou() {
  return (
    <>
      <Island name="quote-conversion" props={{}} />
      <SimpleHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none bg-cream pt-16">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:py-24">
          <div className="text-center">
            <CheckCircle2 aria-hidden="true" className="mx-auto h-16 w-16 text-emerald-700" />
            <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-5xl">
              Thank You for Your Quote Request!
            </h1>
            <p className="mt-4 text-lg text-ink-soft">
              Your request is safely with us. We'll give you a call within{" "}
              <strong className="text-ink">{FIGURES.callbackMinutes} minutes</strong> to chat about
              your roof.
            </p>
          </div>
          <h2 className="mt-12 text-2xl font-bold">What happens next</h2>
          <ol className="mt-6 space-y-4">
            {NEXT_STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4 rounded-xl bg-white p-5 shadow-sm">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-ink font-bold text-white">
                  {index + 1}
                </span>
                <div>
                  {/* Icon on the first line: centred against a title still arriving, it would
                      slide down as the title wraps. */}
                  <h3 className="flex items-start gap-2 font-bold">
                    <step.icon
                      aria-hidden="true"
                      className="mt-0.5 h-5 w-5 shrink-0 text-action-dark"
                    />
                    {step.title}
                  </h3>
                  <p className="mt-1 text-ink-soft">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
            <PhoneLink variant="cta" size="lg">
              <Phone aria-hidden="true" className="h-5 w-5" />
              Call Now {BUSINESS.phone}
            </PhoneLink>
            <a href="/" className="font-semibold text-ink underline underline-offset-4">
              Back to Home
            </a>
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
