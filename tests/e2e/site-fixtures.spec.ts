// The console guard in tests/support/fixtures.ts must itself be able to fail a test: these check
// what it records, that its teardown check would see it, and what its allowances let through.
import { expect, NOT_FOUND_RESOURCE, test } from "../support/fixtures";
import { HOME_PAGE, visit } from "../support/pages";

test.beforeEach(() => {
  test.skip(test.info().project.name !== "desktop", "the guard is the same on every screen");
});

// What the guard's teardown asserts is `unexpected()` being empty (tests/support/fixtures.ts),
// so these check that each kind of error lands there. A `test.fail()` test would pass on any
// failure at all, the server being down included.
test("a console error is one the teardown fails the test for", async ({ page, browserLog }) => {
  await visit(page, HOME_PAGE.path);
  await page.evaluate(() => console.error("something broke"));
  await expect
    .poll(() => browserLog.unexpected())
    .toEqual([
      expect.stringMatching(/^console error on http:\/\/localhost:\d+\/: something broke$/),
    ]);
  browserLog.checkpoint("clearing", [/something broke/]);
});

test("an uncaught exception is one the teardown fails the test for", async ({
  page,
  browserLog,
}) => {
  await visit(page, HOME_PAGE.path);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("boom");
    }, 0);
  });
  await expect.poll(() => browserLog.unexpected()).toEqual(["uncaught Error: boom"]);
  browserLog.checkpoint("clearing", [/boom/]);
});

test("a 404 page's resource error is one too, unless allowed", async ({ page, browserLog }) => {
  const response = await page.goto("/nope");
  expect(response?.status()).toBe(404);
  await expect
    .poll(() => browserLog.unexpected())
    .toEqual([expect.stringMatching(/status of 404 \(Not Found\)$/)]);
  browserLog.checkpoint("clearing", [NOT_FOUND_RESOURCE]);
});

test("the guard records console errors and uncaught exceptions with their page", async ({
  page,
  browserLog,
}) => {
  await visit(page, HOME_PAGE.path);
  await page.evaluate(() => {
    console.error("something broke");
    setTimeout(() => {
      throw new Error("boom");
    }, 0);
  });
  await expect
    .poll(() => browserLog.unexpected())
    .toEqual([
      expect.stringMatching(/^console error on http:\/\/localhost:\d+\/: something broke$/),
      "uncaught Error: boom",
    ]);
  expect(browserLog.pageErrors).toEqual(["Error: boom"]);
  expect(() => browserLog.checkpoint("with errors")).toThrow(/something broke/);
  // The failed checkpoint left them in place; a tolerant one clears them so this test passes.
  browserLog.checkpoint("clearing", [/something broke/, /boom/]);
  expect(browserLog.unexpected()).toEqual([]);
});

test("allow() covers exactly what it matches", async ({ page, browserLog }) => {
  browserLog.allow(NOT_FOUND_RESOURCE);
  await visit(page, "/nope", 404);
  await expect
    .poll(() => browserLog.messages.filter((message) => message.type === "error").length)
    .toBe(1);
  expect(browserLog.unexpected()).toEqual([]);

  await page.evaluate(() => console.error("Failed to load resource: something else"));
  await expect.poll(() => browserLog.unexpected().length).toBe(1);
  browserLog.checkpoint("clearing", [/something else/]);
});

test.describe("with a per-describe allowance", () => {
  test.use({ allowConsoleErrors: [/^known issue/] });

  test("test.use({ allowConsoleErrors }) lets matching errors pass", async ({
    page,
    browserLog,
  }) => {
    await visit(page, HOME_PAGE.path);
    await page.evaluate(() => console.error("known issue #12"));
    await expect
      .poll(() => browserLog.messages.some((message) => message.text === "known issue #12"))
      .toBe(true);
    expect(browserLog.unexpected()).toEqual([]);
  });
});
