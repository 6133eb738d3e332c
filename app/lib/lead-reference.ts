// A lead's short reference, e.g. "RQ-5JX2-4QF3": what the customer's acknowledgement quotes and
// what they read out on the phone. It is the lead's id in Crockford's base 32 (no I, L, O or
// U, so it survives being read aloud and typed back), so it needs no column and no lookup
// table, and the id's own rule (never handed out twice) makes it unique too.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const PREFIX = "RQ-";

export function leadReference(id: number): string {
  let n = Math.max(0, Math.floor(id));
  let code = "";
  do {
    code = ALPHABET[n % 32] + code;
    n = Math.floor(n / 32);
  } while (n > 0);
  code = code.padStart(8, "0");
  return `${PREFIX}${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The id a typed reference names ("rq-5jx2 4qf3", "5JX2-4QF3", with O for 0 and I or L for 1). */
export function idFromReference(typed: string): number | undefined {
  const text = typed.trim().toUpperCase();
  // Its prefix or its middle dash tells a reference from a word ("FOOTSCRAY" is valid base 32).
  if (!/^RQ[-\s]?|^[0-9A-Z]{4}-[0-9A-Z]{4,6}$/.test(text)) return undefined;
  const code = text
    .replace(/^RQ[-\s]?/, "")
    .replace(/[-\s]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (!/^[0-9A-HJKMNP-TV-Z]{8,10}$/.test(code)) return undefined;
  let id = 0;
  for (const char of code) id = id * 32 + ALPHABET.indexOf(char);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
