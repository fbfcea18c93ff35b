// End-to-end: dist/extension.js in both real Pi hosts composes each strategy; asserts on the system prompt Pi sent.
import { beforeAll, describe, expect, it } from "vitest";
import { AGENTS_MD, expectSamePrompt, forgePrint, forgeSuite, projectEnv, nativePrompt, onlyPrompt, overlayTail } from "./harness/forge-project.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { onlyPooledPrompt, pooledTurns } from "./harness/pooled-turns.js";
import { rpcPool } from "./harness/rpc-pool.js";

const suite = forgeSuite();

const ALPHA = "Alpha rules: name every file you read.";
const BETA = "Beta rules: finish with a one-line summary.";
const BASE = "You are a terse forge test assistant.";
// replace_final is exact bytes: no trailing newline, a tab, and non-ASCII.
const FINAL = "FINAL PROMPT\n\tline two: « exact » bytes ✓";
const MODES = {
  alpha: { label: "Alpha", strategy: "append", prompt: ALPHA },
  beta: { label: "Beta Two", strategy: "append", prompt: BETA },
  base: { label: "Base", strategy: "replace_base", prompt: BASE },
  fin: { label: "Final", strategy: "replace_final", prompt: FINAL },
} as const;
const TAIL_ALPHA = overlayTail(["alpha", "Alpha", ALPHA]);
const TAIL_BETA = overlayTail(["beta", "Beta Two", BETA]);

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: strategies", (_id, host) => {
  let env: PiEnv;
  let native: string;
  const run = (messages: string[], extraEnv?: Record<string, string>) => forgePrint(host, env, suite.server, ["--no-session", ...messages], { extraEnv });
  // A test that needs no start-up of its own (no flag, no variable) and nothing only print mode does: a new session of
  // one RPC Pi per host. The selection then comes from /mode set (the flags' own path: runtime-selection).
  const pool = rpcPool();
  const turns = (messages: string[]) => pooledTurns(pool, host, env, suite.server, messages);

  beforeAll(async () => {
    ({ env, native } = await projectEnv(suite, host, MODES));
  });

  it("nothing selected: exactly Pi's native prompt (same bytes as a run without the extension)", async () => {
    // A print run: what `pi -p` with forge loaded and nothing selected prints (stderr) is part of the claim.
    const r = await run(["hello"]);
    expectSamePrompt(onlyPrompt(r), native);
    expect(native).toContain(AGENTS_MD);
    expect(r.stderr).not.toContain("forge:");
  });

  it("append: overlays after the native prompt, in the selected order", async () => {
    expectSamePrompt(onlyPooledPrompt(await turns(["/mode set alpha beta", "hello"])), native + TAIL_ALPHA + TAIL_BETA);
    expectSamePrompt(onlyPooledPrompt(await turns(["/mode set beta alpha", "hello"])), native + TAIL_BETA + TAIL_ALPHA);
  });

  it("replace_base: the same bytes as Pi's own --system-prompt (project context and cwd kept), then the overlays", async () => {
    const piCustom = await nativePrompt(host, env, suite.server, ["--system-prompt", BASE]);
    expect(piCustom.startsWith(BASE)).toBe(true);
    expect(piCustom).toContain(AGENTS_MD);
    expect(piCustom).toContain(env.cwd);
    expectSamePrompt(onlyPooledPrompt(await turns(["/mode set base", "hello"])), piCustom);
    const withOverlay = onlyPooledPrompt(await turns(["/mode set base alpha", "hello"]));
    expectSamePrompt(withOverlay, piCustom + TAIL_ALPHA);
    expect(withOverlay).not.toContain(native.split("\n")[0]!);
  });

  it("replace_final with PI_MODE_CONFIRM_EXACT=1 at startup: exactly the configured bytes", async () => {
    expect(onlyPrompt(await run(["--mode=fin", "hello"], { PI_MODE_CONFIRM_EXACT: "1" }))).toBe(FINAL);
  });

  it("replace_final with /mode set --confirm-exact (headless): exactly the configured bytes; no overlay may join it", async () => {
    const r = await turns(["/mode set fin alpha --confirm-exact", "/mode set fin --confirm-exact", "hello"]);
    expect(onlyPooledPrompt(r)).toBe(FINAL);
    expect(r.said).toContain('forge: refused: contracts: "fin" is replace_final');
    expect(r.said).toContain("forge: active base fin (drift policy block; was Pi's native prompt)");
  });

  it("replace_final without confirmation is refused: native prompt and an error saying how to confirm", async () => {
    const flag = await run(["--mode=fin", "hello"]);
    expectSamePrompt(onlyPrompt(flag), native);
    expect(flag.stderr).toContain('forge: --mode refused: "fin" (replace_final');
    expect(flag.stderr).toContain("needs confirmation");
    const command = await run(["/mode set fin", "hello", "/mode status --json"]);
    expectSamePrompt(onlyPrompt(command), native);
    expect(command.stderr).toContain("--confirm-exact");
    expect(command.stderr).toContain("nothing changed");
  });

  it("a confirmation bound to another digest is rejected", async () => {
    const r = await run(["--mode=fin", "hello"], { PI_MODE_CONFIRM_EXACT: "000000000000" });
    expectSamePrompt(onlyPrompt(r), native);
    expect(r.stderr).toContain("confirmation was for digest 000000000000");
  });

  it("an unknown key is refused as a whole: native prompt, an error naming the key", async () => {
    const r = await run(["--mode=alpha,nope", "hello"]);
    expectSamePrompt(onlyPrompt(r), native);
    expect(r.stderr).toMatch(/forge: --mode refused: .*nope/);
  });
});
