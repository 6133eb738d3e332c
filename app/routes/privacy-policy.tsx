import { SimpleHeader } from "~/components/layout/simple-header";
import { SiteFooter } from "~/components/layout/site-footer";
import { BUSINESS } from "~/content/business";
import { PRIVACY_POLICY } from "~/content/privacy-policy";
import { pageMeta } from "~/lib/seo";

export const meta = () =>
  pageMeta({
    title: `Privacy Policy | ${BUSINESS.name}`,
    description: `How ${BUSINESS.name} collects, uses and looks after your personal information, under the Australian Privacy Principles.`,
    path: "/privacy-policy",
  });

export default function PrivacyPolicy() {
  const policy = PRIVACY_POLICY;
  return (
    <>
      <SimpleHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none pt-16">
        <article className="mx-auto max-w-3xl px-4 py-14 sm:py-20">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{policy.title}</h1>
          <p className="mt-4 text-ink-soft">
            Effective: {policy.effective} · Last updated: {policy.updated}
          </p>
          <nav aria-label="Policy sections" className="mt-8 rounded-xl bg-cream p-5">
            <h2 className="font-bold">In this policy</h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              {policy.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="underline underline-offset-4">
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {policy.sections.map((section, index) => (
            <section key={section.id} id={section.id} className="mt-10 scroll-mt-20">
              <h2 className="text-2xl font-bold">
                {index + 1}. {section.title}
              </h2>
              {section.blocks.map((block) =>
                block.kind === "p" ? (
                  <p key={block.text} className="mt-3 leading-relaxed">
                    {block.text}
                  </p>
                ) : (
                  <ul key={block.items.join("|")} className="mt-3 list-disc space-y-1 pl-6">
                    {block.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ),
              )}
            </section>
          ))}
          <p className="mt-12">
            <a href="/" className="font-semibold text-action-dark underline underline-offset-4">
              Back Home
            </a>
          </p>
        </article>
      </main>
      <SiteFooter />
    </>
  );
}
