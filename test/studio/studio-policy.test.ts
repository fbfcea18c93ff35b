// forge studio against a team policy (issue 34): in a real headless Chromium, the signed policy's additions are their own
// layer in their own colour (Library and Compose), each rule the sources break shows at its line on its entry, and
// Compose says whether Pi runs a selection under the policy or refuses it, naming the rule. The studio's state for
// forge.yaml's expectPolicy, and for a policy that fails verification (Pi fails closed), is checked without a browser.
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBuiltinBundle, resolveTarget } from "../../compiler/io/forge-target.js";
import { studioSources } from "../../compiler/studio/server/studio-sources.js";
import { newKey, pemOf } from "../support/signing-keys.js";
import { assertBuilt, cleanEnv, makeTempDir, REPO, removeTempDirs, runCli } from "../cli/helpers.js";
import { launchChromium, type TestBrowser } from "./chromium.js";
import { overlayTail } from "../e2e/harness/forge-project.js";
import { startStudio, type RunningStudio } from "./studio-process.js";

const KEY = newKey("Acme Security");
const POLICY = "@acme/team-policy";
// A reply from the studio server (a compile): slow on a loaded 2-core machine.
const SERVER_REPLY = { timeout: 15_000 };

let root = "";
let repo = "";
let studio: RunningStudio;
let browser: TestBrowser;
let page: Page;
const pageErrors: string[] = [];
/** Set when the browser or the studio could not start: each test then fails with it (a missing Chromium never passes). */
let setupError: unknown = null;

function check(name: string, body: () => Promise<void>): void {
  it(name, async () => {
    if (setupError !== null) throw setupError;
    await body();
  });
}

beforeAll(async () => {
  assertBuilt();
  // The fixture repository breaks each rule of the policy once (test/cli/team-policy.test.ts holds the CLI's report).
  root = makeTempDir("forge-studio-policy-");
  cpSync(join(REPO, "test", "fixtures", "team-policy"), root, { recursive: true });
  repo = join(root, "repo");
  const env = cleanEnv({ FORGE_SIGNING_KEY: `# name: ${KEY.name}\n${pemOf(KEY)}`, FORGE_NO_CACHE: "1" });
  const built = runCli(["build", "--library", "--sign"], join(root, "acme-team-policy"), env);
  expect(built.code, built.stderr).toBe(0);
  mkdirSync(join(repo, "node_modules", "@acme"), { recursive: true });
  symlinkSync(join(root, "acme-team-policy"), join(repo, "node_modules", "@acme", "team-policy"));
  try {
    studio = await startStudio(repo, ["--policy", POLICY]);
    browser = await launchChromium();
    page = await browser.context.newPage();
    page.on("pageerror", (err) => pageErrors.push(err.message));
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

/** Runs in the page: the background colours the component classes c0-c7 take, as swatches and as segments. */
const COMPONENT_COLOURS = `(() => {
  const out = [];
  for (let i = 0; i < 8; i++) for (const cls of ["swatch c" + i, "c" + i]) {
    const s = document.createElement("span"); s.className = cls; document.body.append(s);
    out.push(getComputedStyle(s).backgroundColor); s.remove();
  }
  return out;
})()`;

async function expectOwnColour(layer: string): Promise<void> {
  const components = (await page.evaluate(COMPONENT_COLOURS)) as string[];
  expect(new Set(components).size).toBeGreaterThan(8);
  // Evaluated in the page (the test itself has no DOM types).
  const style = async (selector: string, property: string) =>
    (await page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).getPropertyValue(${JSON.stringify(property)})`)) as string;
  const own = [await style(layer, "background-color"), await style(layer, "border-left-color"), await style(`${layer} .swatch.policy`, "background-color")];
  for (const colour of own) expect(components).not.toContain(colour);
  expect(await style(`${layer} .swatch.policy`, "background-color")).toBe(await style(layer, "border-left-color"));
}

describe("forge studio --policy", () => {
  check("Library: the policy is its own layer in its own colour, and each rule the sources break shows at its line", async () => {
    const layer = '#library-layers [data-testid="policy"]';
    await expect.poll(() => page.locator(layer).count(), SERVER_REPLY).toBe(1);
    const block = await text(layer);
    expect(block).toContain(`Team policy ${POLICY}`);
    expect(block).toMatch(/security Security, first in every prompt, \d+ tokens/);
    expect(block).toContain("tools.deny: bash never active, refused also when another tool calls it");
    expect(block).toContain("edits.deny: edit and write never change");
    expect(block).toContain("strategies: only append, replace_base");
    expect(block).toContain("budget: at most 60 always-on tokens in any composition");
    expect(block).toContain("systemUpdates.modelCallable: false");
    await expectOwnColour(layer);
    // The sources break only the policy: they are shown (as Pi loads them), each violation on its entry, as forge build says it.
    expect(await text("#status")).toBe(`The sources break 5 rule(s) of the team policy ${POLICY}: Pi refuses what each reaches. See Live.`);
    expect(await text('tr.entry-diagnostics[data-key="ops"]')).toMatch(/\.pi\/forge\/modes\/ops\.yaml:5:15 error policy_tool_denied/);
    expect(await text('tr.entry-diagnostics[data-key="exact"]')).toMatch(/\.pi\/forge\/modes\/exact\.yaml:3:11 error policy_strategy_forbidden/);
    expect(await text('tr.entry-diagnostics[data-key="big"]')).toContain("policy_budget_exceeded");
    expect(await text('tr.entry-diagnostics[data-key="notes"]')).not.toContain("policy_");
  });

  check("Compose: what the policy adds to a selection, the always-on total against its budget, and Pi's verdict naming the rule", async () => {
    await page.click("#tab-compose");
    const layer = '#compose-result [data-testid="policy"]';
    await page.selectOption("#compose-preset", "small");
    await expect.poll(() => text("#compose-status"), SERVER_REPLY).toContain("preset small");
    const small = await text(layer);
    expect(small).toMatch(/security Security, first in every prompt/);
    expect(small).toMatch(/Always-on tokens: \d+ of the selection \+ \d+ of the policy = \d+ \(budget 60\)/);
    expect(small).toContain("Pi runs this selection under the policy.");
    await expectOwnColour(layer);
    // The prompt below holds the policy's overlay as Pi composes it, in the layer's colour (never a component's).
    const policyText = '#compose-result .prompt-view [data-layer="policy"]';
    expect(await text(policyText)).toContain("Never print secrets or credentials.");
    const components = (await page.evaluate(COMPONENT_COLOURS)) as string[];
    const background = (await page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(policyText)})).backgroundColor`)) as string;
    expect(components).not.toContain(background);
    expect(background).toBe(await page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(layer)})).backgroundColor`));
    expect(await text('#compose-result .prompt-view [data-component="notes"]')).toContain("Write down each decision.");

    await page.selectOption("#compose-preset", "big");
    await expect.poll(() => text(layer), SERVER_REPLY).toMatch(/Refused in Pi: team policy rule budget: the selection has \d+ always-on tokens/);
    expect(await page.locator(`${layer} .refused`).count()).toBe(1);

    await page.selectOption("#compose-preset", "");
    await page.fill("#compose-modes", "exact");
    await page.click('#compose-form button[type="submit"]');
    await expect.poll(() => text(layer), SERVER_REPLY).toContain('Refused in Pi: team policy rule strategies: mode "exact" is replace_final');
    expect(pageErrors).toEqual([]);
  });

  check("keeps text contrast at 4.5:1 or more in the policy's layer", async () => {
    const low =
      (await page.evaluate(`[...document.querySelectorAll('[data-testid="policy"] *')].filter((e) => e.checkVisibility() && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== "")).map((e) => {
      const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
      const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
      const bg = (el) => { for (let x = el; x; x = x.parentElement) { const c = rgb(getComputedStyle(x).backgroundColor); if (c.length === 3 || c[3] > 0.5) return c; } return [255, 255, 255]; };
      const a = lum(rgb(getComputedStyle(e).color)), b = lum(bg(e));
      return [(Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), e.textContent.slice(0, 40)];
    }).filter(([r]) => r < 4.5)`)) as unknown[];
    expect(await page.locator('[data-testid="policy"]').count()).toBeGreaterThan(0);
    expect(low).toEqual([]);
  });
});

describe("the studio's state under a team policy", () => {
  it("composes the policy's overlays into the prompt as the runtime does, on both hosts, over a refused selection too", () => {
    const env = cleanEnv();
    const sources = studioSources(resolveTarget({ root: repo }, env, repo), env, loadBuiltinBundle(), POLICY);
    sources.refresh();
    const segments = (view: ReturnType<typeof sources.compose>) => view.prompt!.blocks.flatMap((b) => b.segments);
    const policyText = (view: ReturnType<typeof sources.compose>) =>
      segments(view)
        .filter((s) => s.layer === "policy")
        .map((s) => s.text)
        .join("");
    for (const host of ["string", "sections"] as const) {
      const small = sources.compose(["small"], host, "preset");
      expect(small.policy).toMatchObject({ status: "ok", refusal: null });
      expect(small.prompt!.attributed).toBe(true);
      // First in the prompt, before the selection's overlay, as core/policy-compose.ts puts it.
      expect(small.prompt!.text.indexOf("Never print secrets or credentials.")).toBeGreaterThan(-1);
      expect(small.prompt!.text.indexOf("Never print secrets")).toBeLessThan(small.prompt!.text.indexOf("Write down each decision."));
      expect(policyText(small)).toContain("Never print secrets or credentials.");
      expect(segments(small).find((s) => s.component === "notes")?.layer).toBeUndefined();
      // 0.73.1's string ends as test/e2e/team-policy.e2e.test.ts finds Pi's request body ending: the policy's overlay first.
      if (host === "string")
        expect(
          small.prompt!.text.endsWith(
            overlayTail(["security", "Security", "Never print secrets or credentials."], ["notes", "Notes", "Write down each decision."]),
          ),
        ).toBe(true);
      if (host === "sections") expect(small.prompt!.blocks.find((b) => b.name === "forge-security")?.segments.every((s) => s.layer === "policy")).toBe(true);
      // The repository's own "security" overlay takes the policy's key: the policy's text wins, as in Pi.
      const own = sources.compose(["security"], host, "modes");
      expect(own.prompt!.text).toContain("Never print secrets or credentials.");
      expect(own.prompt!.text).not.toContain("Be careful.");
      // A selection the policy refuses (over its budget): Pi's native prompt plus the policy's overlays, and why.
      const big = sources.compose(["big"], host, "preset");
      expect(big.policy?.refusal).toMatch(/team policy rule budget/);
      expect(big.fallbackReason).toMatch(/team policy rule budget.*using Pi's native prompt plus the team policy's overlays/);
      expect(policyText(big)).toContain("Never print secrets or credentials.");
      expect(big.prompt!.text).not.toContain("Write down each decision.");
    }
  });

  it("forge.yaml's expectPolicy names the policy shown; a policy changed after signing is shown failed (Pi fails closed)", () => {
    const env = cleanEnv();
    writeFileSync(join(repo, ".pi", "forge", "forge.yaml"), `expectPolicy:\n  package: "${POLICY}"\n  signedBy: [${KEY.fingerprint}]\n`);
    const sources = studioSources(resolveTarget({ root: repo }, env, repo), env, loadBuiltinBundle());
    sources.refresh();
    expect(sources.state().policy).toMatchObject({ name: POLICY, status: "ok", overlays: [{ key: "security", from: POLICY }] });
    expect(sources.state().library?.entries.some((e) => e.key === "ops")).toBe(true);
    expect(sources.compose(["small"], "string", "preset").policy).toMatchObject({ status: "ok", refusal: null });

    const bundle = join(root, "acme-team-policy", "forge-bundle.json");
    const tampered = JSON.parse(readFileSync(bundle, "utf8"));
    tampered.policy.tools.deny = [];
    writeFileSync(bundle, JSON.stringify(tampered));
    sources.refresh();
    const failed = sources.state().policy!;
    expect(failed).toMatchObject({ name: POLICY, status: "failed", adds: [] });
    expect(failed.problem).toContain("bundleHash mismatch");
    expect(sources.state().diagnostics.map((d) => d.code)).toEqual(["policy_invalid"]);
  });
});
