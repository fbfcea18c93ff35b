// forge studio in a real headless Chromium: each view's content for the fixture project checked in the DOM, the diff
// of two refs in a temp git repository, a source edit showing up live, and a broken edit showing its diagnostic while
// the last good state stays. Screenshots of every view go to test-output/studio/.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, assertBuilt, makeTempDir, removeTempDirs, runCli, writeTree } from "../cli/helpers.js";
import { launchChromium, type TestBrowser } from "./chromium.js";
import { FIXTURE, HOSTILE_FILE, projectFiles } from "./fixture-project.js";
import { git, startStudio, type RunningStudio } from "./studio-process.js";
import type { ForgeBundle } from "../../generated/types.js";

const SHOTS = join(REPO, "test-output", "studio");
/** Generous bounds for live updates on a loaded CI machine; the page itself takes a fraction of a second. */
const LIVE_TIMEOUT = 10_000;
// A reply from the studio server (a compile, or git plus two compiles for a diff): slow on a loaded 2-core machine.
const SERVER_REPLY = { timeout: 15_000 };

let root: string;
let studio: RunningStudio;
let browser: TestBrowser;
let page: Page;
const pageErrors: string[] = [];

/**
 * Runs in the page: the WCAG contrast of every visible element that holds text directly, against the first opaque
 * background behind it. Returns the elements below 4.5:1.
 */
const CONTRAST_PROBE = `(() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const background = (el) => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c.length === 3 || c[3] > 0.5) return c; } return [255, 255, 255]; };
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (!el.checkVisibility() || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== "")) continue;
    const a = lum(rgb(getComputedStyle(el).color)), b = lum(background(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) out.push(el.tagName + "." + el.className + " " + ratio.toFixed(2) + ": " + el.textContent.slice(0, 40));
  }
  return out;
})()`;

const NEW_CHECK =
  "Before you call a change done, list:\n1. the command you ran (paste its output), and its result;\n2. anything you could not verify, and why.\n";

/**
 * Set when the browser or the studio could not start. Each test then fails with it (rather than being reported as
 * skipped, as a failing beforeAll would be): a missing Chromium must never pass unnoticed.
 */
let setupError: unknown = null;

/** A test that fails with the setup error when there was one. */
function check(name: string, body: () => Promise<void>): void {
  it(name, async () => {
    if (setupError !== null) throw setupError;
    await body();
  });
}

beforeAll(async () => {
  try {
    await setUp();
  } catch (err) {
    setupError = err;
  }
});

async function setUp(): Promise<void> {
  assertBuilt();
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  // A repository with two commits: the fixture, then a changed ship-check prompt (each with its built bundle).
  root = makeTempDir("forge-studio-page-");
  writeTree(root, projectFiles());
  git(root, "init", "-q");
  expect(runCli(["build"], root).code).toBe(0);
  git(root, "add", "-A");
  git(root, "commit", "-qm", "forge sources");
  writeTree(root, { ".pi/forge/prompts/ship-check.md": NEW_CHECK });
  expect(runCli(["build"], root).code).toBe(0);
  git(root, "commit", "-qam", "ship-check asks for the output");
  studio = await startStudio(root);
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("pageerror", (err) => pageErrors.push(err.message));
  await page.goto(studio.url);
  await page.waitForSelector("body[data-generation]");
}

afterAll(async () => {
  await browser?.close();
  await studio?.stop();
  removeTempDirs();
});

/** The text of every element the selector matches, joined. */
const text = async (selector: string) => (await page.locator(selector).allInnerTexts()).join("\n");
const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

/** Nothing from the sources was ever run or parsed as markup. */
async function expectNoInjection(): Promise<void> {
  expect(await page.evaluate("window.__pwned")).toBeUndefined();
  expect(await page.locator("main img, main script, main b").count()).toBe(0);
}

describe("forge studio page", () => {
  check("Library: every layer's modes and presets, with strategy, file, digest, size, contracts and inline diagnostics", async () => {
    const focus = page.locator('tr.entry[data-key="focus"][data-scope="project"]');
    await expect.poll(() => focus.count()).toBe(1);
    const row = await focus.innerText();
    for (const part of ["mode", "append", "project", ".pi/forge/modes/focus.yaml", "chars", "tokens", "before: ship-check"]) expect(row).toContain(part);
    expect(row).toMatch(/[0-9a-f]{12}/);
    expect(await page.locator('tr.entry[data-key="audit"][data-scope="builtin"]').count()).toBe(1);
    expect(await text('tr.entry[data-key="shipping"]')).toContain("overlays focus, ship-check, review");
    expect(await text('tr.entry[data-key="shipping"]')).toContain("0 violated");
    // Each preset's always-on composition as a small chart, a bar per part, with the bundle's exact total.
    const shipping = (JSON.parse(readFileSync(join(root, ".pi/forge/bundle.json"), "utf8")) as ForgeBundle).tokens!.presets.shipping!;
    expect(await text('tr.entry[data-key="shipping"]')).toContain(`${shipping.alwaysOn} tokens`);
    expect(await page.locator('tr.entry[data-key="shipping"] .token-chart.mini .token-bar').count()).toBe(shipping.parts.length);
    // The {{date}} info is shown under the mode it is about, with file:line:col.
    expect(await text('tr.entry-diagnostics[data-key="focus"]')).toMatch(/\.pi\/forge\/modes\/focus\.yaml:5:\d+ info date_variable/);
    // Hostile label, description and file name are text.
    expect(await text('tr.entry[data-key="hostile"]')).toContain('<img src=x onerror="window.__pwned=1">');
    // Who signed the bundle on disk and whether this user trusts it, as forge explain says it.
    const trust = await text('[data-testid="trust"]');
    expect(trust).toMatch(/\.pi\/forge\/bundle\.json: bundleHash [0-9a-f]{12}, current, unsigned/);
    expect(trust).toContain("trust: not trusted by you (/forge trust in Pi)");
    await expectNoInjection();
    // A 1,400-pixel window shows every column (issue 32): the table does not scroll sideways, and a built-in mode's
    // file is named by the built-in library, not a long path into the installed package.
    await page.setViewportSize({ width: 1400, height: 900 });
    const overflow = (await page.evaluate(
      `(() => { const d = document.documentElement; const t = document.querySelector("#library-table table"); return { page: d.scrollWidth - d.clientWidth, right: Math.ceil(t.getBoundingClientRect().right), width: d.clientWidth }; })()`,
    )) as { page: number; right: number; width: number };
    expect(overflow.page).toBe(0);
    expect(overflow.right).toBeLessThanOrEqual(overflow.width);
    const builtinReview = await text('tr.entry[data-key="review"][data-scope="builtin"] td:nth-child(5)');
    expect(builtinReview).toMatch(/^pi-forge-modes@\S+ \(built in\): modes\/review\.yaml$/);
    await shot("library-1400");
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot("library");

    await page.fill("#library-search", "ship");
    await expect.poll(() => text("#library-count"), SERVER_REPLY).toMatch(/^\d+ of \d+ entries match$/);
    expect(await page.locator('tr.entry[data-key="ship-check"]').isVisible()).toBe(true);
    expect(await page.locator('tr.entry[data-key="architect"]').isVisible()).toBe(false);
    await page.fill("#library-search", "");
  });

  check("Compose: the prompt by component for Pi 0.73.1, with slots, contracts, preferences and source links", async () => {
    await page.click("#tab-compose");
    await page.selectOption("#compose-preset", "shipping");
    await expect.poll(() => text("#compose-status"), SERVER_REPLY).toContain("Composes: preset shipping");
    expect(await page.locator("table.components tbody tr").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-component")))).toEqual([
      "focus",
      "ship-check",
      "review",
    ]);
    // Each segment carries its component's colour; the built-in review links nowhere but still says where it is from.
    expect(await page.locator('.prompt [data-component="focus"]').first().getAttribute("class")).toContain("c0");
    expect(await page.locator('.prompt [data-component="ship-check"]').first().getAttribute("class")).toContain("c1");
    expect(await page.locator('.prompt [data-component="review"]').first().getAttribute("title")).toContain("pi-forge-modes@");
    expect(await page.locator(".prompt .seg.host").first().innerText()).toContain("Pi's native system prompt");
    const date = page.locator('.prompt [data-slot="date"]');
    expect(await date.getAttribute("class")).toContain("cache-sensitive");
    expect(await date.getAttribute("title")).toContain("changes once a day");
    expect(await page.locator('.prompt [data-slot="cwd"]').getAttribute("class")).not.toContain("cache-sensitive");
    expect(await text("#compose-cache")).toContain("focus uses {{date}} (daily)");
    expect(await text('table.contracts tr[data-status="held"]')).toContain("ship-check");
    const prefs = await text("#compose-preferences");
    expect(prefs).toMatch(/model\s+openai\/gpt-5 from ship-check/);
    expect(prefs).toMatch(/thinking\s+low from focus/);
    expect(prefs).toMatch(/tools\s+.*read.*from focus, ship-check/);
    expect(await text("#compose-tools")).toContain("ship-check: tools: bash, edit, read");
    // Each component's exact tokens, and the always-on composition as a chart: one bar per part, the bundle's counts.
    const counts = (JSON.parse(readFileSync(join(root, ".pi/forge/bundle.json"), "utf8")) as ForgeBundle).tokens!.presets.shipping!;
    expect(await text('table.components tr[data-component="focus"]')).toContain(`${counts.parts.find((p) => p.key === "focus")!.tokens} tokens`);
    expect(await text("#compose-tokens-total")).toContain(`${counts.alwaysOn} tokens on every request while preset shipping is active`);
    expect(await page.locator("#compose-token-chart .token-bar").count()).toBe(counts.parts.length);
    expect(await page.locator('#compose-token-chart .token-bar[data-part="overlay focus"]').getAttribute("class")).toContain("c0");
    expect(await text("#compose-tokens")).toContain("the inventory of blocks");
    expect(await text("#compose-block-tokens")).toContain(`freeze +${counts.blocks.freeze} tokens`);

    // A segment links to its source line: the dialog opens focus.yaml at the prompt's line.
    await page.locator('.prompt a[data-component="focus"][data-role="body"]').first().click();
    await expect.poll(() => page.locator("#source-dialog").getAttribute("open")).not.toBeNull();
    expect(await text("#source-title")).toBe(".pi/forge/modes/focus.yaml:5");
    expect(await text("#source-lines li.current")).toContain("Stay on the task");
    await shot("source");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("#source-dialog").getAttribute("open")).toBeNull();
    await shot("compose");
  });

  check("Compose: Pi 1.x sections, a replace_base preamble, and a refused selection", async () => {
    await page.selectOption("#compose-preset", "design");
    await page.check('input[name="compose-host"][value="sections"]');
    await expect.poll(() => page.locator("#compose-result").getAttribute("data-host")).toBe("sections");
    const sections = await page.locator(".prompt-block").evaluateAll((blocks) => blocks.map((b) => b.getAttribute("data-section")));
    expect(sections).toEqual(["preamble", "project_context", "cwd", "forge-focus"]);
    expect(await text('.prompt-block[data-section="preamble"] h4')).toContain("forge: architect");
    expect(await text('.prompt-block[data-section="forge-focus"] pre')).toMatch(/^<forge-focus>\n# Focus/);
    await shot("compose-sections");

    await page.check('input[name="compose-host"][value="string"]');
    await page.fill("#compose-modes", "ship-check");
    await page.click('#compose-form button[type="submit"]');
    await expect.poll(() => text("#compose-status"), SERVER_REPLY).toContain("Refused");
    expect(await text('table.contracts tr[data-status="violated"]')).toContain("ship-check requires focus, which is not selected");
    // Modes in order, including the hostile one: its text shows as text.
    await page.fill("#compose-modes", "focus hostile");
    await page.click('#compose-form button[type="submit"]');
    await expect.poll(() => text("#compose-status"), SERVER_REPLY).toContain("Composes: focus hostile");
    expect(await text(".prompt")).toContain("<script>window.__pwned=5</script><b>not bold</b>");
    expect(await text("table.components")).toContain(HOSTILE_FILE.slice("prompts/".length));
    await expectNoInjection();
  });

  check("Diff: HEAD against the worktree by default, and two refs side by side with the affected presets", async () => {
    await page.click("#tab-diff");
    await expect.poll(() => text("#diff-status"), SERVER_REPLY).toBe("No semantic change.");
    expect(await text("#diff-result .sides")).toContain("A: HEAD");

    await page.fill("#diff-a", "HEAD~1");
    await page.fill("#diff-b", "HEAD");
    await page.click('#diff-form button[type="submit"]');
    await expect.poll(() => text("#diff-status"), SERVER_REPLY).toContain("1 changed");
    const item = page.locator('.diff-item[data-kind="mode"][data-key="ship-check"]');
    expect(await item.getAttribute("data-change")).toBe("changed");
    expect(await item.locator("td.code.delete").innerText()).toContain("1. the command you ran to verify it, and its result;");
    expect(await item.locator("td.code.insert").innerText()).toContain("1. the command you ran (paste its output), and its result;");
    expect(await text("#diff-affected")).toContain("preset shipping: affected by mode ship-check (changed)");
    // The token deltas, as forge diff prints them, from the two commits' bundles.
    const [was, now] = ["HEAD~1", "HEAD"].map(
      (ref) => (JSON.parse(git(root, "show", `${ref}:.pi/forge/bundle.json`)) as ForgeBundle).tokens!.presets.shipping!.alwaysOn,
    );
    expect(await text('#diff-tokens li[data-kind="preset"][data-key="shipping"]')).toBe(
      `preset shipping: +${now! - was!} token${now! - was! === 1 ? "" : "s"} always-on (${was} -> ${now})`,
    );
    expect(await text('#diff-tokens li[data-kind="mode"][data-key="ship-check"]')).toMatch(/^mode ship-check: \+\d+ tokens? \(\d+ -> \d+\)$/);
    await shot("diff");
  });

  check("Live: a saved edit shows up in every view", async () => {
    await page.click("#tab-compose");
    await page.fill("#compose-modes", "");
    await page.selectOption("#compose-preset", "shipping");
    await expect.poll(() => text("#compose-status"), SERVER_REPLY).toContain("preset shipping");
    const before = Number(await page.locator("body").getAttribute("data-generation"));
    const digest = await page.locator('tr.entry[data-key="focus"] code[title]').getAttribute("title");
    writeTree(root, {
      ".pi/forge/modes/focus.yaml": FIXTURE["modes/focus.yaml"]!.replace("Stay on the task in front of you", "Stay on the one task in front of you"),
    });
    await expect.poll(() => text(".prompt"), { timeout: LIVE_TIMEOUT }).toContain("Stay on the one task in front of you");
    await expect.poll(async () => Number(await page.locator("body").getAttribute("data-generation")), SERVER_REPLY).toBeGreaterThan(before);
    expect(await page.locator('tr.entry[data-key="focus"] code[title]').getAttribute("title")).not.toBe(digest);
    // The default diff (HEAD against the worktree) now has the edit too.
    await page.click("#tab-diff");
    await page.fill("#diff-a", "");
    await page.fill("#diff-b", "");
    await page.click('#diff-form button[type="submit"]');
    await expect.poll(() => page.locator('.diff-item[data-key="focus"] td.code.insert').innerText(), SERVER_REPLY).toContain("Stay on the one task");
    await page.click("#tab-live");
    expect(await text("#live-events")).toMatch(/ok: 5 mode\(s\), 2 preset\(s\)/);
    await shot("live");
  });

  check("Live: a broken edit shows its diagnostic with file:line and keeps the last good state", async () => {
    await page.click("#tab-live");
    writeTree(root, { ".pi/forge/modes/ship-check.yaml": "label: Ship check\nstrategy: [oops\n" });
    await expect.poll(() => page.locator("#status").getAttribute("class"), { timeout: LIVE_TIMEOUT }).toContain("errors");
    expect(await text("#live-status")).toContain("showing the last good state");
    expect(await text("#live-diagnostics")).toMatch(/\.pi\/forge\/modes\/ship-check\.yaml:\d+:\d+ error \w+/);
    // Its code frame shows the broken source around the line it points at.
    expect(await text("#live-diagnostics li.diagnostic.error .frame")).toContain("strategy: [oops");
    expect(await page.locator("#live-diagnostics li.diagnostic.error .frame-line.marked").count()).toBeGreaterThan(0);
    await shot("live-broken");
    // The library and compose views keep the last good state, with the diagnostic on the broken entry.
    await page.click("#tab-library");
    expect(await text('tr.entry-diagnostics[data-key="ship-check"]')).toContain(".pi/forge/modes/ship-check.yaml:");
    expect(await page.locator('tr.entry[data-key="focus"]').count()).toBe(1);
    await page.click("#tab-compose");
    expect(await text(".prompt")).toContain("Before you call a change done");

    // A hostile file name in a diagnostic is text too.
    const hostile = ".pi/forge/modes/<img src=x onerror=window.__pwned=4>.yaml";
    writeTree(root, { [hostile]: "label: x\n" });
    await page.click("#tab-live");
    await expect.poll(() => text("#live-diagnostics"), { timeout: LIVE_TIMEOUT }).toContain("<img src=x onerror=window.__pwned=4>.yaml");
    await expectNoInjection();
    rmSync(join(root, hostile));
    writeTree(root, { ".pi/forge/modes/ship-check.yaml": FIXTURE["modes/ship-check.yaml"]! });
    await expect.poll(() => page.locator("#status").getAttribute("class"), { timeout: LIVE_TIMEOUT }).toContain("ok");
    expect(pageErrors).toEqual([]);
  });

  check("works from the keyboard: arrow keys move between the tabs", async () => {
    await page.focus("#tab-library");
    await page.click("#tab-library");
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate("document.activeElement?.id")).toBe("tab-compose");
    expect(await page.locator("#panel-compose").isVisible()).toBe(true);
    await page.keyboard.press("End");
    expect(await page.evaluate("document.activeElement?.id")).toBe("tab-live");
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate("document.activeElement?.id")).toBe("tab-library");
    // Every form control has a label.
    // Evaluated in the page (the test itself has no DOM types).
    const unlabelled = await page.evaluate(
      '[...document.querySelectorAll("input, select")].filter((e) => e.labels.length === 0 && !e.getAttribute("aria-label")).map((e) => e.id)',
    );
    expect(unlabelled).toEqual([]);
  });

  check("keeps text contrast at 4.5:1 or more in every view", async () => {
    const low: string[] = [];
    for (const view of ["library", "compose", "diff", "live"]) {
      await page.click(`#tab-${view}`);
      low.push(...((await page.evaluate(CONTRAST_PROBE)) as string[]).map((l) => `${view}: ${l}`));
    }
    expect(low).toEqual([]);
  });
});
