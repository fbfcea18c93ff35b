// End-to-end: a hostile checkout on both real Pi hosts. Look-alike characters edited into bundle.json, a bundle.json
// that is a FIFO or /dev/zero, and a .pi/forge symlinked out of the project: Pi starts, stays native, and says why.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  buildProject,
  expectSamePrompt,
  forgePrint,
  forgeSuite,
  nativePrompt,
  onlyPrompt,
  projectForgeDir,
  readJson,
  trustProjectIfLegacy,
} from "./harness/forge-project.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";

const suite = forgeSuite();
const TEXT = "Keep answers short; cite files.";
const KELVIN = "\u212a"; // looks like K; NFC maps it to K
const GREEK_QUESTION_MARK = "\u037e"; // looks like ;, NFC maps it to ;

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: a hostile checkout", (_id, host) => {
  let env: PiEnv;
  const fresh = (messages: string[], extraEnv?: Record<string, string>) => forgePrint(host, env, suite.server, ["--no-session", ...messages], { extraEnv });

  beforeEach(async () => {
    env = await suite.env();
  });

  it("look-alike characters edited into a trusted bundle never reach the model: the bundle is refused as not NFC", async () => {
    const file = buildProject(env.cwd, { alpha: { label: "Alpha", strategy: "append", prompt: TEXT } });
    if (host.id === "legacy") {
      // Untrusted, a selection from the environment says why it is refused and how to trust.
      const untrusted = await fresh(["hello"], { PI_MODES: '["alpha"]' });
      expect(untrusted.stderr).toContain(`forge: PI_MODES refused: mode "alpha" is in ${file}, which is not trusted; trust it first (/forge trust`);
      expect(untrusted.prompts.join("")).not.toContain(TEXT);
    }
    await trustProjectIfLegacy(host, env, suite.server);
    const native = await nativePrompt(host, env, suite.server);
    const original = readFileSync(file, "utf8");
    for (const [plain, lookAlike] of [
      ["K", KELVIN],
      [";", GREEK_QUESTION_MARK],
    ] as const) {
      const bundle = readJson(file);
      bundle.modes.alpha.prompt[0].text = TEXT.replace(plain, lookAlike);
      writeFileSync(file, JSON.stringify(bundle, null, 2));
      const run = await fresh(["--mode=alpha", "hello"]);
      const prompt = onlyPrompt(run);
      expectSamePrompt(prompt, native);
      expect(prompt).not.toContain(lookAlike);
      expect(run.stderr).toContain(`forge: bundle_refused: refused bundle ${file}: text at /modes/alpha/prompt/0/text is not in Unicode NFC`);
      writeFileSync(file, original);
    }
  });

  it("bundle.json as a FIFO or /dev/zero, and .pi/forge linked out of the project: refused with a notice, never read", async () => {
    const dir = projectForgeDir(env.cwd);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "bundle.json");
    expect(spawnSync("mkfifo", [file]).status).toBe(0);
    const fifo = await fresh(["hello"]);
    expect(fifo.prompts).toHaveLength(1);
    expect(fifo.stderr).toContain(`forge: bundle_refused: refused bundle ${file}: it is a FIFO (named pipe)`);

    rmSync(file);
    symlinkSync("/dev/zero", file);
    const zero = await fresh(["hello"]);
    expect(zero.prompts).toHaveLength(1);
    expect(zero.stderr).toContain("forge: layer_refused: refused project layer");
    expect(zero.stderr).toContain("/dev/zero, outside the project");

    // A valid bundle elsewhere on the machine, reached through a symlinked .pi/forge: even a trusted project on 1.x
    // (--approve) does not honor it.
    rmSync(join(env.cwd, ".pi"), { recursive: true });
    const elsewhere = join(env.root, "elsewhere");
    buildProject(elsewhere, { alpha: { label: "Alpha", strategy: "append", prompt: TEXT } });
    mkdirSync(join(env.cwd, ".pi"));
    symlinkSync(projectForgeDir(elsewhere), dir);
    const linked = await fresh([...(host.id === "modern" ? ["--approve"] : []), "--mode=alpha", "hello"]);
    expect(onlyPrompt(linked)).not.toContain(TEXT);
    expect(linked.stderr).toContain(`forge: layer_refused: refused project layer ${dir}: it resolves to ${projectForgeDir(elsewhere)}, outside the project`);
  });
});
