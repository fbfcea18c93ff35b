// End-to-end in both real Pi hosts: authoring inside Pi (/mode new then edit headless, your own edit of an active mode
// re-pinned, not drift; the editor and an active /mode delete with its question over RPC), a preset exported in one
// project and imported in another, and a session written with pi-modes entries resumed under forge.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildProject,
  expectSamePrompt,
  FORGE_EXTENSION,
  forgePrint,
  forgeSuite,
  lastStatus,
  nativePrompt,
  onlyPrompt,
  overlayTail,
  projectEnv,
  rpcCommand,
  rpcStatus,
  seedProjectTrust,
} from "./harness/forge-project.js";
import { systemPromptOf } from "../../scripts/demo/fake-server.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS, REPO_ROOT } from "../../scripts/demo/pi-host.js";
import { startRpc, type UiRequest } from "../../scripts/demo/rpc-client.js";

const suite = forgeSuite();
const PI_MODES_WRITER = join(REPO_ROOT, "test/e2e/fixtures/pi-modes-writer.ts");
const V1 = "Focus v1: one task at a time.";
const V2 = "Focus v2: one task at a time, and say when it is done.";

/** Every session file under the env's agent dir, newest last. */
function sessionFiles(env: PiEnv): string[] {
  const dir = join(env.agentDir, "sessions");
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(".jsonl")).map((f) => join(dir, f));
  return files.sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}

/** The custom entries of a session file, in order: [customType, data]. */
function customEntries(file: string): Array<[string, any]> {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line))
    .filter((e) => e.type === "custom")
    .map((e) => [e.customType, e.data]);
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: authoring, preset transfer, pi-modes sessions", (_id, host) => {
  const print = (env: PiEnv, messages: string[], extensions?: string[]) => forgePrint(host, env, suite.server, messages, extensions ? { extensions } : {});

  it("/mode new then /mode edit, headless: written and built, never activated; your own edit of the active mode is pinned at once", async () => {
    const env = await suite.env({ cwdFiles: { "v1.md": `${V1}\n`, "v2.md": `${V2}\n` } });
    const native = await nativePrompt(host, env, suite.server);
    const created = await print(env, ["/mode new focus --prompt-file v1.md", "first"]);
    expect(created.stderr).toContain('forge: created mode "focus" (.pi/forge/modes/focus.yaml) and rebuilt the project bundle; it is not active');
    expectSamePrompt(onlyPrompt(created), native);
    const selected = await print(env, ["--continue", "/mode set focus", "second"]);
    expectSamePrompt(onlyPrompt(selected), native + overlayTail(["focus", "Focus", V1]));
    const edited = await print(env, ["--continue", "/mode edit focus --prompt-file v2.md", "third", "/mode status --json"]);
    expect(edited.stderr).toContain(`"focus" is active with what you wrote (from the next prompt)`);
    expectSamePrompt(onlyPrompt(edited), native + overlayTail(["focus", "Focus", V2]));
    expect(lastStatus(edited.stderr)).toMatchObject({ drift: false, components: [{ key: "focus", drift: "none" }] });
    const reapproved = await print(env, ["--continue", "/mode reapprove", "fourth"]);
    expect(reapproved.stderr).toContain("(no drift: nothing to reapprove)");
    expectSamePrompt(onlyPrompt(reapproved), native + overlayTail(["focus", "Focus", V2]));
    // /mode new appended no state; the selection did, and the edit re-pinned the mode it changed (source edit).
    const [file] = sessionFiles(env);
    expect(customEntries(file!).map(([type, data]) => [type, data.source])).toEqual([
      ["forge-mode-state", "command"],
      ["forge-mode-state", "edit"],
    ]);
  });

  it("over RPC: /mode new in Pi's editor; an active /mode delete asks (No first), then keeps the remainder", async () => {
    const env = await suite.env();
    const native = await nativePrompt(host, env, suite.server);
    const answer = (request: UiRequest) => {
      if (request.method === "editor") {
        const key = String(request.title).includes('"alpha"') ? "Alpha" : "Beta";
        return { value: String(request.prefill).replace(/Describe how[^\n]*/, `${key} written in the editor.`) };
      }
      return request.method === "select" && String(request.title).startsWith("Delete") ? { value: "Yes, delete it" } : undefined;
    };
    suite.server.reset();
    const rpc = await startRpc(host, { env, args: ["--no-session"], extensions: [FORGE_EXTENSION], onUiRequest: answer });
    try {
      await rpcCommand(rpc, "/mode new alpha", 'created mode "alpha"');
      await rpcCommand(rpc, "/mode new beta", 'created mode "beta"');
      await rpcCommand(rpc, "/mode set alpha beta", "forge: active");
      await rpc.prompt("one");
      await rpcCommand(rpc, "/mode delete beta", "forge: deleted .pi/forge/modes/beta.yaml");
      await rpc.prompt("two");
      expect(await rpcStatus(rpc)).toMatchObject({ overlays: ["alpha"], source: "delete", drift: false });
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    const dialogs = rpc.records.filter((r) => r?.type === "extension_ui_request" && (r.method === "editor" || r.method === "select"));
    expect(dialogs.map((d) => d.method)).toEqual(["editor", "editor", "select"]);
    expect(dialogs[2].title).toMatch(/^Delete the active mode "beta"\?\n/);
    expect(dialogs[2].options).toEqual(["No, keep it", "Yes, delete it"]);
    const prompts = suite.server.completions().map((r) => systemPromptOf(r));
    expect(prompts).toHaveLength(2);
    // The editor's template holds the prompt in a plain `|` block, which keeps one final line break.
    expectSamePrompt(
      prompts[0]!,
      native + overlayTail(["alpha", "Alpha", "Alpha written in the editor.\n"], ["beta", "Beta", "Beta written in the editor.\n"]),
    );
    expectSamePrompt(prompts[1]!, native + overlayTail(["alpha", "Alpha", "Alpha written in the editor.\n"]));
  });

  it("a preset exported in one project is imported in another: keys checked, differences named, usable at once", async () => {
    const modes = {
      alpha: { label: "Alpha", strategy: "append" as const, prompt: "Alpha of project A." },
      beta: { label: "Beta", strategy: "append" as const, prompt: "Beta." },
    };
    const { env: a } = await projectEnv(suite, host, modes, { flow: { overlays: ["alpha", "beta"], driftPolicy: "warn" } });
    const file = join(a.root, "flow.json");
    const exported = await print(a, ["--no-session", `/preset export flow ${file}`]);
    expect(exported.stderr).toContain(`forge: exported preset "flow" to ${file}`);
    expect(readFileSync(file, "utf8")).not.toContain("Alpha of project A");

    const b = await suite.env();
    buildProject(b.cwd, { ...modes, alpha: { ...modes.alpha, prompt: "Alpha of project B." } });
    seedProjectTrust(host, b);
    const nativeB = await nativePrompt(host, b, suite.server);
    const imported = await print(b, ["--no-session", `/preset import ${file}`, "/preset use flow", "hello"]);
    expect(imported.stderr).toContain('forge: imported preset "flow" into .pi/forge/presets/flow.yaml and rebuilt the project bundle');
    expect(imported.stderr).toMatch(/alpha: exporter had [0-9a-f]{12} \(project\), you have [0-9a-f]{12} \(project\)/);
    expectSamePrompt(onlyPrompt(imported), nativeB + overlayTail(["alpha", "Alpha", "Alpha of project B."], ["beta", "Beta", "Beta."]));
  });

  it("a session written with pi-modes entries, resumed under forge: migrated once (source migrate); unknown keys freeze", async () => {
    const modes = {
      alpha: { label: "Alpha", strategy: "append" as const, prompt: "Alpha." },
      beta: { label: "Beta", strategy: "append" as const, prompt: "Beta." },
    };
    const { env, native } = await projectEnv(suite, host, modes);
    await print(
      env,
      ['/pi-modes-write mode-switch {"mode":"alpha"}', '/pi-modes-write pi-mode-state.v2 {"baseKey":null,"overlayKeys":["beta","alpha"]}', "under pi-modes"],
      [PI_MODES_WRITER],
    );
    const [file] = sessionFiles(env);
    const resumed = await print(env, ["--session", file!, "under forge", "/mode status --json"]);
    expect(resumed.stderr).toContain("forge: migrated the pi-modes selection (pi-mode-state.v2 entry");
    expectSamePrompt(onlyPrompt(resumed), native + overlayTail(["beta", "Beta", "Beta."], ["alpha", "Alpha", "Alpha."]));
    expect(lastStatus(resumed.stderr)).toMatchObject({ overlays: ["beta", "alpha"], source: "migrate" });
    const again = await print(env, ["--session", file!, "again"]);
    expect(again.stderr).not.toContain("pi-modes");
    expectSamePrompt(onlyPrompt(again), native + overlayTail(["beta", "Beta", "Beta."], ["alpha", "Alpha", "Alpha."]));
    // History stays: the pi-modes entries as written, then forge's one migration entry.
    expect(customEntries(file!).map(([type, data]) => [type, data.source ?? null])).toEqual([
      ["mode-switch", null],
      ["pi-mode-state.v2", null],
      ["forge-mode-state", "migrate"],
    ]);
    expect(customEntries(file!)[0]![1]).toEqual({ mode: "alpha" });

    const unknown = await suite.env();
    buildProject(unknown.cwd, modes);
    seedProjectTrust(host, unknown);
    const nativeU = await nativePrompt(host, unknown, suite.server);
    await print(unknown, ['/pi-modes-write mode-switch {"mode":"deep_work"}', "under pi-modes"], [PI_MODES_WRITER]);
    const [frozenFile] = sessionFiles(unknown);
    const frozen = await print(unknown, ["--session", frozenFile!, "under forge"]);
    expect(frozen.stderr).toContain(`not in forge's layers: "deep_work"; using Pi's native prompt`);
    expectSamePrompt(onlyPrompt(frozen), nativeU);
    expect(customEntries(frozenFile!).map(([type, data]) => [type, data.source ?? null])).toEqual([
      ["mode-switch", null],
      ["forge-mode-state", "migrate"],
    ]);
  });
});
