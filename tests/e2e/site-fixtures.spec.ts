// The console guard in tests/support/fixtures.ts must itself be able to fail a test. The
// `test.fail()` tests pass only if the guard turns them red; their bodies do nothing else that
// could fail. The others check what the guard records and what its allowances let through.
import { expect, NOT_FOUND_RESOURCE, test } from "../support/fixtures";
import { HOME_PAGE, visit } from "../support/pages";

test.beforeEach(() => {
  test.skip(test.info().project.name !== "desktop", "the guard is the same on every screen");
});

test("a console error fails the test", async ({ page }) => {
  test.fail();
  await visit(page, HOME_PAGE.path);
  const logged = page.waitForEvent("console");
  await page.evaluate(() => console.error("something broke"));
  await logged;
});

test("an uncaught exception fails the test", async ({ page }) => {
  test.fail();
  await visit(page, HOME_PAGE.path);
  const thrown = page.waitForEvent("pageerror");
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("boom");
    }, 0);
  });
  await thrown;
});

test("a 404 page's resource error fails the test unless allowed", async ({ page }) => {
  test.fail();
  await page.goto("/nope");
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
