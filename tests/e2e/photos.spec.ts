// Photos with the quote request (issue 22), against the built server: the form without and
// with JavaScript, what is stored (read back with sharp: upright, no metadata), the owner's
// view of it, and every refusal as a page or a message a person understands, typed details
// kept. The same journeys run on PostgreSQL at the end.
import type { Page } from "@playwright/test";
import BetterSqlite3 from "better-sqlite3";
import { addOwner, signInOverHttp, uniqueEmail } from "../support/admin-helpers";
import { E2E_BASE_URL, E2E_DB_FILE } from "../support/config";
import {
  createScratchPostgres,
  postgresReachable,
  REQUIRE_POSTGRES,
  type ScratchPostgres,
} from "../support/db-helpers";
import { expect, test } from "../support/fixtures";
import {
  bigFile,
  HTML_AS_JPEG,
  phonePhoto,
  pngBomb,
  readBack,
  SVG_WITH_SCRIPT,
  smallJpeg,
  transparentPng,
  webpPhoto,
} from "../support/photo-images";
import {
  fillForm,
  formValues,
  openHydrated,
  quoteForm,
  uniqueName,
} from "../support/quote-helpers";
import { type RunningServer, spawnServer } from "../support/spawn-server";

const SQLITE_URL = `file:${E2E_DB_FILE}`;
/** Chromium logs the document's own 4xx status on the console; that line is expected here. */
const DOCUMENT_4XX = /Failed to load resource: the server responded with a status of 4\d\d/;
test.use({ allowConsoleErrors: [DOCUMENT_4XX] });

interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}
const file = (buffer: Buffer, name: string, mimeType = "image/jpeg"): FilePayload => ({
  name,
  mimeType,
  buffer,
});

const photoInput = (page: Page) => quoteForm(page).form.locator('input[name="photos"]');
/** The message at the top of the form (the picker has its own beside the input). */
const formError = (page: Page) => page.locator("#quote-form-error");

interface StoredPhoto {
  token: string;
  content_type: string;
  width: number;
  height: number;
}
interface Stored {
  id: number;
  photo_count: number;
  photos: StoredPhoto[];
}

/** The lead named so, with its photos, from either database. */
type Lookup = (name: string) => Promise<Stored[]>;

function sqliteLookup(): Lookup {
  return async (name) => {
    const db = new BetterSqlite3(E2E_DB_FILE, { readonly: true });
    try {
      const leads = db
        .prepare("select id, photo_count from quote_requests where name = ? order by id")
        .all(name) as { id: number; photo_count: number }[];
      return leads.map((lead) => ({
        ...lead,
        photos: db
          .prepare(
            "select token, content_type, width, height from quote_photos where quote_request_id = ? order by position",
          )
          .all(lead.id) as StoredPhoto[],
      }));
    } finally {
      db.close();
    }
  };
}

function postgresLookup(pg: ScratchPostgres): Lookup {
  return async (name) => {
    const leads = await pg.query<{ id: string; photo_count: number }>(
      "select id, photo_count from quote_requests where name = $1 order by id",
      [name],
    );
    return Promise.all(
      leads.map(async (lead) => ({
        id: Number(lead.id),
        photo_count: lead.photo_count,
        photos: await pg.query<StoredPhoto>(
          "select token, content_type, width, height from quote_photos where quote_request_id = $1 order by position",
          [lead.id],
        ),
      })),
    );
  };
}

const FIELDS = (name: string) => ({
  name,
  phone: "0412 345 678",
  postcode: "3056",
  message: "Cracked tiles over the laundry.",
});

/** Fills the form, picks the files and posts it the browser's own way (no JavaScript). */
async function postWithoutJs(page: Page, base: string, name: string, files: FilePayload[]) {
  await page.goto(`${base}/roof-repair-brunswick`);
  await fillForm(page, FIELDS(name));
  await photoInput(page).setInputFiles(files);
  const posted = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.request().isNavigationRequest(),
  );
  await quoteForm(page).submit.click();
  const response = await posted;
  await page.waitForLoadState("domcontentloaded");
  return response;
}

/** The owner's view of a stored photo: headers, and the bytes read back. */
async function ownerFetch(base: string, databaseUrl: string, token: string, thumb = false) {
  const email = uniqueEmail("photos");
  addOwner(databaseUrl, email);
  const { cookie } = await signInOverHttp(base, email);
  const url = `${base}/admin/photos/${token}${thumb ? "?size=thumb" : ""}`;
  const anonymous = await fetch(url);
  const response = await fetch(url, { headers: { Cookie: cookie ?? "" } });
  return { anonymous, response, bytes: new Uint8Array(await response.arrayBuffer()), cookie };
}

async function expectUprightAndClean(bytes: Uint8Array, width: number, height: number) {
  const { meta, pixel } = await readBack(bytes);
  expect([meta.width, meta.height]).toEqual([width, height]);
  expect(meta.exif, "no EXIF (GPS, camera)").toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.orientation ?? 1).toBe(1);
  // The red quarter stored top left shows top right once the photo is upright.
  const [r] = await pixel(width - 100, 100);
  expect(r).toBeGreaterThan(200);
}

function journeys(
  label: string,
  setup: () => { base: string; databaseUrl: string; lookup: Lookup },
) {
  test(`${label}: without JavaScript, a photo goes with the form, upright and without GPS`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { base, databaseUrl, lookup } = setup();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const name = uniqueName("PhotoNoJs");
    await page.goto(`${base}/roof-repair-brunswick`);
    const input = photoInput(page);
    await expect(input).toHaveAttribute("multiple", "");
    await expect(input).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
    await expect(page.getByText("Photos of the damage (up to 5)")).toBeVisible();
    await expect(quoteForm(page).form).toHaveAttribute("enctype", "multipart/form-data");

    const response = await postWithoutJs(page, base, name, [
      file(await phonePhoto(), "IMG_2041.jpg"),
      file(await transparentPng(), "sketch.png", "image/png"),
    ]);
    expect(response.status()).toBe(303);
    await expect(page).toHaveURL(/\/thank-you$/);
    const [lead] = await lookup(name);
    expect(lead?.photo_count).toBe(2);
    expect(lead?.photos.map((p) => [p.content_type, p.width, p.height])).toEqual([
      ["image/jpeg", 1920, 2560],
      ["image/webp", 800, 600],
    ]);

    const token = lead?.photos[0]?.token ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const { anonymous, response: full, bytes, cookie } = await ownerFetch(base, databaseUrl, token);
    expect(anonymous.status).toBe(401);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/jpeg");
    expect(full.headers.get("x-content-type-options")).toBe("nosniff");
    expect(full.headers.get("cache-control")).toMatch(/no-store/);
    expect(full.headers.get("cache-control")).toMatch(/private/);
    await expectUprightAndClean(bytes, 1920, 2560);

    // The owner's lead page: thumbnails that open the full photo.
    const owner = await browser.newContext({ javaScriptEnabled: false });
    const [cookieName, cookieValue] = (cookie ?? "").split("=") as [string, string];
    await owner.addCookies([{ name: cookieName, value: cookieValue, url: `${base}/admin` }]);
    const leadPage = await owner.newPage();
    await leadPage.goto(`${base}/admin/leads/${lead?.id}`);
    const thumbs = leadPage.locator('section[aria-labelledby="photos-heading"] img');
    await expect(thumbs).toHaveCount(2);
    await expect(thumbs.first()).toHaveAttribute("src", `/admin/photos/${token}?size=thumb`);
    await expect(leadPage.locator(`a[href="/admin/photos/${token}"]`)).toHaveCount(1);
    expect(await thumbs.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    await leadPage.goto(`${base}/admin`);
    // The list gives the count in the lead's row.
    await expect(leadPage.locator("li", { hasText: name })).toContainText("2 photos");
    await owner.close();
    await context.close();
  });

  test(`${label}: without JavaScript, a refused file is a page saying why, typed details kept`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { base, lookup } = setup();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const jpeg = await smallJpeg();
    const cases: [string, FilePayload[], number, RegExp][] = [
      [
        "an HTML file named .jpg",
        [file(HTML_AS_JPEG, "roof.jpg")],
        400,
        /"roof\.jpg" isn't a photo/,
      ],
      [
        "an SVG with a script",
        [file(SVG_WITH_SCRIPT, "roof.svg", "image/svg+xml")],
        400,
        /"roof\.svg" isn't a photo/,
      ],
      [
        "a decompression bomb",
        [file(pngBomb(), "bomb.png", "image/png")],
        400,
        /"bomb\.png" has more pixels/,
      ],
      [
        "six photos",
        Array.from({ length: 6 }, (_, i) => file(jpeg, `${i}.jpg`)),
        413,
        /more than 5 photos/,
      ],
      ["a 30 MB photo", [file(bigFile(), "huge.jpg")], 413, /"huge\.jpg" is too big/],
    ];
    for (const [what, files, status, message] of cases) {
      const name = uniqueName("Refused");
      const response = await postWithoutJs(page, base, name, files);
      expect(response.status(), what).toBe(status);
      expect(response.headers()["cache-control"], what).toBe("no-store");
      await expect(formError(page), what).toContainText(message);
      expect(await formValues(page), what).toMatchObject(FIELDS(name));
      expect(await lookup(name), `${what}: nothing stored`).toEqual([]);
    }
    await context.close();
  });

  test(`${label}: with JavaScript, previews, remove one, progress, the same multipart post`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { base, lookup } = setup();
    const name = uniqueName("PhotoJs");
    await openHydrated(page, `${base}/roof-repair-brunswick`);
    await fillForm(page, FIELDS(name));
    await photoInput(page).setInputFiles([
      file(await phonePhoto(), "IMG_2041.jpg"),
      file(await webpPhoto(), "gutter.webp", "image/webp"),
      file(await smallJpeg(), "remove-me.jpg"),
    ]);
    const chosen = page.getByRole("list", { name: "Chosen photos" }).locator("li");
    await expect(chosen).toHaveCount(3);
    await expect(chosen.locator("img")).toHaveCount(3);
    await page.getByRole("button", { name: "Remove photo 3 (remove-me.jpg)" }).click();
    await expect(chosen).toHaveCount(2);

    // The upload is held back a little, so the progress shows while it goes.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/quote-requests", async (route) => {
      await held;
      await route.continue();
    });
    const posted = page.waitForRequest((r) => r.url().endsWith("/api/quote-requests"));
    await quoteForm(page).submit.click();
    const request = await posted;
    expect(request.headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers()["idempotency-key"]).toBeTruthy();
    await expect(page.getByText(/Sending your photos… \d+%/)).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/thank-you$/);
    const [lead] = await lookup(name);
    expect(lead?.photo_count).toBe(2);
    expect(lead?.photos.map((p) => p.content_type)).toEqual(["image/jpeg", "image/jpeg"]);
  });

  test(`${label}: with JavaScript, too many or too big is stopped before sending; the server's refusal keeps everything typed`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { base, lookup } = setup();
    const name = uniqueName("PhotoJsRefused");
    await openHydrated(page, `${base}/roof-repair-brunswick`);
    await fillForm(page, FIELDS(name));
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/quote-requests")) sent.push(r.method());
    });
    const jpeg = await smallJpeg();
    await photoInput(page).setInputFiles(
      Array.from({ length: 6 }, (_, i) => file(jpeg, `${i}.jpg`)),
    );
    await quoteForm(page).submit.click();
    await expect(formError(page)).toContainText("more than 5 photos");
    expect(sent).toEqual([]);

    await photoInput(page).setInputFiles([file(bigFile(16 * 1024 * 1024), "huge.jpg")]);
    await page.getByRole("button", { name: /Remove photo 1 \(0\.jpg\)/ }).click();
    for (let i = 1; i < 6; i++) {
      await page.getByRole("button", { name: `Remove photo 1 (${i}.jpg)` }).click();
    }
    await quoteForm(page).submit.click();
    await expect(formError(page)).toContainText('"huge.jpg" is too big');
    expect(sent).toEqual([]);

    // Past the browser's checks, refused by the server: its words, the details still there.
    await page.getByRole("button", { name: "Remove photo 1 (huge.jpg)" }).click();
    await photoInput(page).setInputFiles([file(HTML_AS_JPEG, "roof.jpg")]);
    await quoteForm(page).submit.click();
    await expect(formError(page)).toContainText(`"roof.jpg" isn't a photo`);
    expect(sent).toEqual(["POST"]);
    expect(await formValues(page)).toMatchObject(FIELDS(name));
    expect(await lookup(name)).toEqual([]);
  });
}

test.describe("photos on SQLite", () => {
  journeys("SQLite", () => ({
    base: E2E_BASE_URL,
    databaseUrl: SQLITE_URL,
    lookup: sqliteLookup(),
  }));
});

test.describe("photos on PostgreSQL", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer | undefined;
  let pg: ScratchPostgres | undefined;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    if (!(await postgresReachable())) {
      if (REQUIRE_POSTGRES) throw new Error("PostgreSQL is not reachable (REQUIRE_POSTGRES=1)");
      test.skip(true, "PostgreSQL is not reachable");
      return;
    }
    pg = await createScratchPostgres();
    server = await spawnServer({
      DATABASE_URL: pg.url,
      RATE_LIMIT_MAX: "100000",
      QUOTE_MIN_FILL_MS: "0",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await pg?.drop();
  });

  journeys("PostgreSQL", () => {
    if (!server || !pg) throw new Error("no PostgreSQL server");
    return { base: server.url, databaseUrl: pg.url, lookup: postgresLookup(pg) };
  });
});
