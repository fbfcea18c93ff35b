// End-to-end on both hosts, one RPC Pi each (issue 31, the security review's findings): a re-digested project bundle
// whose stored regex is not its glob's compilation is refused (and forge verify fails it, naming the pattern); a global
// bundle holding 64 long allowRegex entries is refused at load for its pattern cost; the global forge.yaml's trust
// written with an alias as its key reads as YAML reads it (trust: forge on 1.x); a usage of 1e308 is left out of
// /forge cost and --json with a count; `/system-update off freeze now please` and `/system-update use wrap up` are
// refused with the usage line and send nothing to the model.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ForgeBundle, Mode } from "../../generated/types.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { startRpc } from "../../scripts/demo/rpc-client.js";
import { bareEnv } from "../support/home-guard.js";
import { rehashBundle } from "../support/rehash-bundle.js";
import { forgeSync, forgeBuild, globalForgeDir, notices, projectForgeDir, rpcCommand } from "./harness/forge-project.js";
import { EXTENSIONS, updatesSuite } from "./harness/updates-session.js";

const suite = updatesSuite();

/** The review's alias form: `*a` is the key `trust`, so YAML reads `trust: forge`. */
const ALIAS_SETTING = "# forge's own trust\nx: [&a trust]\n*a : forge\n";
const DOCS = "label: Docs\ndescription: Docs only.\nstrategy: append\nprompt: Edit the docs only.\nedits:\n  deny: [secrets/**]\n";
const WIDE = 'label: Wide\ndescription: Wide.\nstrategy: append\nprompt: Wide.\nedits:\n  allowRegex: ["^src/x$"]\n';
/** 64 allowRegex entries of about 1,000 characters each, every one within the per-pattern bound. */
const LONG_REGEXES = Array.from({ length: 64 }, (_, i) => `^src/p${String(i).padStart(2, "0")}/${"(?:a|b)".repeat(140)}\\.ts$`);

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** Rewrites a bundle file with `edit` applied and every digest and the bundleHash recomputed: it verifies as built. */
function redigest(file: string, edit: (bundle: ForgeBundle) => void): void {
  const bundle = JSON.parse(readFileSync(file, "utf8")) as ForgeBundle;
  edit(bundle);
  rehashBundle(bundle);
  writeFileSync(file, `${JSON.stringify(bundle, null, 2)}\n`);
}

/** forge's CLI as someone without an agent dir runs it, or with `agentDir` as theirs. */
function cli(args: string[], cwd: string, agentDir?: string): { code: number | null; out: string } {
  const r = forgeSync([...args], {
    cwd,
    env: bareEnv({ FORGE_NO_CACHE: "1", NO_COLOR: "1", ...(agentDir === undefined ? {} : { PI_CODING_AGENT_DIR: agentDir }) }),
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout + r.stderr };
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: the security review's findings", (_id, host) => {
  it("refuses the re-digested and the 64-pattern bundles, reads the alias setting, leaves out 1e308 and refuses subcommand words", async () => {
    const env = await suite.env();
    // The project bundle: deny secrets/**, re-digested with the stored expression ^nomatch$.
    write(env.cwd, { ".pi/forge/modes/docs.yaml": DOCS });
    forgeBuild({ root: env.cwd });
    const projectFile = join(projectForgeDir(env.cwd), "bundle.json");
    redigest(projectFile, (b) => {
      (b.modes.docs as Mode).edits!.deny[0]!.regex = "^nomatch$";
    });
    const verify = cli(["verify"], env.cwd);
    expect(verify.code, verify.out).toBe(1);
    expect(verify.out).toContain('bundle_pattern_mismatch: mode "docs" edits.deny "secrets/**": it stores the expression /^nomatch$/');
    // The global bundle: 64 allowRegex entries of about 1,000 characters (the build refuses them; a hand-made bundle).
    write(env.agentDir, { "forge/modes/wide.yaml": WIDE });
    forgeBuild({ globalAgentDir: env.agentDir });
    const globalFile = join(globalForgeDir(env.agentDir), "bundle.json");
    redigest(globalFile, (b) => {
      (b.modes.wide as Mode).edits!.allow = LONG_REGEXES.map((source) => ({ kind: "regex" as const, source, regex: source }));
    });
    write(env.agentDir, { "forge/modes/wide.yaml": WIDE.replace('["^src/x$"]', JSON.stringify(LONG_REGEXES)) });
    const build = cli(["build", "--global"], env.agentDir, env.agentDir);
    expect(build.out).toContain("pattern_budget_exceeded: the bundle's path patterns cost");
    // Written last: forge build refuses its unknown key x; the runtime reads only its trust.
    write(env.agentDir, { "forge/forge.yaml": ALIAS_SETTING });

    suite.server.reset();
    const rpc = await startRpc(host, { env, args: ["--no-session"], extensions: EXTENSIONS, timeoutMs: 90_000 });
    let told: string[] = [];
    let trust = "";
    let text = "";
    let json = "";
    const refusals: string[] = [];
    let status = "";
    try {
      await rpc.waitFor((r) => r?.type === "extension_ui_request" && r.method === "notify" && String(r.message).includes("its path patterns cost"));
      trust = await rpcCommand(rpc, "/forge trust", "fix or rebuild it before trusting");
      suite.server.enqueue({ text: "ok", usage: { prompt_tokens: 1e308 } });
      await rpc.prompt("hello");
      text = await rpcCommand(rpc, "/forge cost", "forge cost:");
      json = await rpcCommand(rpc, "/forge cost --json", '"skipped"');
      refusals.push(await rpcCommand(rpc, "/system-update off freeze now please", "usage: /system-update"));
      refusals.push(await rpcCommand(rpc, "/system-update use wrap up", "usage: /system-update"));
      status = await rpcCommand(rpc, "/system-update status --json", '"active"');
      told = notices(rpc);
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    // Both bundles refused at load, each naming what it saw; nothing of theirs is offered.
    expect(told.join("\n")).toContain(
      `forge: bundle_pattern_mismatch: refused bundle ${projectFile}: mode "docs" edits.deny "secrets/**": it stores the expression /^nomatch$/, not /^secrets(?:/[\\s\\S]*)?$/, what the glob compiles to`,
    );
    expect(told.join("\n")).toMatch(
      /forge: bundle_refused: refused bundle .*forge\/bundle\.json: its path patterns cost [\d,]+, over the 4,096 one bundle may hold/,
    );
    // forge decides trust on both hosts: on 1.x because the alias setting reads as trust: forge.
    expect(trust).toContain(`refused bundle ${projectFile}`);
    expect(trust).not.toContain("this Pi decides project trust itself");
    // The usage of 1e308 is left out, counted; nothing prints as infinite or not a number, and --json holds.
    expect(text).toContain("1 usage entry was not numbers forge can count (not finite, negative or over 1,000,000,000 tokens) and is left out");
    expect(text).not.toMatch(/∞|NaN|Infinity/);
    expect(JSON.parse(json)).toMatchObject({ skipped: 1, requests: 0, tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } });
    // The two TUI inputs are refused as subcommands, never applied as instructions.
    expect(refusals[0]).toContain("/system-update off takes one id, and a subcommand is never applied as an instruction");
    expect(refusals[1]).toContain("/system-update use takes one id, and a subcommand is never applied as an instruction");
    expect(JSON.parse(status).active).toEqual([]);
    // (Pi may compact after a usage that large: a summary request, never carrying the refused words.)
    for (const request of suite.server.completions()) expect(JSON.stringify(request.body)).not.toMatch(/freeze now please|wrap up/);
  });
});
