// The team policy in the extension on the fake Pi (both host shapes): loaded from the user's forge.yaml, a managed file
// (FORGE_POLICY) or beside the extension, verified against signedBy, and applied in the one gate, the one composition
// and the activation flow; a policy that cannot be read or verified fails closed. The e2e file runs the same in real Pi.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compile, emitBundleText } from "../../compiler/compile.js";
import { loadPolicies, policyPlaces } from "../../io/policy-load.js";
import { createForgeExtension } from "../../runtime/extension.js";
import { treeOf } from "../compiler/source-tree.js";
import { FakePi, type HostFlavor } from "../support/fake-pi.js";
import type { ComponentPort, KeybindingsPort, ThemePort, TuiPort } from "../../runtime/host-adapter/ports.js";
import { newKey, signed } from "../support/signing-keys.js";

const KEY = newKey("Acme Security");
const SECURITY = "Never print secrets.";
const POLICY_SOURCES: Record<string, string> = {
  "policy.yaml":
    "requireOverlays: [security]\nedits:\n  deny: [.env]\ntools:\n  deny: [bash]\nstrategies: [append]\nbudget: { alwaysOn: 200 }\nsystemUpdates: { modelCallable: false }\n",
  "modes/security.yaml": `label: Security\ndescription: The floor.\nstrategy: append\nprompt: ${SECURITY}\n`,
};
const PROJECT: Record<string, string> = {
  "modes/alpha.yaml": "label: Alpha\ndescription: Alpha.\nstrategy: append\nprompt: Alpha text.\n",
  "modes/exact.yaml": "label: Exact\ndescription: Exact.\nstrategy: replace_final\nprompt: Exact.\n",
  "modes/long.yaml": `label: Long\ndescription: Long.\nstrategy: append\nprompt: ${"Many words here. ".repeat(60)}\n`,
  "presets/work.yaml":
    "description: Work.\noverlays: [alpha]\nsystemUpdates:\n  - id: freeze\n    name: Freeze\n    description: Fixes only.\n    modelCallable: true\n    content: Only fixes.\n",
};

let dir = "";
let agent = "";
let cwd = "";

function build(sources: Record<string, string>, scope: "library" | "global" | "project"): string {
  const result = compile(treeOf(sources), { scope, forgeVersion: "0.0.0-test" });
  if (result.bundle === null) throw new Error(JSON.stringify(result.diagnostics));
  return emitBundleText(scope === "library" ? signed(result.bundle, KEY) : result.bundle);
}

function put(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), "forge-policy-")));
  agent = join(dir, "agent");
  cwd = join(dir, "work");
  mkdirSync(cwd, { recursive: true });
  put(join(agent, "forge", "bundle.json"), build(PROJECT, "global"));
  put(join(agent, "forge", "team-policy.json"), build(POLICY_SOURCES, "library"));
  put(join(agent, "forge", "forge.yaml"), `policy: { file: team-policy.json, signedBy: [${KEY.fingerprint}] }\n`);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

function setup(host: HostFlavor, env: NodeJS.ProcessEnv = {}) {
  const pi = new FakePi({ activeTools: ["read", "bash", "edit", "write"] });
  createForgeExtension(pi, { env: { PI_CODING_AGENT_DIR: agent, ...env }, builtinFile: join(dir, "no-builtin.json"), os: "linux" });
  const ctx = pi.ctx({ cwd, host });
  return { pi, ctx, notes: () => pi.log.notes.map((n) => n.text).join("\n"), mode: (args: string) => pi.run("mode", args, ctx) };
}

describe.each(["0.73.1", "1.x"] as const)("%s: a team policy in the extension", (host) => {
  it("puts its overlay first in every prompt, with or without a selection, and /mode cannot drop it", async () => {
    const t = setup(host);
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    expect((await t.pi.runAgentStart(t.ctx, cwd)).prompt).toContain(SECURITY);
    await t.mode("set alpha");
    const { prompt } = await t.pi.runAgentStart(t.ctx, cwd);
    expect(prompt.indexOf(SECURITY)).toBeGreaterThan(-1);
    expect(prompt.indexOf(SECURITY)).toBeLessThan(prompt.indexOf("Alpha text."));
    await t.mode("-security");
    await t.mode("set security");
    expect(t.notes()).toContain('forge: refused: "security" is required by the team policy (team-policy.json, rule requireOverlays)');
    await t.mode("off");
    expect((await t.pi.runAgentStart(t.ctx, cwd)).prompt).toContain(SECURITY);
  });

  it("refuses a selection the policy forbids, naming the rule (strategies, budget); the agent may not switch blocks on", async () => {
    const t = setup(host);
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.mode("set exact --confirm-exact");
    expect(t.notes()).toContain('team policy rule strategies: mode "exact" is replace_final');
    await t.mode("set long");
    expect(t.notes()).toMatch(
      /team policy rule budget: the selection has \d+ always-on tokens \(\d+ of its own plus \d+ of the policy's overlays\), over the team policy's budget of 200/,
    );
    await t.pi.run("preset", "use work", t.ctx);
    await t.pi.runAgentStart(t.ctx, cwd);
    expect(t.pi.getActiveTools()).not.toContain("forge_system_update");
  });

  it("refuses a denied tool and an edit of a denied path at the gate with no mode selected; keeps the denied tool inactive", async () => {
    const t = setup(host);
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.runAgentStart(t.ctx, cwd);
    expect(t.pi.getActiveTools()).toEqual(["read", "edit", "write"]);
    expect((await t.pi.toolCall(t.ctx, "bash", { command: "ls" }))?.reason).toContain(
      "forge: bash refused by the team policy (rule tools.deny, team-policy.json)",
    );
    expect((await t.pi.toolCall(t.ctx, "write", { path: ".env", content: "x" }))?.reason).toContain('rule edits.deny, team-policy.json): ".env" matches .env');
    expect(await t.pi.toolCall(t.ctx, "write", { path: "src/ok.ts", content: "x" })).toBeUndefined();
  });

  it("edits.deny covers edit and write: a policy that denies only paths leaves bash on and runs it", async () => {
    put(join(agent, "forge", "team-policy.json"), build({ "policy.yaml": "edits:\n  deny: [.env]\n" }, "library"));
    const t = setup(host);
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.runAgentStart(t.ctx, cwd);
    expect(t.pi.getActiveTools()).toContain("bash");
    expect(await t.pi.toolCall(t.ctx, "bash", { command: "echo x > .env" })).toBeUndefined();
    expect((await t.pi.toolCall(t.ctx, "edit", { path: ".env", oldText: "a", newText: "b" }))?.reason).toContain("rule edits.deny");
  });

  it("fails closed when the policy does not verify: native prompt, nothing of forge, only read-only tools", async () => {
    const file = join(agent, "forge", "team-policy.json");
    const bundle = JSON.parse(readFileSync(file, "utf8"));
    bundle.policy.tools.deny = [];
    writeFileSync(file, JSON.stringify(bundle));
    const t = setup(host);
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.mode("set alpha");
    const { prompt } = await t.pi.runAgentStart(t.ctx, cwd);
    expect(prompt).not.toContain("<forge-");
    expect(t.notes()).toContain("forge: policy_refused: refused team policy team-policy.json");
    expect(t.notes()).toContain("bundleHash mismatch");
    expect((await t.pi.toolCall(t.ctx, "write", { path: "src/ok.ts", content: "x" }))?.reason).toContain("the team policy failed to verify");
    expect(await t.pi.toolCall(t.ctx, "read", { path: "src/ok.ts" })).toBeUndefined();
    expect(t.pi.getActiveTools()).toEqual(["read"]);
  });
});

describe("where policies are named", () => {
  it("a managed file (FORGE_POLICY) comes first and stays whatever the user's forge.yaml says; the system path is read too", () => {
    const managed = join(dir, "etc", "forge.yaml");
    const places = policyPlaces({ env: { FORGE_POLICY: managed }, agentDir: agent, systemFile: "/etc/pi-forge/forge.yaml" });
    expect(places).toEqual([
      { origin: "managed", file: managed, required: true },
      { origin: "managed", file: "/etc/pi-forge/forge.yaml", required: false },
      { origin: "user", file: join(agent, "forge", "forge.yaml"), required: false },
    ]);
    // A managed setting that vanished fails closed; the user's own forge.yaml without a policy removes nothing.
    put(join(agent, "forge", "forge.yaml"), "trust: host\n");
    const gone = loadPolicies({ env: { FORGE_POLICY: managed }, agentDir: agent, systemFile: join(dir, "none") });
    expect(gone.state.kind).toBe("failed");
    put(managed, `policy: { file: ../agent/forge/team-policy.json, signedBy: [${KEY.fingerprint}] }\n`);
    const kept = loadPolicies({ env: { FORGE_POLICY: managed }, agentDir: agent, systemFile: join(dir, "none") });
    expect(kept.state.kind === "ok" && kept.state.policy.sources.map((s) => s.origin)).toEqual(["managed"]);
  });

  it("a policy that is not managed is a line of the user's own forge.yaml: removing it removes the policy", () => {
    const none = { env: {}, agentDir: agent, systemFile: join(dir, "none") };
    expect(loadPolicies(none).state.kind).toBe("ok");
    put(join(agent, "forge", "forge.yaml"), "trust: host\n");
    expect(loadPolicies(none).state.kind).toBe("none");
  });

  it("a package is found beside the settings file or beside the extension; signedBy must match a valid signature", () => {
    const pkg = join(dir, "global", "node_modules", "@acme", "team-policy");
    put(join(pkg, "package.json"), JSON.stringify({ name: "@acme/team-policy", version: "3.1.0", forge: { bundle: "forge-bundle.json" } }));
    put(join(pkg, "forge-bundle.json"), readFileSync(join(agent, "forge", "team-policy.json"), "utf8"));
    const extensionFile = join(dir, "global", "node_modules", "pi-forge-modes", "dist", "extension.js");
    put(join(agent, "forge", "forge.yaml"), `policy: { package: "@acme/team-policy", signedBy: [${KEY.fingerprint}] }\n`);
    const found = loadPolicies({ env: {}, agentDir: agent, systemFile: join(dir, "none"), extensionFile });
    expect(found.state.kind === "ok" && found.state.policy.sources[0]).toMatchObject({ name: "@acme/team-policy", version: "3.1.0" });
    put(join(agent, "forge", "forge.yaml"), `policy: { package: "@acme/team-policy", signedBy: [${newKey().fingerprint}] }\n`);
    const wrongKey = loadPolicies({ env: {}, agentDir: agent, systemFile: join(dir, "none"), extensionFile });
    expect(wrongKey.state.kind === "failed" && wrongKey.state.reason).toMatch(/signedBy requires a signature by [0-9a-f]{16}, and it is signed only by/);
  });
});

describe("the trust dialog under a team policy", () => {
  it("shows the policy's additions as their own block after what the bundle holds, and says when requireSigners withholds the bundle", async () => {
    put(join(cwd, ".pi", "forge", "bundle.json"), build(PROJECT, "project"));
    const t = setup("0.73.1");
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.run("forge", "trust", t.ctx);
    // The trust dialog is a select whose first answer is No (issue 31): its title carries what it asks.
    const asked = t.ctx.log.selectTitles.join("\n");
    expect(asked).toMatch(
      /It holds:\n[^]*\nTeam policy team-policy\.json[^\n]*, its own layer over whatever this bundle holds:\n {2}requireOverlays: security/,
    );
    expect(asked).toContain("  tools.deny: bash never active, refused also when another tool calls it");
    expect(asked).not.toContain("requireSigners");

    const signers = build({ ...POLICY_SOURCES, "policy.yaml": `${POLICY_SOURCES["policy.yaml"]}requireSigners: [${KEY.fingerprint}]\n` }, "library");
    put(join(agent, "forge", "team-policy.json"), signers);
    const u = setup("0.73.1");
    await u.pi.emit("session_start", { reason: "startup" }, u.ctx);
    await u.pi.run("forge", "trust", u.ctx);
    expect(u.ctx.log.selectTitles.join("\n")).toContain(
      "This bundle is not signed by a key the policy requires (requireSigners, team-policy.json): trusting it does not turn it on.",
    );
  });

  it("in Pi's TUI, forge's own dialog draws the policy's block in its own colour, the rest not; Enter answers No", async () => {
    put(join(cwd, ".pi", "forge", "bundle.json"), build(PROJECT, "project"));
    const t = setup("0.73.1");
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    const drawn: string[][] = [];
    // The host's theme, marking each colour it is asked for; keys as the TUI sends them.
    const theme: ThemePort = { fg: (colour, text) => `<${colour}>${text}</${colour}>` };
    const keybindings: KeybindingsPort = { matches: () => false };
    const custom = <T>(factory: (tui: TuiPort, theme: ThemePort, kb: KeybindingsPort, done: (value: T) => void) => ComponentPort) =>
      new Promise<T>((resolve) => {
        const component = factory({ requestRender: () => undefined }, theme, keybindings, resolve);
        drawn.push(component.render(70));
        component.handleInput!("\r");
      });
    const ctx = t.pi.ctx({ cwd, host: "0.73.1", mode: "tui", custom });
    await t.pi.run("forge", "trust", ctx);
    const lines = drawn[0]!;
    expect(ctx.log.selectTitles).toEqual([]);
    const policyAt = lines.findIndex((l) => l.includes("Team policy team-policy.json"));
    expect(policyAt).toBeGreaterThan(0);
    // Every line of the policy's block (wrapped ones too) is in the policy's colour; no line before it is.
    const block = lines.slice(policyAt, lines.indexOf(""));
    expect(block.length).toBeGreaterThan(3);
    for (const line of block) expect(line).toMatch(/^<customMessageLabel>.*<\/customMessageLabel>$/);
    expect(block.join("\n")).toContain("tools.deny: bash never active");
    for (const line of lines.slice(0, policyAt)) expect(line).not.toContain("customMessageLabel");
    expect(lines.some((l) => l.includes("It holds:"))).toBe(true);
    for (const line of lines) expect(line.replace(/<\/?[a-zA-Z]+>/g, "").length).toBeLessThanOrEqual(70);
    // The cursor starts on No: Enter trusted nothing.
    expect(lines.find((l) => l.includes("→"))).toBe("<accent>→ No, do not trust it</accent>");
    expect(t.notes() + ctx.log.notes.map((n) => n.text).join("\n")).toContain("trust of");
    const store = join(agent, "forge", "trust.json");
    expect(existsSync(store) ? readFileSync(store, "utf8") : "").not.toContain("bundleHash");
  });
});
