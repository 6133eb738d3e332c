export const QUOTE_FORM_COPY = {
  title: "Book your free roof inspection",
  intro: (minutes: number) =>
    `Tell us what's going on up there. We'll get back to you within ${minutes} minutes (yes, really).`,
  submit: "Get My Free Quote",
  messagePlaceholder: "Drip in the hallway, tiles on the lawn, a possum with a drum kit…",
  reassurance: "No spam, no hard sell. Just a straight answer about your roof.",
  requiredFieldError: "This one's required.",
  checkFields:
    "A couple of things need fixing before we can send this. Check the fields marked below.",
  rateLimited: (phone: string) =>
    `Whoa, that's a lot of quotes from one spot. Give us a ring on ${phone} instead.`,
  keyReused:
    "That form was already used for a different request, so we didn't save this one. Please check your details and send it again.",
  notAForm: "That didn't arrive as a form we can read. Please fill it in again.",
  unavailable: (phone: string) =>
    `Submission failed. Please try again or call us directly at ${phone}.`,
} as const;
