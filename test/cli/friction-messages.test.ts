// Issue 32's CLI points 4-7: signing with the key forge key new wrote, messages that say what really happened, one
// diagnostic run that reports everything (at the right place), and help without development options.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, cleanEnv, makeProject, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

describe("4: forge build --sign and forge key new", () => {
  it("--sign without --key uses the key forge key new wrote to its default place, and says which key signed", () => {
    const home = makeTempDir("forge-friction-key-home-");
    const env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: "", FORGE_SIGNING_KEY: "" });
    const made = JSON.parse(runCli(["key", "new", "--name", "Ada", "--json"], home, env).stdout);
    const repo = makeTempDir("forge-friction-sign-");
    makeProject(repo);
    const r = runCli(["build", "--sign"], repo, env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`forge: signing with the key of ${made.fingerprint.slice(0, 16)} (claimed name "Ada"), from `);
    expect(r.stderr).toContain(".config/forge/signing-key.pem");
    const bundle = JSON.parse(readFileSync(join(repo, ".pi/forge/bundle.json"), "utf8"));
    expect(bundle.signatures.map((s: { fingerprint: string }) => s.fingerprint)).toEqual([made.fingerprint]);
    // What key new printed says exactly that: --sign alone.
    expect(runCli(["key", "new", "--name", "Eve", "--out", join(home, "eve.pem")], home, env).stdout).toContain("--sign --key ");
    const fresh = makeTempDir("forge-friction-key-home2-");
    expect(runCli(["key", "new", "--name", "Bo"], fresh, cleanEnv({ HOME: fresh, XDG_CONFIG_HOME: "" })).stdout).toContain(
      "Sign a bundle: npx --no-install forge build --sign (it signs with this key",
    );
  });

  it("key new --out <an existing directory> writes the key into it", () => {
    const home = makeTempDir("forge-friction-keydir-");
    const dir = join(home, "keys");
    mkdirSync(dir);
    const r = runCli(["key", "new", "--name", "Ada", "--out", dir, "--json"], home, cleanEnv({ HOME: home }));
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).files.absolutePrivate).toBe(join(dir, "signing-key.pem"));
    expect(readFileSync(join(dir, "signing-key.pem.pub"), "utf8")).toMatch(/^forge-ed25519 \S+ Ada\n$/);
  });
});

describe("5: messages that say what happened", () => {
  it("signing an unchanged bundle names the signature as the change, not formatting or a hand edit", () => {
    const home = makeTempDir("forge-friction-sig-home-");
    const env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: "" });
    runCli(["key", "new", "--name", "Ada"], home, env);
    const repo = makeTempDir("forge-friction-sig-");
    makeProject(repo);
    expect(runCli(["build"], repo, env).code).toBe(0);
    const r = runCli(["build", "--sign"], repo, env);
    expect(r.stdout).not.toContain("bytes differ");
    expect(r.stdout).toContain("no digest changed; only the signatures differ");
    expect(JSON.parse(runCli(["build", "--check", "--json"], repo, env).stdout).status).toBe("fresh");
  });

  it("outdated without libraries, a --root that does not exist, import_file_exists and explain's token figures", () => {
    const repo = makeTempDir("forge-friction-msg-");
    makeProject(repo);
    const outdated = runCli(["outdated"], repo);
    expect(outdated.code).toBe(0);
    expect(outdated.stdout).toContain("uses no forge libraries");
    expect(outdated.stdout).not.toContain("--offline");

    const missing = runCli(["build", "--root", "/nonexistent-forge-root"], repo);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no forge sources: /nonexistent-forge-root is not a directory");
    expect(missing.stderr).not.toContain("../");

    const notes = { schemaVersion: 2, key: "notes", label: "Notes", description: "Takes notes.", promptStrategy: "append", prompt: "Take notes." };
    writeTree(repo, {
      "in/notes.json": JSON.stringify(notes),
      ".pi/forge/modes/notes.yaml": "label: Mine\ndescription: Mine.\nstrategy: append\nprompt: Mine.\n",
    });
    const clash = runCli(["import", "pi-modes", "in/notes.json"], repo);
    expect(clash.code).toBe(1);
    expect(clash.stderr).toContain("with --rename notes=<new-key> to import the mode under another key");
    expect(runCli(["import", "pi-modes", "in/notes.json", "--rename", "notes=their-notes"], repo).code).toBe(0);
  });

  it("forge export claude beside the original an import renamed says the agent would load the text twice", () => {
    const repo = makeTempDir("forge-friction-dup-");
    writeTree(repo, { ".claude/rules/review.md": "Always be kind in reviews.\n" });
    expect(runCli(["import", "claude-rules", ".claude/rules"], repo).code).toBe(0);
    const r = runCli(["export", "claude", "--preset", "claude-rules", "--json"], repo);
    const report = JSON.parse(r.stdout);
    expect(report.written).toContain(".claude/rules/review-claude.md");
    const dup = report.diagnostics.find((d: { code: string }) => d.code === "export_duplicate_text");
    expect(dup?.file).toBe(".claude/rules/review.md");
    expect(dup?.message).toContain(".claude/rules/review-claude.md holds the same text as .claude/rules/review.md");
  });
});

describe("6: one diagnostic run reports everything, each at its place", () => {
  it("a forge.yaml schema error does not hide its libraries' errors; an unclosed list is reported at its bracket", () => {
    const repo = makeTempDir("forge-friction-diag-");
    makeProject(repo, {
      ".pi/forge/forge.yaml": 'libraries: ["@acme/house"]\ncontextFile: nested\n',
      ".pi/forge/modes/tools.yaml": "label: Tools\ndescription: Tools.\nstrategy: append\nprompt: hi\nrequires: []\ntools: [read, grep\n",
    });
    const r = runCli(["build", "--json"], repo);
    const codes = JSON.parse(r.stdout).diagnostics.map((d: { code: string; file: string; start: { line: number; column: number } }) => [
      d.code,
      d.file,
      `${d.start.line}:${d.start.column}`,
    ]);
    expect(codes).toContainEqual(["unknown_field", ".pi/forge/forge.yaml", "2:1"]);
    expect(codes).toContainEqual(["library_not_installed", ".pi/forge/forge.yaml", "1:13"]);
    expect(codes).toContainEqual(["yaml_syntax_error", ".pi/forge/modes/tools.yaml", "6:8"]);
    const human = runCli(["build"], repo).stderr;
    expect(human).toContain('the list opened with "[" on line 6 is not closed: a "]" was expected before line 7');
    expect(human).toContain('End it with "]", as in tools: [read, grep]');
    expect(human).not.toContain("Flow sequence in block collection");
  });
});

describe("7: help shows only what users run", () => {
  it("forge build --help and forge --help do not list the development option --builtin", () => {
    const cwd = makeTempDir();
    expect(runCli(["build", "--help"], cwd).stdout).not.toContain("--builtin");
    expect(runCli(["--help"], cwd).stdout).not.toContain("--builtin");
    expect(runCli(["init", "--all"], cwd).stderr).not.toContain("--builtin");
  });
});
