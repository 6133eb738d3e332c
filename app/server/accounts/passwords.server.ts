// Password hashing with scrypt from node:crypto: memory-hard, no native add-on to build, and
// the parameters travel inside each hash so they can be raised later without a migration.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

export const MIN_PASSWORD_LENGTH = 12;
/** Longer than anyone types; keeps a hostile form post from making us hash megabytes. */
export const MAX_PASSWORD_LENGTH = 1024;

/** OWASP's scrypt floor is N=2^17, r=8, p=1 (128 MiB); about a third of a second here. */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  const N = params.N ?? PARAMS.N;
  const r = params.r ?? PARAMS.r;
  const p = params.p ?? PARAMS.p;
  return new Promise((resolve, reject) => {
    // maxmem must exceed 128 * N * r * p or Node refuses the parameters.
    scrypt(
      password.normalize("NFC"),
      salt,
      KEY_LENGTH,
      { N, r, p, maxmem: 256 * N * r * p },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Passwords can have at most ${MAX_PASSWORD_LENGTH} characters.`;
  }
  return undefined;
}

/** "scrypt$N$r$p$salt$key", salt and key in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, PARAMS);
  return [
    "scrypt",
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString("base64"),
    key.toString("base64"),
  ].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key || password.length > MAX_PASSWORD_LENGTH) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a password nobody knows, checked when the e-mail matches no account, so that
 * a wrong e-mail costs the same time as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
export function hashForUnknownAccount(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString("base64"));
  return dummyHash;
}
