// What forge build does to forge's trust record: trust follows a rebuilt bundle only for changes forge can attribute
// to the user (uncommitted edits, or HEAD holding exactly what was built); a pull, a checkout, a commit of other
// content, a library, or no git at all needs trust again, and the message names what forge saw.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { carryTrust, sourceDigests, unattributedSources, type CarryInput, type TrustOutcome } from "../../compiler/io/trust-carry.js";
import { readSources } from "../../compiler/io/read-sources.js";
import { compile } from "../../compiler/compile.js";
import type { SourceTree } from "../../compiler/types.js";
import type { ForgeBundle } from "../../generated/types.js";
import { emptyTrustStore, isBundleTrusted, readTrustStore, withTrust, writeTrustStore } from "../../io/trust-store.js";

const OPTIONS = { scope: "project", forgeVersion: "0.0.0-test", libraries: [] } as const;
const mode = (text: string) => `label: Alpha\ndescription: A.\nstrategy: append\nprompt: ${text}\n`;

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", ...args], { cwd, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
}

/** A project with modes/alpha.yaml (optionally a git repository with it committed), its bundle built and trusted. */
function project(opts: { git: boolean; recordSources: boolean }) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "forge-carry-")));
  const forgeRoot = join(root, ".pi", "forge");
  mkdirSync(join(forgeRoot, "modes"), { recursive: true });
  writeFileSync(join(forgeRoot, "modes", "alpha.yaml"), mode("one"));
  if (opts.git) {
    git(root, "init", "-q");
    git(root, "add", "-A");
    git(root, "commit", "-qm", "one");
  }
  const trustFile = join(root, "agent", "trust.json");
  const build = (): { tree: SourceTree; bundle: ForgeBundle } => {
    const tree = readSources(forgeRoot);
    return { tree, bundle: compile(tree, OPTIONS).bundle! };
  };
  const first = build();
  const built = { sources: sourceDigests(first.tree.files), committed: opts.git ? sourceDigests(first.tree.files) : {} };
  writeTrustStore(trustFile, withTrust(emptyTrustStore(), root, first.bundle, new Date(0), opts.recordSources ? built : undefined));
  const carry = (replaced = first.bundle.bundleHash): (TrustOutcome & { bundle: ForgeBundle }) | null => {
    const next = build();
    const input: CarryInput = {
      trustFile,
      layerRoot: root,
      forgeRoot,
      replacedHash: replaced,
      next: next.bundle,
      tree: next.tree,
      env: process.env,
      now: new Date(1),
      buildHash: (t) => compile(t, OPTIONS).bundle?.bundleHash ?? null,
    };
    const outcome = carryTrust(input);
    return outcome === null ? null : { ...outcome, bundle: next.bundle };
  };
  const trusted = (bundle: ForgeBundle) => isBundleTrusted(readTrustStore(trustFile), root, bundle.bundleHash);
  return { root, forgeRoot, carry, trusted, first: first.bundle, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

describe("unattributedSources", () => {
  it("lists a change to a file that HEAD changed since the trusted build", () => {
    // The trusted build read a at 9 (an uncommitted edit then: HEAD held 1), b, gone at 1.
    const base = { "modes/a.yaml": "9", "modes/b.yaml": "1", "modes/gone.yaml": "1" };
    const headThen = { "modes/a.yaml": "1", "modes/b.yaml": "1", "modes/gone.yaml": "1" };
    const current = { "modes/a.yaml": "2", "modes/b.yaml": "2", "rules/new.yaml": "1", "modes/mine.yaml": "1" };
    // a: edited again, HEAD still 1: yours. mine: new, untracked: yours. b: changed by a commit; new: added by one; gone: deleted by one.
    const headNow = { "modes/a.yaml": "1", "modes/b.yaml": "2", "rules/new.yaml": "1" };
    expect(unattributedSources(base, current, headThen, headNow)).toEqual(["modes/b.yaml", "modes/gone.yaml", "rules/new.yaml"]);
  });

  it("takes a file HEAD now holds exactly as the trusted build read it as yours: your own commit of what you built", () => {
    const base = { "modes/a.yaml": "9" };
    // HEAD moved a from 1 to 9 (you committed what you built), then you edited it to 10: yours.
    expect(unattributedSources(base, { "modes/a.yaml": "10" }, { "modes/a.yaml": "1" }, { "modes/a.yaml": "9" })).toEqual([]);
    // HEAD moved a to 7, which nobody built: not yours.
    expect(unattributedSources(base, { "modes/a.yaml": "10" }, { "modes/a.yaml": "1" }, { "modes/a.yaml": "7" })).toEqual(["modes/a.yaml"]);
  });
});

describe("carryTrust", () => {
  it("keeps trust for an uncommitted edit, recording the sources it was built from, and for the next one too", () => {
    const p = project({ git: true, recordSources: true });
    writeFileSync(join(p.forgeRoot, "modes", "alpha.yaml"), mode("two"));
    const outcome = p.carry();
    expect(outcome).toMatchObject({ kept: true });
    expect(p.trusted(outcome!.bundle!)).toBe(true);
    writeFileSync(join(p.forgeRoot, "modes", "alpha.yaml"), mode("three"));
    const again = p.carry(outcome!.bundle.bundleHash);
    expect(again).toMatchObject({ kept: true });
    expect(p.trusted(again!.bundle)).toBe(true);
    p.cleanup();
  });

  it("does not keep it for a change that arrived with a pull, and names the files and the pull", () => {
    const p = project({ git: true, recordSources: true });
    const upstream = `${p.root}-upstream`;
    git(tmpdir(), "clone", "-q", p.root, upstream);
    writeFileSync(join(upstream, ".pi", "forge", "modes", "alpha.yaml"), mode("pulled"));
    mkdirSync(join(upstream, ".pi", "forge", "rules"));
    writeFileSync(join(upstream, ".pi", "forge", "rules", "inject.yaml"), 'name: Inject\ndescription: I.\nwhen: { paths: ["**"] }\ncontent: Obey.\n');
    git(upstream, "add", "-A");
    git(upstream, "commit", "-qm", "someone else's");
    git(p.root, "pull", "-q", "--no-rebase", upstream);
    const outcome = p.carry();
    expect(outcome).toMatchObject({ kept: false, changes: ["modes/alpha.yaml", "rules/inject.yaml"] });
    expect(outcome!.kept === false && outcome!.reason).toMatch(/^changed since the bundle you trusted by pull \(git's reflog\), not by your own edits$/);
    expect(p.trusted(outcome!.bundle!)).toBe(false);
    expect(p.trusted(p.first)).toBe(true);
    rmSync(upstream, { recursive: true, force: true });
    p.cleanup();
  });

  it("keeps it through edit, build, commit, edit, build: your commit of what you built is yours (issue 31)", () => {
    const p = project({ git: true, recordSources: true });
    writeFileSync(join(p.forgeRoot, "modes", "alpha.yaml"), mode("two"));
    const first = p.carry();
    expect(first).toMatchObject({ kept: true });
    git(p.root, "commit", "-qam", "two, as built");
    writeFileSync(join(p.forgeRoot, "modes", "alpha.yaml"), mode("three"));
    const second = p.carry(first!.bundle.bundleHash);
    expect(second).toMatchObject({ kept: true });
    expect(p.trusted(second!.bundle)).toBe(true);
    p.cleanup();
  });

  it("does not keep it for your commit of other content than what you built, and says it was your commit", () => {
    const p = project({ git: true, recordSources: true });
    writeFileSync(join(p.forgeRoot, "modes", "alpha.yaml"), mode("committed, never built"));
    git(p.root, "commit", "-qam", "mine, unbuilt");
    const outcome = p.carry();
    expect(outcome).toMatchObject({ kept: false, changes: ["modes/alpha.yaml"] });
    expect(outcome!.kept === false && outcome!.reason).toMatch(/^your commit holds other content than the bundle you trusted was built from/);
    p.cleanup();
  });

  it("trusted in Pi (no sources recorded): the committed sources must build the trusted bundle, then edits are yours", () => {
    const p = project({ git: true, recordSources: false });
    writeFileSync(join(p.forgeRoot, "modes", "alpha.yaml"), mode("two"));
    expect(p.carry()).toMatchObject({ kept: true });
    p.cleanup();
    // A committed bundle that the committed sources do not build (stale, or built from other text) proves nothing.
    const q = project({ git: true, recordSources: false });
    writeFileSync(join(q.forgeRoot, "modes", "alpha.yaml"), mode("committed later"));
    git(q.root, "commit", "-qam", "sources moved on, bundle did not");
    writeFileSync(join(q.forgeRoot, "modes", "alpha.yaml"), mode("mine"));
    expect(q.carry()).toMatchObject({ kept: false, reason: expect.stringMatching(/not what the committed sources build/) });
    q.cleanup();
  });

  it("never takes a changed library as yours", () => {
    const p = project({ git: true, recordSources: true });
    const store = readTrustStore(join(p.root, "agent", "trust.json"));
    store.projects[p.root]!.components!.libraries = { "@acme/forge-house": "0123456789abcdef" };
    writeTrustStore(join(p.root, "agent", "trust.json"), store);
    writeFileSync(join(p.forgeRoot, "modes", "alpha.yaml"), mode("two"));
    expect(p.carry()).toMatchObject({ kept: false, changes: ["library @acme/forge-house"] });
    p.cleanup();
  });

  it("outside git (or before the first commit) it cannot tell, so it does not keep trust and says why", () => {
    const p = project({ git: false, recordSources: true });
    writeFileSync(join(p.forgeRoot, "modes", "alpha.yaml"), mode("two"));
    expect(p.carry()).toMatchObject({ kept: false, reason: expect.stringMatching(/not a git repository/) });
    git(p.root, "init", "-q");
    expect(p.carry()).toMatchObject({ kept: false, reason: expect.stringMatching(/no commit yet/) });
    p.cleanup();
  });

  it("decides nothing when the replaced bundle was not the trusted one (a pulled bundle is not trusted by building over it)", () => {
    const p = project({ git: true, recordSources: true });
    writeFileSync(join(p.forgeRoot, "modes", "alpha.yaml"), mode("two"));
    expect(p.carry("0".repeat(64))).toBeNull();
    expect(p.carry(null as unknown as string)).toBeNull();
    p.cleanup();
  });
});
