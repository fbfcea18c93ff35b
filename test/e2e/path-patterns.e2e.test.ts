// End-to-end on both hosts (issue 20): no path pattern stalls Pi (a rule glob **/*a*a*a*a*a*a*a*b and an allowRegex
// ^(a|aa)*$, which a backtracking matcher takes polynomial and exponential time on, are matched in linear time against
// a 1,001-character path), and a forge library's stored expression is never trusted (a library saying deny secrets/**
// while storing ^$ still denies it). A project bundle storing what its source does not compile to is refused (issue 31,
// test/e2e/review-findings.e2e.test.ts).
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { computeBundleHash, digestComponent } from "../../core/digest.js";
import type { ForgeBundle, Mode, PathPattern } from "../../generated/types.js";
import { forgeSync, forgeBuild, seedProjectTrust } from "./harness/forge-project.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { printRun, toolResults, updatesSuite } from "./harness/updates-session.js";
import { bareEnv } from "../support/home-guard.js";

const suite = updatesSuite();

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

function cli(args: string[], cwd: string): void {
  const r = forgeSync([...args], {
    cwd,
    env: bareEnv({ FORGE_NO_CACHE: "1", NO_COLOR: "1" }),
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(r.status, r.stdout + r.stderr).toBe(0);
}

/** Rewrites a bundle file with `edit` applied, every digest and the bundleHash recomputed: it verifies like a built one. */
function craft(file: string, scope: "project" | "library", edit: (bundle: ForgeBundle) => void): void {
  const bundle = JSON.parse(readFileSync(file, "utf8")) as ForgeBundle;
  edit(bundle);
  for (const [key, mode] of Object.entries(bundle.modes)) {
    const { digest: _d, ...entry } = mode!;
    mode!.digest = digestComponent("mode", key, scope, entry);
  }
  for (const [key, rule] of Object.entries(bundle.rules ?? {})) {
    const { digest: _d, ...entry } = rule!;
    rule!.digest = digestComponent("rule", key, scope, entry);
  }
  bundle.bundleHash = computeBundleHash(bundle);
  writeFileSync(file, JSON.stringify(bundle, null, 2) + "\n");
}

const glob = (source: string, regex: string): PathPattern => ({ kind: "glob", source, regex });
// 1,001 characters in four names (a file system refuses one name over 255 bytes, and the tool gate with it, before any
// pattern runs): each name still holds a run of a's long enough for a backtracking matcher to take forever on.
const LONG = [..."aaa"]
  .map(() => "a".repeat(250))
  .concat(`${"a".repeat(247)}!`)
  .join("/");

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: path patterns", (_id, host) => {
  it("a rule glob and an allowRegex a backtracking matcher stalls on cannot stall Pi on a 1,001-character path", async () => {
    const env = await suite.env();
    write(env.cwd, {
      ".pi/forge/rules/slow.yaml": 'name: Slow\ndescription: A rule.\nwhen:\n  paths: ["**/*a*a*a*a*a*a*a*b"]\ncontent: SLOW-RULE\n',
      ".pi/forge/modes/limited.yaml": 'label: Limited\ndescription: L.\nstrategy: append\nprompt: Limited.\nedits:\n  allowRegex: ["^(a|aa)*$"]\n  deny: []\n',
    });
    forgeBuild({ root: env.cwd });
    seedProjectTrust(host, env);
    suite.server.enqueue(
      {
        toolCalls: [
          { name: "read", arguments: { path: LONG } },
          { name: "write", arguments: { path: LONG, content: "x" } },
        ],
      },
      { text: "done" },
    );
    // Before RE2 each call backtracked for longer than the universe has existed; this run must simply finish.
    const { requests, stderr } = await printRun(host, env, suite.server, ["--no-session", "--mode=limited", "go"]);
    expect(stderr).not.toContain("refused bundle");
    expect(requests).toHaveLength(2);
    const [readResult, writeResult] = toolResults(requests[1]!);
    expect(readResult).not.toContain("SLOW-RULE");
    expect(writeResult).toContain('forge: edit refused: mode "limited" allows edits only to /^(a|aa)*$/');
  });

  it("a library storing ^$ for deny secrets/** is recompiled from its source: the write to secrets/key is refused", async () => {
    const env = await suite.env();
    const lib = join(env.root, "forge-house");
    write(lib, {
      "package.json": JSON.stringify({ name: "@acme/forge-house", version: "1.0.0", forge: { bundle: "forge-bundle.json" } }),
      ".pi/forge/modes/house-docs.yaml": "label: House docs\ndescription: Docs only.\nstrategy: append\nprompt: Write docs.\nedits:\n  deny: [secrets/**]\n",
    });
    cli(["build", "--library", "--root", lib], lib);
    craft(join(lib, "forge-bundle.json"), "library", (b) => {
      (b.modes["house-docs"] as Mode).edits = { deny: [glob("secrets/**", "^$")] };
    });
    write(env.cwd, { ".pi/forge/forge.yaml": 'libraries: ["@acme/forge-house"]\n', "secrets/key": "KEY\n" });
    cpSync(lib, join(env.cwd, "node_modules", "@acme", "forge-house"), { recursive: true });
    forgeBuild({ root: env.cwd });
    seedProjectTrust(host, env);
    suite.server.enqueue({ toolCalls: [{ name: "write", arguments: { path: "secrets/key", content: "PWNED\n" } }] }, { text: "done" });
    const { requests } = await printRun(host, env, suite.server, ["--no-session", "--mode=house-docs", "go"]);
    expect(toolResults(requests[1]!)[0]).toContain('forge: edit refused: mode "house-docs" allows edits to any path but secrets/**');
    expect(readFileSync(join(env.cwd, "secrets/key"), "utf8")).toBe("KEY\n");
  });
});
