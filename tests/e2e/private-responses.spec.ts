// Every answer that carries a visitor's personal data (what they typed, their lead, the
// owner's view of it) is `Cache-Control: no-store`, so no shared cache, back-forward cache or
// proxy keeps a copy. One list, one check: a new answer of this kind belongs in ANSWERS.
import { randomBytes } from "node:crypto";
import { addOwner, sendLead, signInOverHttp, uniqueEmail } from "../support/admin-helpers";
import { scratchSqlite } from "../support/db-helpers";
import { expect, test } from "../support/fixtures";
import { type RunningServer, spawnServer } from "../support/spawn-server";

test.describe.configure({ mode: "default" });

let server: RunningServer | undefined;
let scratch: ReturnType<typeof scratchSqlite> | undefined;

test.beforeAll(async () => {
  scratch = scratchSqlite("private");
  server = await spawnServer({
    DATABASE_URL: scratch.url,
    // Low, so that the limit's own answer is in the list; each post names its own address.
    TRUST_PROXY: "1",
    RATE_LIMIT_MAX: "1",
    QUOTE_MIN_FILL_MS: "0",
  });
});

test.afterAll(async () => {
  await server?.stop();
  scratch?.remove();
});

let lastAddress = 0;
const newAddress = () => `203.0.113.${++lastAddress}`;

const marker = randomBytes(4).toString("hex");
const fields = {
  name: `Private ${marker}`,
  phone: "0412 345 678",
  email: `private-${marker}@example.com`,
  postcode: "3056",
  message: `Water through the ceiling ${marker}`,
};

interface Answer {
  label: string;
  status: number;
  cacheControl: string | null;
  body: string;
}

async function answer(
  label: string,
  path: string,
  init: RequestInit & { address?: string } = {},
): Promise<Answer> {
  if (!server) throw new Error("no server");
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-For", init.address ?? newAddress());
  if (init.method === "POST") headers.set("Origin", new URL(server.url).origin);
  const response = await fetch(new URL(path, server.url), {
    ...init,
    headers,
    redirect: "manual",
  });
  return {
    label,
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    body: await response.text(),
  };
}

const form = (values: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(values),
});
const json = (values: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(values),
});

test("every answer that holds a visitor's details is no-store", async () => {
  test.setTimeout(60_000);
  if (!server || !scratch) throw new Error("no server");
  const answers: Answer[] = [];

  // The no-JavaScript form's pages, which echo what was typed, on each kind of landing page.
  for (const path of ["/?index", "/roof-repair", "/roof-repairs", "/roof-repair-frankston"]) {
    answers.push(await answer(`no-JS form, 400 on ${path}`, path, form({ ...fields, name: "" })));
  }
  const limited = newAddress();
  await answer("first post from an address", "/roof-repair-altona", {
    ...form({ ...fields, message: `${fields.message} first` }),
    address: limited,
  });
  answers.push(
    await answer("no-JS form, 429", "/roof-repair-altona", {
      ...form({ ...fields, message: `${fields.message} second` }),
      address: limited,
    }),
  );

  // The JSON API: its answers name the lead, or repeat the fields that were wrong.
  const key = `private-${marker}`;
  const client = newAddress(); // idempotency keys are scoped to the client's address
  answers.push(
    await answer("API 201", "/api/quote-requests", {
      ...json(fields, { "Idempotency-Key": key }),
      address: client,
    }),
  );
  answers.push(
    await answer("API 409", "/api/quote-requests", {
      ...json({ ...fields, message: "other" }, { "Idempotency-Key": key }),
      address: client,
    }),
  );
  answers.push(await answer("API 400", "/api/quote-requests", json({ ...fields, phone: "" })));

  // The owner's side: the sign-in page that repeats the e-mail, and every view of a lead.
  const email = uniqueEmail("private");
  addOwner(scratch.url, email);
  answers.push(
    await answer(
      "sign-in refused",
      "/admin/login",
      form({ email, password: "not the password at all" }),
    ),
  );
  const signedIn = await signInOverHttp(server.url, email, undefined, {
    "X-Forwarded-For": newAddress(),
  });
  const cookie = signedIn.cookie ?? "";
  const id = await sendLead(server.url, { ...fields, name: `Owner view ${marker}` });
  for (const path of [
    "/admin",
    `/admin/leads/${id}`,
    "/admin?view=spam",
    "/admin/sources",
    "/admin/export.csv",
    "/admin/google-ads-conversions.csv",
  ]) {
    answers.push(await answer(`owner: ${path}`, path, { headers: { Cookie: cookie } }));
  }

  // The list is only worth something if each answer is the kind it claims to be.
  const statuses = Object.fromEntries(answers.map((a) => [a.label, a.status]));
  expect(statuses).toMatchObject({
    "no-JS form, 400 on /?index": 400,
    "no-JS form, 429": 429,
    "API 201": 201,
    "API 409": 409,
    "API 400": 400,
    "sign-in refused": 401,
    "owner: /admin": 200,
    [`owner: /admin/leads/${id}`]: 200,
    "owner: /admin/export.csv": 200,
    "owner: /admin/google-ads-conversions.csv": 200,
  });
  expect(answers.find((a) => a.label.startsWith("no-JS form, 400"))?.body).toContain(
    fields.message,
  );

  const cached = answers
    .filter((a) => !/\bno-store\b/.test(a.cacheControl ?? ""))
    .map((a) => `${a.label}: ${a.status}, Cache-Control ${a.cacheControl ?? "(none)"}`);
  expect(cached).toEqual([]);
});
