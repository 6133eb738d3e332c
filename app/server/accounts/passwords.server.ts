// Password hashing with scrypt from node:crypto: memory-hard, no native add-on to build, and
// the parameters travel inside each hash so they can be raised later without a migration.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { getEnvironmentData, setEnvironmentData, threadId } from "node:worker_threads";

export const MIN_PASSWORD_LENGTH = 12;
/** Longer than anyone types; keeps a hostile form post from making us hash megabytes. */
export const MAX_PASSWORD_LENGTH = 1024;

/** OWASP's scrypt floor is N=2^17, r=8, p=1 (128 MiB); about a third of a second here. */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/**
 * Each scrypt holds 128 MiB while it runs, and Node would run as many at once as its thread
 * pool has threads (4), whichever render thread asked: 40 sign-ins at once took the server
 * from 250 to 780 MB. So at most `running` hashes run in the whole process, `waiting` more
 * queue for up to `maxWaitMs`, and the rest are refused at once (the sign-in page answers 503).
 */
export const HASHING_LIMITS = { running: 2, waiting: 4, maxWaitMs: 10_000 } as const;

/** No room to hash a password now; the caller asks the visitor to try again shortly. */
export class HashingBusy extends Error {
  readonly retryAfterSeconds = 5;
  constructor() {
    super("Too many passwords are being checked at once.");
  }
}

const RUNNING = 0;
const WAITING = 1;
/** Then one cell per slot: the holding thread's id plus one, or 0 when the slot is free. */
const HOLDERS = 2;
const SLOTS_KEY = "roof-site:password-hashing-slots";

/**
 * The counters live in shared memory that every thread of the process sees: the main thread
 * loads the server bundle before it starts the render threads, and a new thread is handed the
 * starting thread's environment data, this SharedArrayBuffer included (shared, not copied).
 */
function sharedSlots(): Int32Array {
  const existing = getEnvironmentData(SLOTS_KEY);
  if (existing instanceof SharedArrayBuffer) return new Int32Array(existing);
  const buffer = new SharedArrayBuffer(
    (HOLDERS + HASHING_LIMITS.running) * Int32Array.BYTES_PER_ELEMENT,
  );
  setEnvironmentData(SLOTS_KEY, buffer);
  return new Int32Array(buffer);
}
const slots = sharedSlots();
const me = threadId + 1;

/** A free slot taken for this thread, or -1. */
function tryTakeSlot(): number {
  for (let cell = HOLDERS; cell < HOLDERS + HASHING_LIMITS.running; cell++) {
    if (Atomics.compareExchange(slots, cell, 0, me) === 0) {
      Atomics.add(slots, RUNNING, 1);
      return cell;
    }
  }
  return -1;
}

async function takeSlot(): Promise<number> {
  const taken = tryTakeSlot();
  if (taken >= 0) return taken;
  if (Atomics.add(slots, WAITING, 1) >= HASHING_LIMITS.waiting) {
    Atomics.sub(slots, WAITING, 1);
    throw new HashingBusy();
  }
  try {
    const deadline = Date.now() + HASHING_LIMITS.maxWaitMs;
    for (;;) {
      const cell = tryTakeSlot();
      if (cell >= 0) return cell;
      const left = deadline - Date.now();
      if (left <= 0) throw new HashingBusy();
      // Sleeps, without blocking this thread, until a slot is given back in any thread; looks
      // again every 50 ms whatever happens, so no missed wake-up can hold it for long.
      const seen = Atomics.load(slots, RUNNING);
      const wait = Atomics.waitAsync(slots, RUNNING, seen, Math.min(left, 50));
      if (wait.async) await wait.value;
    }
  } finally {
    Atomics.sub(slots, WAITING, 1);
  }
}

/** Frees `cell` if `holder` still has it (a slot freed for a dead thread is not freed twice). */
function freeSlot(cell: number, holder: number): void {
  if (Atomics.compareExchange(slots, cell, holder, 0) !== holder) return;
  Atomics.sub(slots, RUNNING, 1);
  Atomics.notify(slots, RUNNING);
}

/**
 * For the main thread, when a render thread has died or been terminated: the slots it held
 * are free again. A thread that dies while its hash runs never reaches its own `finally`, and
 * without this every such death would take a slot for good: two, and nobody signs in again.
 */
export function releaseHashingSlotsOf(deadThreadId: number): void {
  for (let cell = HOLDERS; cell < HOLDERS + HASHING_LIMITS.running; cell++) {
    freeSlot(cell, deadThreadId + 1);
  }
}

async function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  const cell = await takeSlot();
  try {
    return await scryptNow(password, salt, params);
  } finally {
    freeSlot(cell, me);
  }
}

function scryptNow(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
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
  if (!dummyHash) {
    const made = hashPassword(randomBytes(24).toString("base64"));
    // Refused while busy: the next sign-in makes it instead of inheriting the refusal.
    made.catch(() => {
      if (dummyHash === made) dummyHash = undefined;
    });
    dummyHash = made;
  }
  return dummyHash;
}
