// Privacy policy content for /privacy-policy. Plain text only: the page renders every string
// as text, so no HTML or markdown belongs in here. Business facts come from ./business.
import { ADDRESS_LINE, BUSINESS } from "./business";

export type PolicyBlock = { kind: "p"; text: string } | { kind: "list"; items: string[] };

export interface PolicySection {
  /** Kebab-case anchor, usable as /privacy-policy#id. */
  id: string;
  title: string;
  blocks: PolicyBlock[];
}

export interface PrivacyPolicy {
  title: string;
  /** Display form of the effective date. */
  effective: string;
  /** Display form of the last-updated date. */
  updated: string;
  sections: PolicySection[];
}

/** ISO date the policy took effect. */
export const PRIVACY_EFFECTIVE_DATE = "2025-01-01";
/** ISO date the policy was last updated. */
export const PRIVACY_UPDATED_DATE = "2025-01-01";
/** The effective date as shown on the page. */
export const PRIVACY_EFFECTIVE_DISPLAY = "1 January 2025";
/** The last-updated date as shown on the page. */
export const PRIVACY_UPDATED_DISPLAY = "1 January 2025";

/** Personal information we collect, as listed in "Information We Collect". */
export const PERSONAL_DATA_ITEMS: readonly string[] = [
  "Name",
  "Contact details (phone number, e-mail address and postal or property address)",
  "Property information (such as the property's location, roof type, condition and access)",
  "Service requirements (the problem you describe and the work you want done)",
  "Communication records (notes of calls, e-mails, messages and quote requests)",
  "Payment and billing information",
  "Insurance and warranty details",
];

/** Technical information collected when you use the website. */
export const TECHNICAL_DATA_ITEMS: readonly string[] = [
  "IP address",
  "Browser type",
  "Operating system",
  "Pages visited",
  "Referring website",
  "Cookies",
];

const name = BUSINESS.name;

const sections: PolicySection[] = [
  {
    id: "introduction",
    title: "Introduction",
    blocks: [
      {
        kind: "p",
        text: `${name} ("we", "us" or "our") repairs and maintains roofs across Melbourne. We would much rather talk about your roof than about paperwork, but you deserve a straight answer about what happens to the details you give us, so here it is.`,
      },
      {
        kind: "p",
        text: "This privacy policy explains how we collect, use, store and disclose personal information when you visit our website, request a quote, phone or e-mail us, or engage us to inspect or repair your roof. It applies to our customers, prospective customers and anyone else who deals with us.",
      },
      {
        kind: "p",
        text: "We handle personal information in accordance with the Privacy Act 1988 (Cth) and the Australian Privacy Principles. By using our website or services, you acknowledge that your information will be handled as described in this policy.",
      },
    ],
  },
  {
    id: "information-we-collect",
    title: "Information We Collect",
    blocks: [
      {
        kind: "p",
        text: "We only collect the information we reasonably need to respond to your enquiry, quote and carry out work, and run our business. Depending on how you deal with us, this may include the following personal information:",
      },
      { kind: "list", items: [...PERSONAL_DATA_ITEMS] },
      {
        kind: "p",
        text: "When you use our website, we may also collect technical information, including:",
      },
      { kind: "list", items: [...TECHNICAL_DATA_ITEMS] },
      {
        kind: "p",
        text: "We do not ask for sensitive information, such as health information or information about your racial or ethnic origin or religious beliefs. Please do not include it in messages to us.",
      },
    ],
  },
  {
    id: "how-we-collect-information",
    title: "How We Collect Information",
    blocks: [
      {
        kind: "p",
        text: "We collect personal information directly from you wherever we can, including when you:",
      },
      {
        kind: "list",
        items: [
          "Submit a quote request through the form on our website (your name, phone number, e-mail address, postcode and message)",
          "Phone, e-mail or message us",
          "Meet us on site for a roof inspection, quote or repair",
          "Pay an invoice or make a warranty or insurance-related request",
        ],
      },
      {
        kind: "p",
        text: "Quote requests sent through our website form are stored in our own database, not in a third-party form service.",
      },
      {
        kind: "p",
        text: "We may also collect information from other people with your consent or where it is reasonably necessary, for example a property manager, strata or body corporate manager, real estate agent, insurer or tenant who arranges work on your behalf, or a lead or review marketplace that passes on your enquiry.",
      },
      {
        kind: "p",
        text: "Technical information is collected automatically by your browser and our web server when you visit the website, and through cookies as described in Cookies and Tracking below.",
      },
    ],
  },
  {
    id: "how-we-use-your-information",
    title: "How We Use Your Information",
    blocks: [
      { kind: "p", text: "We use personal information to:" },
      {
        kind: "list",
        items: [
          "Respond to your enquiry and call you back about your quote request",
          "Arrange and carry out roof inspections, quotes and repairs",
          "Prepare inspection reports, including reports you may use for an insurance claim",
          "Issue invoices, process payments and keep financial records",
          "Honour warranties and handle any follow-up or re-repair work",
          "Communicate with you about your job, including scheduling and updates",
          "Improve our website, services and customer experience",
          "Measure how well our advertising works, where ad conversion tracking is enabled",
          "Meet our legal, regulatory, tax and insurance obligations",
        ],
      },
      {
        kind: "p",
        text: "We will only send you marketing messages if you have agreed to receive them or it is otherwise permitted by law, and you can opt out at any time by contacting us or using the unsubscribe option in the message.",
      },
    ],
  },
  {
    id: "sharing-your-information",
    title: "Sharing Your Information",
    blocks: [
      {
        kind: "p",
        text: "We do not sell, rent or trade your personal information. We only share it where needed for the purposes in this policy, with:",
      },
      {
        kind: "list",
        items: [
          "Our staff and licensed subcontractors who carry out or help with your job",
          "Service providers who support our business, such as website and database hosting, payment processing, accounting and IT support",
          "Your insurer, property manager, strata or body corporate manager, or other representative, where you ask us to or authorise it",
          "Our professional advisers, such as accountants, lawyers and insurers",
          "Government agencies, regulators or courts, where required or authorised by law",
        ],
      },
      {
        kind: "p",
        text: "We require the organisations we share information with to handle it only for the purpose we provide it and to protect it appropriately.",
      },
      {
        kind: "p",
        text: "Some service providers, such as Google where ad conversion tracking is enabled, may store or process information outside Australia. Where that happens, we take reasonable steps to ensure the information is handled consistently with the Australian Privacy Principles.",
      },
    ],
  },
  {
    id: "cookies-and-tracking",
    title: "Cookies and Tracking",
    blocks: [
      {
        kind: "p",
        text: "Cookies are small text files stored on your device by your browser. Our website does not need cookies for you to browse it or request a quote.",
      },
      {
        kind: "p",
        text: "We may use Google Ads conversion tracking to understand which of our ads lead to enquiries, for example when you submit a quote request or tap our phone number. This tracking only loads if we have enabled it; when it is not enabled, no advertising tracking script is loaded on the site. When it is enabled, Google may set cookies and collect technical information about your visit under its own privacy policy.",
      },
      {
        kind: "p",
        text: "You can block or delete cookies through your browser settings, and you can manage Google ad personalisation through your Google account settings. Blocking cookies will not stop you from using our website.",
      },
    ],
  },
  {
    id: "security",
    title: "Security",
    blocks: [
      {
        kind: "p",
        text: "We take reasonable steps to protect personal information from misuse, interference, loss, and unauthorised access, modification or disclosure. These steps include encrypted connections to our website, access controls that limit information to the people who need it, and secure storage of paper and electronic records.",
      },
      {
        kind: "p",
        text: "No method of sending or storing information over the internet is completely secure, so we cannot guarantee absolute security. If we become aware of a data breach that is likely to result in serious harm, we will notify you and the Office of the Australian Information Commissioner as required by the Notifiable Data Breaches scheme.",
      },
    ],
  },
  {
    id: "data-retention",
    title: "Data Retention",
    blocks: [
      {
        kind: "p",
        text: "We keep personal information only for as long as we need it for the purposes in this policy or as required by law:",
      },
      {
        kind: "list",
        items: [
          "Quote requests from our website (your details and message, any photos you send with it, the page you sent it from, the name of the website that sent you to us, and any advertising campaign tags in the page's address), with our notes and call history about them: as long as we need them to follow up your enquiry, and no longer than the retention period we set for enquiries. Ask us and we delete your request, its photos and our notes about it straight away",
          "Service and financial records (including quotes, invoices, job and warranty records): 7 years, to meet tax and legal obligations and to support warranty claims",
          "Website analytics data: up to 26 months",
        ],
      },
      {
        kind: "p",
        text: "Photos you send with a quote request are kept with that request and deleted with it. Before we store a photo we remove everything your phone or camera saved inside it, including the location where it was taken, and we keep only a smaller copy of the picture itself.",
      },
      {
        kind: "p",
        text: "When we no longer need personal information, we take reasonable steps to securely destroy it or permanently de-identify it.",
      },
    ],
  },
  {
    id: "your-rights",
    title: "Your Rights",
    blocks: [
      { kind: "p", text: "You have the right to:" },
      {
        kind: "list",
        items: [
          "Ask for access to the personal information we hold about you",
          "Ask us to correct information that is inaccurate, out of date, incomplete or misleading",
          "Opt out of marketing communications at any time",
          "Deal with us anonymously or using a pseudonym where practicable (although we will need your contact details and address to quote or carry out work)",
          "Make a complaint about how we have handled your personal information",
        ],
      },
      {
        kind: "p",
        text: "To make a request, contact us using the details in Contact Us below. We may need to verify your identity first. We will respond to your request within 30 days. If we refuse a request, we will tell you why in writing and how you can complain.",
      },
    ],
  },
  {
    id: "third-party-links",
    title: "Third-Party Links",
    blocks: [
      {
        kind: "p",
        text: "Our website links to, or can display content from, websites and services we do not control, including:",
      },
      {
        kind: "list",
        items: [
          "The third-party review marketplace where our customer reviews are verified and published",
          "OpenStreetMap, which provides our map. The map only loads when you choose to show it; until then, nothing is requested from OpenStreetMap.",
        ],
      },
      {
        kind: "p",
        text: "When you follow a link or load third-party content, that provider may collect information about you under its own privacy policy. We are not responsible for the privacy practices of other websites, so please read their policies.",
      },
    ],
  },
  {
    id: "changes-to-this-policy",
    title: "Changes to This Policy",
    blocks: [
      {
        kind: "p",
        text: `We may update this policy from time to time to reflect changes in the law, our services or how we handle information. The current version will always be published on this page with its effective date. This version took effect on ${PRIVACY_EFFECTIVE_DISPLAY} and was last updated on ${PRIVACY_UPDATED_DISPLAY}.`,
      },
    ],
  },
  {
    id: "contact-us",
    title: "Contact Us",
    blocks: [
      {
        kind: "p",
        text: "For questions about this policy, or to access or correct your personal information, please contact our Privacy Officer:",
      },
      {
        kind: "list",
        items: [
          name,
          `Phone: ${BUSINESS.phone}`,
          `E-mail: ${BUSINESS.email}`,
          `Address: ${ADDRESS_LINE}`,
        ],
      },
    ],
  },
  {
    id: "complaints",
    title: "Complaints",
    blocks: [
      {
        kind: "p",
        text: `If you believe we have breached the Australian Privacy Principles or mishandled your personal information, please contact us first on ${BUSINESS.phone} or at ${BUSINESS.email} with details of your concern. We will acknowledge your complaint, look into it and give you a response within 30 days.`,
      },
      {
        kind: "p",
        text: "If you are not satisfied with our response, or your complaint is not resolved, you can complain to the Office of the Australian Information Commissioner (OAIC): visit www.oaic.gov.au or phone 1300 363 992.",
      },
    ],
  },
  {
    id: "app-compliance",
    title: "Australian Privacy Principles (APP) Compliance",
    blocks: [
      {
        kind: "p",
        text: "We are committed to complying with the Australian Privacy Principles set out in Schedule 1 of the Privacy Act 1988 (Cth). They govern how we:",
      },
      {
        kind: "list",
        items: [
          "Manage personal information openly and transparently, including through this policy",
          "Collect only the information we need, by lawful and fair means",
          "Use and disclose information only for the purposes it was collected for, or as otherwise permitted",
          "Take care when information is disclosed outside Australia",
          "Keep information accurate, up to date and secure",
          "Give you access to your information and correct it on request",
        ],
      },
      {
        kind: "p",
        text: "More information about the Australian Privacy Principles is available from the OAIC at www.oaic.gov.au.",
      },
    ],
  },
];

export const PRIVACY_POLICY: PrivacyPolicy = {
  title: "Privacy Policy",
  effective: PRIVACY_EFFECTIVE_DISPLAY,
  updated: PRIVACY_UPDATED_DISPLAY,
  sections,
};
