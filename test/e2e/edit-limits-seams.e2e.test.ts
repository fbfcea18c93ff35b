// End-to-end on both hosts (issue 20): edit limits hold at every seam. A file:// or percent-encoded path, an NFD name,
// and a dangling symlink do not get a write past a limit; the limit a session pinned stays in force when its mode drifts
// or its bundle is refused (forge composes Pi's native prompt); bash is off under a limit unless the mode declares
// edits.bash: unchecked. The fake model makes the tool calls; the assertions read what Pi sent and the files on disk.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { forgeBuild, lastStatus, readJson, seedProjectTrust } from "./harness/forge-project.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS, type PiHost } from "../../scripts/demo/pi-host.js";
import { printRun, systemPromptOf, toolNames, toolResults, updatesSuite } from "./harness/updates-session.js";

const suite = updatesSuite();

const DOCS_TEXT = "You write documentation.";
const mode = (label: string, edits: string, prompt = `${label} mode.`) =>
  `label: ${label}\ndescription: ${label}.\nstrategy: append\nprompt: ${prompt}\nedits:\n${edits}`;
const SOURCES: Record<string, string> = {
  ".pi/forge/modes/docs.yaml": mode("Docs", "  allow: [docs/**]\n", DOCS_TEXT),
  ".pi/forge/modes/careful.yaml": mode("Careful", '  deny: ["secrets/**", "docs/café.md"]\n'),
  ".pi/forge/modes/md-only.yaml": mode("Markdown", '  allow: ["**/*.md"]\n'),
  ".pi/forge/modes/shell.yaml": mode("Shell", "  allow: [docs/**]\n  bash: unchecked\n"),
};
const SECRET = "the real key\n";

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const writeCall = (path: string, content = "pwned\n") => ({ name: "write", arguments: { path, content } });
const bashCall = (command: string) => ({ name: "bash", arguments: { command } });

/** The one session file of the env. */
function sessionFile(env: PiEnv): string {
  const dir = join(env.agentDir, "sessions");
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(".jsonl"));
  expect(files).toHaveLength(1);
  return join(dir, files[0]!);
}

async function projectFor(host: PiHost): Promise<PiEnv> {
  const env = await suite.env();
  write(env.cwd, { ...SOURCES, "secrets/key": SECRET, "docs/guide.md": "# Guide\n", "src/app.ts": "export {};\n" });
  symlinkSync("../src/new.ts", join(env.cwd, "docs", "dangle.md"));
  forgeBuild({ root: env.cwd });
  seedProjectTrust(host, env);
  return env;
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: edit limits at every seam", (_id, host) => {
  let env: PiEnv;
  beforeAll(async () => {
    env = await projectFor(host);
  });

  it("file://, %-encoded and NFD paths past a deny, a file:// path past an allow: refused, nothing written; edits.bash: unchecked keeps bash", async () => {
    const outside = join(env.root, "outside", "x.md");
    mkdirSync(dirname(outside), { recursive: true });
    suite.server.reset();
    suite.server.enqueue(
      { toolCalls: [writeCall(`file://${env.cwd}/secrets/key`), writeCall(`file://${env.cwd}/%73ecrets/key2`), writeCall("docs/cafe\u0301.md")] },
      { text: "done" },
      { toolCalls: [writeCall(`file://${outside}`), writeCall("docs/fine.md", "fine\n")] },
      { text: "done" },
      { text: "hello" },
    );
    const { requests, stderr } = await printRun(host, env, suite.server, [
      "--no-session",
      "--mode=careful",
      "go",
      "/mode set md-only",
      "again",
      "/mode set shell",
      "/mode status",
      "/mode status --json",
      "third",
    ]);
    expect(requests).toHaveLength(5);
    // A request carries every tool result so far: the second turn's are its last two.
    const [careful, md] = [toolResults(requests[1]!), toolResults(requests[3]!).slice(-2)];
    // 1.x turns file:// into a path (percent-decoded): denied. 0.73.1 has no file:// step: a scheme it does not
    // resolve as a file path is refused under a limit rather than guessed.
    for (const result of careful.slice(0, 2)) expect(result).toContain("forge: edit refused");
    if (host.id === "modern") {
      expect(careful[0]).toContain(`"file://${env.cwd}/secrets/key" matches secrets/**`);
      expect(careful[1]).toContain("matches secrets/**");
    }
    // The name on disk in NFD matches the NFC deny (sources are NFC).
    expect(careful[2]).toContain('"docs/cafe\u0301.md" matches docs/café.md');
    expect(readFileSync(join(env.cwd, "secrets/key"), "utf8")).toBe(SECRET);
    expect(existsSync(join(env.cwd, "secrets/key2"))).toBe(false);
    expect(existsSync(join(env.cwd, "docs/cafe\u0301.md"))).toBe(false);
    expect(existsSync(join(env.cwd, "file:"))).toBe(false);
    // allow: ["**/*.md"] does not let a file:// path write outside the project; a project .md is written.
    expect(md[0]).toContain("forge: edit refused");
    expect(md[1]).not.toContain("refused");
    expect(existsSync(outside)).toBe(false);
    expect(readFileSync(join(env.cwd, "docs/fine.md"), "utf8")).toBe("fine\n");
    // Modes without edits.bash: unchecked have no bash in the request; the one that declares it keeps bash, and says so.
    expect(toolNames(requests[0]!)).not.toContain("bash");
    expect(toolNames(requests[2]!)).not.toContain("bash");
    expect(toolNames(requests[4]!)).toContain("bash");
    expect(stderr).toContain("edit limit shell: allow docs/**; edits.bash: unchecked");
    expect(stderr).toContain("bash: on and unchecked (edits.bash: unchecked)");
    expect(lastStatus(stderr).editLimits).toEqual([{ mode: "shell", allow: ["docs/**"], deny: [], bash: "unchecked", unknown: null }]);
  });

  it("a limited mode has no bash in the request; a dangling symlink in the allowed area does not write its target", async () => {
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [writeCall("docs/dangle.md", "via the link\n"), writeCall("docs/ok.md", "ok\n")] }, { text: "done" });
    const { requests } = await printRun(host, env, suite.server, ["--mode=docs", "first"]);
    expect(toolNames(requests[0]!)).not.toContain("bash");
    expect(toolNames(requests[0]!)).toEqual(expect.arrayContaining(["read", "edit", "write"]));
    const results = toolResults(requests[1]!);
    expect(results[0]).toContain('forge: edit refused: mode "docs" allows edits only to docs/**');
    expect(results[1]).not.toContain("refused");
    expect(existsSync(join(env.cwd, "src/new.ts"))).toBe(false);
    expect(sessionFile(env)).toBeTruthy();
  });

  it("the resumed session keeps its pinned limit after the mode drifted (native prompt) and after its bundle was refused", async () => {
    // The mode's text changes (not its limit) and the user rebuilds: drift, policy block, Pi's native prompt.
    write(env.cwd, { ".pi/forge/modes/docs.yaml": mode("Docs", "  allow: [docs/**]\n", "You write documentation, v2.") });
    forgeBuild({ root: env.cwd, agentDir: env.agentDir });
    seedProjectTrust(host, env);
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [writeCall("src/a.txt")] }, { text: "done" });
    const drifted = await printRun(host, env, suite.server, ["--continue", "second", "/mode status --json"]);
    expect(systemPromptOf(drifted.requests[0]!)).not.toContain(DOCS_TEXT.slice(0, -1));
    expect(toolNames(drifted.requests[0]!)).not.toContain("bash");
    expect(toolResults(drifted.requests[1]!).at(-1)).toContain('forge: edit refused: mode "docs" allows edits only to docs/**');
    expect(existsSync(join(env.cwd, "src/a.txt"))).toBe(false);
    const status = lastStatus(drifted.stderr);
    expect(status).toMatchObject({ composition: "native", drift: true });
    expect(status.editLimits).toEqual([{ mode: "docs", allow: ["docs/**"], deny: [], bash: "off", unknown: null }]);

    // Someone hand-edits bundle.json: the bundle is refused; the limit the session pinned still holds.
    const file = join(env.cwd, ".pi/forge/bundle.json");
    const bundle = readJson(file);
    bundle.modes.docs.prompt[0].text = "TAMPERED";
    writeFileSync(file, JSON.stringify(bundle, null, 2));
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [writeCall("src/a.txt"), bashCall("echo pwned > src/b.txt")] }, { text: "done" });
    const refused = await printRun(host, env, suite.server, ["--continue", "third", "/mode status --json"]);
    expect(refused.stderr).toContain("forge: bundle_refused: refused bundle");
    expect(systemPromptOf(refused.requests[0]!)).not.toContain("TAMPERED");
    expect(toolNames(refused.requests[0]!)).not.toContain("bash");
    expect(toolResults(refused.requests[1]!).at(-2)).toContain('forge: edit refused: mode "docs" allows edits only to docs/**');
    expect(existsSync(join(env.cwd, "src/a.txt"))).toBe(false);
    expect(existsSync(join(env.cwd, "src/b.txt"))).toBe(false);
    expect(lastStatus(refused.stderr).bundles.project.status).toBe("refused");
  });
});
