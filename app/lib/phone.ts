// Phone numbers as customers type them, read by libphonenumber-js (Google's metadata, kept up
// to date by its maintainers) rather than rules of our own. Australia is the default country:
// "0412 345 678", "412 555 666", "(03) 9555 1234", "61 412 555 666" and "+61 412 345 678"
// are all one kind of number to it.
import { type PhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js/min";

function parse(typed: string): PhoneNumber | undefined {
  const text = typed.trim();
  if (!text) return undefined;
  const asTyped = parsePhoneNumberFromString(text, "AU");
  if (asTyped?.isValid()) return asTyped;
  // A country code typed without its "+" ("61 412 555 666", "44 20 7946 0958").
  const digits = text.replace(/[^\d]/g, "");
  if (!text.startsWith("+") && digits.length >= 10 && !digits.startsWith("0")) {
    const withPlus = parsePhoneNumberFromString(`+${digits}`);
    if (withPlus?.isValid()) return withPlus;
  }
  return asTyped?.isPossible() ? asTyped : undefined;
}

/** "+61412345678", or null when the text is no phone number the library recognises. */
export function phoneE164(typed: string): string | null {
  return parse(typed)?.number ?? null;
}

/** A tel: link that dials from anywhere: international form when known, else the digits. */
export function phoneTelHref(typed: string): string {
  return `tel:${phoneE164(typed) ?? typed.replace(/[^\d+]/g, "")}`;
}

/** How to show a number: "0412 345 678" for Australian ones, "+44 20 7946 0958" for others. */
export function phoneDisplay(typed: string): string {
  const phone = parse(typed);
  if (!phone) return typed.trim();
  return phone.country === "AU" ? phone.formatNational() : phone.formatInternational();
}

/**
 * How to write a number in a spreadsheet cell so it stays text without a visible quote mark:
 * "0412 345 678" (the spaces keep Excel and LibreOffice from reading it as a number and
 * dropping the 0), and for other countries the number as dialled from Australia,
 * "0011 44 20 7946 0958", since a cell starting with "+" would be read as a formula.
 */
export function phoneForSpreadsheet(typed: string): string {
  const phone = parse(typed);
  if (!phone) return typed.trim();
  if (phone.country === "AU") return phone.formatNational();
  return `0011 ${phone.formatInternational().replace(/^\+/, "")}`;
}

/**
 * The digits a search for a phone number should look for in what was stored: the national
 * significant number ("412345678"), which every way of typing the number contains, so
 * "+61 412 345 678" finds a lead stored as "0412345678". Undefined when `query` isn't a
 * phone number; partial numbers are searched as their digits by the caller.
 */
export function phoneSearchDigits(query: string): string | undefined {
  if (!/^[\d\s().+-]{6,}$/.test(query.trim())) return undefined;
  return parse(query)?.nationalNumber;
}
