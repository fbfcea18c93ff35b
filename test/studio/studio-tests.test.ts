// forge studio's Tests view in a real headless Chromium: each test's status per host, the failures of a failing test,
// and a failing snapshot's diff (with the token change) opened in a dialog; an edit re-runs the tests live.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, makeTempDir, removeTempDirs, runCli } from "../cli/helpers.js";
import { writeFixture } from "../support/forge-test-fixture.js";
import { launchChromium, type TestBrowser } from "./chromium.js";
import { startStudio, type RunningStudio } from "./studio-process.js";

const TESTS = `tests:
  - name: shipping-prompt
    preset: shipping
    assert: { snapshot: true }
  - name: docs-tools
    preset: docs
    assert: { tools: { includes: [bash] } }
`;
const SERVER_REPLY = { timeout: 15_000 };

let root: string;
let studio: RunningStudio;
let browser: TestBrowser;
let page: Page;
let setupError: unknown = null;

beforeAll(async () => {
  try {
    assertBuilt();
    root = makeTempDir("forge-studio-tests-");
    writeFixture(root, { "tests/prompts.yaml": TESTS });
    expect(runCli(["test", "--update"], root).code).toBe(1);
    // The reviewed snapshot, then an edit of the partial it includes: its prompt no longer matches.
    writeFileSync(join(root, ".pi/forge/partials/house-style.md"), "Answer in plain sentences; cite the files you read.\n");
    studio = await startStudio(root);
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.goto(studio.url);
    await page.waitForSelector("body[data-generation]");
  } catch (err) {
    setupError = err;
  }
});

afterAll(async () => {
  await browser?.close();
  await studio?.stop();
  removeTempDirs();
});

const text = async (selector: string) => (await page.locator(selector).allInnerTexts()).join("\n");

describe("forge studio Tests view", () => {
  it("shows each test's status on each host and a failing test's failures", async () => {
    if (setupError !== null) throw setupError;
    await page.click("#tab-tests");
    await expect.poll(() => page.locator("tr.test-row").count(), SERVER_REPLY).toBe(4);
    expect(await text("#tests-status")).toBe("0 passed, 4 failed");
    const docs = page.locator('tr.test-row[data-test="docs-tools"][data-host="pi-1"]');
    expect(await docs.getAttribute("data-status")).toBe("failed");
    expect(await docs.innerText()).toContain("tools: expected bash among them (tools: read, edit, write, grep)");
    expect(await docs.innerText()).toContain(".pi/forge/tests/prompts.yaml:5");
    expect(await page.locator('tr.test-row[data-test="docs-tools"] button').count()).toBe(0);
  });

  it("opens a failing snapshot's unified diff with the token change", async () => {
    if (setupError !== null) throw setupError;
    await page.click('tr.test-row[data-test="shipping-prompt"][data-host="pi-1"] button');
    const dialog = page.locator("#test-diff-dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await text("#test-diff-title")).toBe("shipping-prompt on pi-1: .pi/forge/tests/prompts.snap/shipping-prompt.pi-1.txt");
    expect(await text("#test-diff-tokens")).toMatch(/^Tokens: \+\d+ tokens? \(\d+ -> \d+\)$/);
    const diff = await text("#test-diff-text");
    expect(diff).toContain("-Stay on the task in front of you in {{cwd}}. Answer in plain sentences; no preamble.");
    expect(diff).toContain("+Stay on the task in front of you in {{cwd}}. Answer in plain sentences; cite the files you read.");
    expect(await page.locator("#test-diff-text .insert").count()).toBe(1);
    await page.click("#test-diff-close");
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it("re-runs the tests after an edit of the sources", async () => {
    if (setupError !== null) throw setupError;
    writeFileSync(join(root, ".pi/forge/partials/house-style.md"), "Answer in plain sentences; no preamble.\n");
    await expect.poll(() => text("#tests-status"), SERVER_REPLY).toBe("2 passed, 2 failed");
    expect(await page.locator('tr.test-row[data-test="shipping-prompt"][data-status="passed"]').count()).toBe(2);
  });
});
