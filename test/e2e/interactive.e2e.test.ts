// End-to-end in both real Pi hosts, through RPC's extension UI requests (one Pi process per host): every selection or
// authoring command ends with exactly one notice naming the change; /mode new without a key asks for one; deletion
// asks with "No" first; on 0.73.1 the trust dialog lists what the bundle switches on and the "not trusted" widget goes
// once trusted; and a drifted prompt under policy block raises a dialog before the fake server receives anything,
// each of its three answers doing what it says.
import { describe, expect, it } from "vitest";
import {
  buildProject,
  commitProject,
  expectSamePrompt,
  FORGE_EXTENSION,
  forgeBuild,
  forgeSuite,
  nativePrompt,
  overlayTail,
  projectForgeDir,
  writeMode,
} from "./harness/forge-project.js";
import { systemPromptOf } from "../../scripts/demo/fake-server.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { startRpc, type RpcClient, type UiAnswer, type UiRequest } from "../../scripts/demo/rpc-client.js";

const suite = forgeSuite();
const ALPHA = "Alpha: cite files.";
const ALPHA_V2 = "Alpha: cite files and line numbers.";
const BETA = "Beta: be brief.";
const MODES = { alpha: { label: "Alpha", strategy: "append" as const, prompt: ALPHA }, beta: { label: "Beta", strategy: "append" as const, prompt: BETA } };

/** The notify messages Pi sent from record `from` up to (not including) record `to`. */
const noticesBetween = (rpc: RpcClient, from: number, to: number) =>
  rpc.records
    .slice(from, to)
    .filter((r) => r?.type === "extension_ui_request" && r.method === "notify")
    .map((r) => String(r.message));

/** Runs an extension command; returns every notice it sent (the response comes after the handler finished). */
async function command(rpc: RpcClient, text: string): Promise<string[]> {
  const from = rpc.records.length;
  const response = await rpc.send({ type: "prompt", message: text }, 30_000);
  expect(response.success, JSON.stringify(response)).toBe(true);
  return noticesBetween(rpc, from, rpc.records.indexOf(response));
}

/** Sends a prompt that a dialog answers; waits for the run's end unless the answer held it back (handled). */
async function prompt(rpc: RpcClient, text: string, runs: boolean): Promise<void> {
  const from = rpc.records.length;
  const response = await rpc.send({ type: "prompt", message: text }, 30_000);
  expect(response.success, JSON.stringify(response)).toBe(true);
  if (runs) await rpc.waitFor((r) => r?.type === "agent_end", { from, timeoutMs: 30_000 });
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: the interactive surface over RPC", (_id, host) => {
  it("one notice per command, guided authoring, the trust listing, and drift asked before the prompt goes out", async () => {
    const env = await suite.env();
    buildProject(env.cwd, MODES, { duo: { overlays: ["alpha", "beta"] } });
    // The sources as the clone's HEAD: the rebuild below is the user's own edit (0.73.1 trust carries over it).
    commitProject(env.cwd);
    const native = await nativePrompt(host, env, suite.server);
    suite.server.reset();

    let drift: "cancel" | "leave-out" | "reapprove" = "cancel";
    const asked: Array<{ request: UiRequest; requestsSoFar: number }> = [];
    const answer = (request: UiRequest): UiAnswer => {
      asked.push({ request, requestsSoFar: suite.server.completions().length });
      const title = String(request.title ?? "");
      // /forge trust: a select whose first answer is No (Enter trusts nothing); the test picks "Trust this bundle only".
      if (request.method === "select" && title.startsWith("Trust this project")) {
        expect((request.options as string[])[0]).toBe("No, do not trust it");
        return { value: (request.options as string[]).find((o) => o.startsWith("Trust this bundle only"))! };
      }
      if (request.method === "input") return { value: "gamma" }; // /mode new without a key
      if (request.method === "editor") return { value: String(request.prefill).replace(/Describe how[^\n]*/, "Gamma written in the editor.") };
      if (request.method === "select" && title.startsWith("Delete")) return { value: (request.options as string[])[1]! };
      if (request.method === "select" && title.startsWith("forge: the selected modes drifted")) {
        const prefix = { cancel: "Cancel", "leave-out": "Send without", reapprove: "Reapprove" }[drift];
        return { value: (request.options as string[]).find((o) => o.startsWith(prefix))! };
      }
      return undefined;
    };
    const rpc = await startRpc(host, { env, args: ["--no-session"], extensions: [FORGE_EXTENSION], onUiRequest: answer });
    const dialogs = (method: string) => asked.filter((a) => a.request.method === method).map((a) => a.request);
    try {
      if (host.id === "legacy") {
        // The startup "not trusted" notice is a widget; the trust dialog lists everything the bundle switches on.
        const widget = await rpc.waitFor((r) => r?.method === "setWidget" && r.widgetKey === "forge-trust");
        expect(String(widget.widgetLines)).toContain("is not trusted; its modes and presets are not offered. Run /forge trust");
        expect(await command(rpc, "/forge trust")).toEqual([expect.stringMatching(/^forge: trusted project bundle /)]);
        expect(String(dialogs("select")[0]!.title)).toMatch(
          /You have not trusted this project's forge bundle before\.\nIt holds:\n {2}modes: alpha, beta\n {2}presets: duo\n/,
        );
        const cleared = rpc.records.filter((r) => r?.method === "setWidget" && r.widgetKey === "forge-trust").at(-1);
        expect(cleared.widgetLines).toBeUndefined();
      }
      await prompt(rpc, "one", true);

      // Each selection command: exactly one notice, naming the change, what it was, and the cached prompt kept.
      expect(await command(rpc, "/mode set alpha")).toEqual([
        expect.stringMatching(
          /^forge: active overlays alpha \(drift policy block; was Pi's native prompt\) · keeps \d+% of the cached prompt, re-sends about [\d,]+ tokens$/,
        ),
      ]);
      expect(await command(rpc, "/mode +beta")).toEqual([
        expect.stringMatching(/^forge: active overlays alpha, beta \(drift policy block; was overlays alpha\)( · keeps|$)/),
      ]);
      expect(await command(rpc, "/mode -alpha")).toEqual([
        expect.stringMatching(/^forge: active overlays beta \(drift policy block; was overlays alpha, beta\)( · keeps|$)/),
      ]);
      expect(await command(rpc, "/preset use duo")).toEqual([
        expect.stringMatching(/^forge: active preset duo overlays alpha, beta \(drift policy block; was overlays beta\)( · keeps|$)/),
      ]);
      expect(await command(rpc, "/mode off")).toEqual([
        expect.stringMatching(/^forge: mode off \(Pi's native prompt; was preset duo overlays alpha, beta\) · keeps the whole cached prompt$/),
      ]);

      // /mode new without a key asks for one (a free key suggested), then opens the editor: one notice.
      expect(await command(rpc, "/mode new")).toEqual([
        expect.stringContaining('forge: created mode "gamma" (.pi/forge/modes/gamma.yaml) and rebuilt the project bundle'),
      ]);
      expect(String(dialogs("input")[0]!.title)).toContain('empty takes "my-mode"');
      expect(String(dialogs("editor")[0]!.title)).toMatch(
        /^New forge mode "gamma": \.pi\/forge\/modes\/gamma\.yaml · Enter saves \(only when it builds\) · .*: new line · Esc cancels$/,
      );
      // Deletion asks, "No" first: one notice.
      expect(await command(rpc, "/mode delete gamma")).toEqual([
        expect.stringContaining("forge: deleted .pi/forge/modes/gamma.yaml and rebuilt the project bundle; the selection is unchanged"),
      ]);
      expect(dialogs("select").at(-1)!.options).toEqual(["No, keep it", "Yes, delete it"]);

      // Drift: alpha is rebuilt with a new text by the user; the next prompt is held before anything is sent.
      expect(await command(rpc, "/mode set alpha beta")).toHaveLength(1);
      await prompt(rpc, "two", true);
      writeMode(projectForgeDir(env.cwd), "alpha", { ...MODES.alpha, prompt: ALPHA_V2 });
      forgeBuild({ root: env.cwd, agentDir: env.agentDir });
      const sent = suite.server.completions().length;

      await prompt(rpc, "three", false);
      const held = dialogs("select").at(-1)!;
      expect(asked.find((a) => a.request === held)!.requestsSoFar).toBe(sent);
      expect(String(held.title)).toMatch(
        /"alpha" changed since activation \(pinned [0-9a-f]{12}, now [0-9a-f]{12}\):\n {4}@@ line 1\n {4}- Alpha: cite files\.\n {4}\+ Alpha: cite files and line numbers\.\nUnchanged, and held back with them under policy block: beta$/,
      );
      expect(held.options).toEqual([
        "Reapprove and send: accept the current alpha",
        "Send without alpha: beta as approved, this prompt only",
        "Cancel: send nothing, keep the text in the editor",
      ]);
      // Cancel: nothing sent, the text back in the editor.
      await rpc.waitFor((r) => r?.method === "set_editor_text" && r.text === "three");
      expect(suite.server.completions()).toHaveLength(sent);

      drift = "leave-out";
      await prompt(rpc, "four", true);
      expect(asked.filter((a) => a.request.method === "select").at(-1)!.requestsSoFar).toBe(sent);
      drift = "reapprove";
      await prompt(rpc, "five", true);
      expect(asked.filter((a) => a.request.method === "select").at(-1)!.requestsSoFar).toBe(sent + 1);
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    const prompts = suite.server.completions().map((r) => systemPromptOf(r));
    expect(prompts).toHaveLength(4);
    expectSamePrompt(prompts[1]!, native + overlayTail(["alpha", "Alpha", ALPHA], ["beta", "Beta", BETA]));
    // Send without: only the drifted alpha is left out; beta is composed as approved.
    expectSamePrompt(prompts[2]!, native + overlayTail(["beta", "Beta", BETA]));
    // Reapprove and send: alpha's new text is pinned before the request. (On 1.x Pi folds a section that comes back after
    // a request without it at the end, so the two sections are checked one by one.)
    expect(prompts[3]).toContain(overlayTail(["alpha", "Alpha", ALPHA_V2]).trimStart());
    expect(prompts[3]).toContain(overlayTail(["beta", "Beta", BETA]).trimStart());
    expect(prompts[3]).not.toContain(`${ALPHA}\n`);
    const notes = rpc.records.filter((r) => r?.method === "notify").map((r) => String(r.message));
    expect(notes).toContainEqual(expect.stringMatching(/^forge: drift_prompt_held: prompt not sent: alpha drifted since activation/));
    expect(notes).toContainEqual(
      expect.stringMatching(/^forge: drift_left_out: this prompt is sent without alpha \(drifted; not reapproved\), with beta as approved/),
    );
    expect(notes).toContainEqual(expect.stringMatching(/\(accepted: alpha\); sending$/));
  });
});
