// Nested context files (core/context-files.ts): which file of a directory forge compiles, the rule's id and glob, and
// which ones Pi loads itself, held against both hosts' own loadProjectContextFiles over random trees.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import * as legacyLoader from "../../node_modules/@mariozechner/pi-coding-agent/dist/core/resource-loader.js";
import { CONTEXT_FILE_NAMES, contextRuleGlob, contextRuleId, loadedByPi, offeredContextRules, pickContextFiles } from "../../core/context-files.js";
import { compilePatterns, firstMatch } from "../../core/path-match.js";
import { compileGlob } from "../../compiler/phases/path-patterns.js";
import { LIMITS } from "../../generated/constants.js";
import { MODERN_HOST, REPO_ROOT } from "../../scripts/demo/pi-host.js";

const tmp = realpathSync(mkdtempSync(join(tmpdir(), "forge-context-core-")));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("pickContextFiles", () => {
  it("one file per directory, Pi's first name; never the root's, node_modules', a hidden directory's, nor other names", () => {
    expect(
      pickContextFiles([
        "AGENTS.md",
        "packages/api/CLAUDE.md",
        "packages/api/AGENTS.md",
        "packages/web/CLAUDE.MD",
        "packages/web/CLAUDE.md",
        "node_modules/x/AGENTS.md",
        "packages/api/node_modules/y/AGENTS.md",
        ".github/AGENTS.md",
        "packages/.hidden/AGENTS.md",
        "packages/api/agents.md",
        "packages/api/AGENTS.override.md",
        "docs/README.md",
      ]),
    ).toEqual(["packages/api/AGENTS.md", "packages/web/CLAUDE.md"]);
  });
});

describe("contextRuleId and contextRuleGlob", () => {
  it("names the directory: context- and its path in lower case, other characters a hyphen; long paths keep a hash", () => {
    expect(contextRuleId("packages/api")).toBe("context-packages-api");
    expect(contextRuleId("Packages/Web_UI")).toBe("context-packages-web-ui");
    const long = `packages/${"a".repeat(200)}`;
    const other = `packages/${"a".repeat(199)}b`;
    expect(contextRuleId(long).length).toBeLessThanOrEqual(LIMITS.maxKeyLength);
    expect(contextRuleId(long)).not.toBe(contextRuleId(other));
  });

  it("matches everything under the directory as written, glob characters in its name included", () => {
    const glob = compileGlob(contextRuleGlob("packages/p[1]"));
    if (!glob.ok) throw new Error(glob.detail);
    const compiled = compilePatterns([glob.pattern]);
    expect(firstMatch(compiled, "packages/p[1]/src/x.ts")).not.toBeNull();
    expect(firstMatch(compiled, "packages/p1/src/x.ts")).toBeNull();
    expect(firstMatch(compiled, "packages/p[1]x/y.ts")).toBeNull();
  });
});

describe("offeredContextRules", () => {
  const rule = (file: string | undefined, layer: string | null) => ({ layer, rule: file === undefined ? {} : { contextFile: file } });
  it("drops a rule whose directory holds the working directory, and keeps the deepest layer's rule for one file", () => {
    const plain = rule(undefined, null);
    const api = rule("packages/api/AGENTS.md", "/repo");
    const web = rule("packages/web/AGENTS.md", "/repo");
    const webFromPackages = rule("web/AGENTS.md", "/repo/packages");
    expect(offeredContextRules([plain, api, web, webFromPackages], "/repo/packages/api/src", "/repo")).toEqual([plain, webFromPackages]);
    expect(offeredContextRules([api], "/repo", "/repo")).toEqual([api]);
    expect(offeredContextRules([api], "/repo/packages/apiary", "/repo")).toEqual([api]);
  });
});

/** A random project: directories from a small alphabet, each with some of Pi's names in it, and a working directory. */
const caseArb = fc.record({
  tree: fc.uniqueArray(
    fc.record({ dir: fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 3 }).map((s) => s.join("/")), names: fc.subarray([...CONTEXT_FILE_NAMES]) }),
    { selector: (e) => e.dir, maxLength: 6 },
  ),
  cwd: fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 3 }).map((s) => s.join("/")),
});

/** Each case written to disk: its root, working directory, an empty agent dir, and the project-relative paths. */
const CASES = fc.sample(caseArb, 40).map(({ tree, cwd }, n) => {
  const root = join(tmp, `t${n}`);
  const agentDir = join(tmp, `agent${n}`);
  mkdirSync(agentDir, { recursive: true });
  const paths: string[] = [];
  for (const { dir, names } of tree) {
    mkdirSync(join(root, dir), { recursive: true });
    for (const name of names) {
      writeFileSync(join(root, dir, name), name);
      paths.push(dir === "" ? name : `${dir}/${name}`);
    }
  }
  mkdirSync(join(root, cwd), { recursive: true });
  return { root, cwd: join(root, cwd), agentDir, paths };
});

/** 0.73.1 runs on this Node; 1.x needs its own Node 22, so its loader answers every case in one child process. */
function hostAnswers(host: "0.73.1" | "1.x"): string[][] {
  const args = CASES.map((c) => ({ cwd: c.cwd, agentDir: c.agentDir }));
  if (host === "0.73.1") return args.map((a) => legacyLoader.loadProjectContextFiles(a).map((f: { path: string }) => f.path));
  const loader = join(REPO_ROOT, "node_modules/@earendil-works/pi-coding-agent/dist/core/resource-loader.js");
  const script = `import(${JSON.stringify(pathToFileURL(loader).href)}).then((m) => process.stdout.write(JSON.stringify(${JSON.stringify(args)}.map((a) => m.loadProjectContextFiles(a).map((f) => f.path)))))`;
  const r = spawnSync(MODERN_HOST.node(), ["-e", script], { encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

describe.each(["0.73.1", "1.x"] as const)("parity with %s's loadProjectContextFiles over random trees", (host) => {
  it("a picked file is loadedByPi exactly when Pi loads it for that working directory; Pi loads no other file below the root", () => {
    const answers = hostAnswers(host);
    CASES.forEach((c, i) => {
      // What Pi loads from a directory below the root (the root's own file is Pi's in every session there).
      const piLoaded = answers[i]!.filter((p) => p.startsWith(`${c.root}/`) && dirname(p) !== c.root).sort();
      const forge = pickContextFiles(c.paths)
        .filter((f) => loadedByPi(f, c.root, c.cwd))
        .map((f) => join(c.root, f))
        .sort();
      expect(forge, JSON.stringify({ paths: c.paths, cwd: c.cwd })).toEqual(piLoaded);
    });
  });
});
