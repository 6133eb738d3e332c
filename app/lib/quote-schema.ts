// The quote request's rules, shared by the browser form and the server. It ships to the
// browser, so it uses zod's tree-shakable "mini" build and no server-only imports.
import * as z from "zod/mini";

export const QUOTE_FIELDS = ["name", "phone", "email", "postcode", "message"] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];
export const REQUIRED_FIELDS = [
  "name",
  "phone",
  "postcode",
] as const satisfies readonly QuoteField[];

export const LIMITS = {
  name: 100,
  phoneChars: 40,
  phoneMinDigits: 8,
  phoneMaxDigits: 15,
  email: 254,
  postcode: 4,
  message: 2000,
} as const;

// Control characters are never typed by a person; they break CSV exports and e-mail
// headers. Lone surrogates can't be stored as UTF-8 without silently changing the text.
// Bidi controls (U+202E and friends) make a name display as something else; noncharacters
// are not text. The message may keep line breaks and tabs; one-line fields may not, and
// U+2028/U+2029 are line breaks in disguise.
const ONE_LINE_FORBIDDEN = /[\p{Cc}\p{Cs}\p{Bidi_Control}\p{Noncharacter_Code_Point}\u2028\u2029]/u;
const MULTI_LINE_FORBIDDEN =
  /(?![\t\n\r])[\p{Cc}\p{Cs}\p{Bidi_Control}\p{Noncharacter_Code_Point}]/u;
// Invisible characters that arrive by copy and paste (zero-width space, BOM, word joiner, soft
// hyphen, and in one-line fields the zero-width joiners too): dropped, so "Sam" is one name.
const ONE_LINE_INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/gu;
// The message keeps joiners: emoji sequences and some scripts need them.
const MULTI_LINE_INVISIBLE = /[\u200B\u2060\uFEFF]/gu;

// Spaces (including non-breaking ones), brackets, dots and dashes people type in numbers.
const PHONE_SEPARATORS = /[\s().\-\u2010-\u2015]/gu;
// The address goes into e-mail headers (the acknowledgement's To:, the alert's Reply-To:), so
// only a plain local@domain passes: none of the header syntax that would add a display name,
// a comment, a second recipient, a group or mailto-style ?parameters. Within that, lenient:
// the local part may use any character RFC 5322 allows unquoted but "?", letters of any
// script (internationalised addresses), and dots between (not around) its pieces; the domain
// is dot-separated DNS labels (letters of any script for IDN, digits, inner hyphens, at most
// 63 each) ending in a name of two or more characters that isn't all digits.
const LOCAL_CHAR = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=^_`{|}~-]";
const LABEL = "[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]{0,61}[\\p{L}\\p{M}\\p{N}])?";
const PLAIN_EMAIL = new RegExp(
  `^${LOCAL_CHAR}+(?:\\.${LOCAL_CHAR}+)*@(?:${LABEL}\\.)+(?=[^.]*\\p{L})(?=[^.]{2,}$)${LABEL}$`,
  "u",
);
/** A second address: a list's separators, or mailto-style parameters naming one (?cc=x@y). */
const ADDRESS_LIST = /[,;]|\?.*@/u;
/** Header syntax that wraps or annotates an address: display names, comments, quoting, groups. */
const ADDRESS_DRESSING = /[<>()":]/u;

/** The digits that count, once separators and a leading +61 (or other +) are set aside. */
function phoneCore(phone: string): { digits: string; country: "61" | "other" | null } | null {
  const compact = phone.replace(PHONE_SEPARATORS, "");
  let country: "61" | "other" | null = null;
  let rest = compact;
  if (compact.startsWith("+61")) {
    country = "61";
    rest = compact.slice(3);
  } else if (compact.startsWith("+")) {
    country = "other";
    rest = compact.slice(1);
  }
  return /^\d*$/.test(rest) ? { digits: rest, country } : null;
}

/**
 * A comparable form of a valid phone number: Australian numbers become the 10-digit
 * national form ("+61 3 5550 4321" -> "0355504321"); overseas ones keep "+" and digits.
 */
export function normalisePhone(phone: string): string {
  const core = phoneCore(phone.trim());
  if (!core) return phone.trim();
  const { digits, country } = core;
  if (country === "other") return `+${digits}`;
  if (country === "61") return digits.startsWith("0") ? digits : `0${digits}`;
  // "61 3 5550 4321" typed without the plus.
  if (digits.length === 11 && digits.startsWith("61") && !digits.startsWith("610")) {
    return `0${digits.slice(2)}`;
  }
  return digits;
}

function phoneProblem(phone: string): string | undefined {
  if (phone.length > LIMITS.phoneChars) {
    return `That phone number has too many characters — ${LIMITS.phoneChars} at most, please.`;
  }
  const core = phoneCore(phone);
  if (!core) {
    return "Phone numbers can only use digits, spaces, brackets, dashes and a leading +.";
  }
  if (core.digits.length < LIMITS.phoneMinDigits) {
    return `That phone number looks a bit short — we need at least ${LIMITS.phoneMinDigits} digits.`;
  }
  if (core.digits.length > LIMITS.phoneMaxDigits) {
    return `That phone number looks a bit long — ${LIMITS.phoneMaxDigits} digits at most, please.`;
  }
  return undefined;
}

function emailProblem(email: string): string | undefined {
  if (PLAIN_EMAIL.test(email)) return undefined;
  if (ADDRESS_LIST.test(email)) {
    return "Just one email address, please — like sam@example.com.";
  }
  if (ADDRESS_DRESSING.test(email)) {
    return "Just the address itself, please — like sam@example.com, with no name, quotes or brackets.";
  }
  return "That email address doesn't look quite right — please check it (or leave it blank).";
}

interface TextRules {
  /** Shown when the field is absent, null or blank (required fields only). */
  missing?: string;
  /** Shown when the value isn't text at all, e.g. a number sent to the JSON API. */
  notText: string;
  forbidden: RegExp;
  forbiddenMessage: string;
  /** Invisible characters removed before anything else is judged. */
  invisible: RegExp;
  /** Multi-line text: Unicode's line and paragraph separators become plain line breaks. */
  lineBreaks?: boolean;
  lowerCase?: boolean;
  /** Further checks on the trimmed, non-blank value; returns the first problem found. */
  problem?: (value: string) => string | undefined;
}

/** Trims, refuses non-text and stray control characters, then applies the field's rules. */
function text(rules: TextRules) {
  return z
    .string({ error: (issue) => (issue.input == null ? rules.missing : rules.notText) })
    .check(
      z.overwrite((value) => {
        const visible = value.replace(rules.invisible, "");
        return rules.lineBreaks ? visible.replace(/[\u2028\u2029]/g, "\n") : visible;
      }),
      // One spelling per text: "é" typed or pasted as e + accent is stored the same way.
      z.normalize("NFC"),
      z.trim(),
      ...(rules.lowerCase ? [z.toLowerCase()] : []),
      z.superRefine((value, ctx) => {
        const message =
          value === ""
            ? rules.missing
            : rules.forbidden.test(value)
              ? rules.forbiddenMessage
              : rules.problem?.(value);
        if (message) ctx.issues.push({ code: "custom", message, input: value });
      }),
    );
}

/** Optional fields: absent, null or blank all become null. */
function optionalText(rules: TextRules) {
  return z.pipe(
    z.pipe(
      z.transform((value: unknown) => value ?? ""),
      text(rules),
    ),
    // Browsers post form line breaks as CRLF and JSON as LF; store one kind.
    z.transform((value: string) => (value === "" ? null : value.replace(/\r\n?/g, "\n"))),
  );
}

const hidden = (what: string) =>
  `${what} has a hidden character we can't accept — please retype it.`;

export const QuoteRequestSchema = z.object({
  name: text({
    missing: "Please tell us your name.",
    notText: "Please type your name as plain text.",
    forbidden: ONE_LINE_FORBIDDEN,
    invisible: ONE_LINE_INVISIBLE,
    forbiddenMessage: hidden("Your name"),
    problem: (v) =>
      v.length > LIMITS.name
        ? `That's a long name! Please keep it to ${LIMITS.name} characters.`
        : undefined,
  }),
  phone: text({
    missing: "Please give us a phone number so we can call you back.",
    notText: "Please type your phone number as plain text.",
    forbidden: ONE_LINE_FORBIDDEN,
    invisible: ONE_LINE_INVISIBLE,
    forbiddenMessage: hidden("Your phone number"),
    problem: phoneProblem,
  }),
  email: optionalText({
    notText: "Please type your email address as plain text.",
    forbidden: ONE_LINE_FORBIDDEN,
    invisible: ONE_LINE_INVISIBLE,
    forbiddenMessage: hidden("Your email address"),
    lowerCase: true,
    problem: (v) =>
      v.length > LIMITS.email
        ? `That email address is too long — ${LIMITS.email} characters at most.`
        : emailProblem(v),
  }),
  postcode: text({
    missing: "Please add your postcode so we know where the roof is.",
    notText: "Please type your postcode as plain text.",
    forbidden: ONE_LINE_FORBIDDEN,
    invisible: ONE_LINE_INVISIBLE,
    forbiddenMessage: hidden("Your postcode"),
    problem: (v) =>
      v.length === LIMITS.postcode && /^\d+$/.test(v)
        ? undefined
        : `Postcodes are ${LIMITS.postcode} digits, like 3000.`,
  }),
  message: optionalText({
    notText: "Please type your message as plain text.",
    forbidden: MULTI_LINE_FORBIDDEN,
    invisible: MULTI_LINE_INVISIBLE,
    lineBreaks: true,
    forbiddenMessage: hidden("Your message"),
    problem: (v) =>
      v.length > LIMITS.message
        ? `Please keep your message under ${LIMITS.message.toLocaleString("en-AU")} characters — you can tell us the rest on the phone.`
        : undefined,
  }),
});

export type QuoteRequestInput = z.output<typeof QuoteRequestSchema>;

/** The first message for each field, ready to show beside its input. */
export function fieldErrorsFrom(error: z.core.$ZodError): Partial<Record<QuoteField, string>> {
  const errors: Partial<Record<QuoteField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (isQuoteField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

function isQuoteField(value: unknown): value is QuoteField {
  return typeof value === "string" && (QUOTE_FIELDS as readonly string[]).includes(value);
}

/** The required fields that are empty once trimmed: the "Required fields missing" check. */
export function isBlank(values: Partial<Record<QuoteField, unknown>>): QuoteField[] {
  return REQUIRED_FIELDS.filter((field) => {
    const value = values[field];
    return typeof value === "string" ? value.trim() === "" : value == null;
  });
}
