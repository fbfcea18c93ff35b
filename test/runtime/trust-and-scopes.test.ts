// Trust store binding to bundleHash (and carried over by the author's own rebuild), scope discovery across project
// layers (repository root down to cwd), the symlink boundary, and the deepest-layer-wins catalog with withheld components.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildLayeredCatalog } from "../../core/component-catalog.js";
import { discoverScopes, resolveAgentDir, resolveScopePaths } from "../../runtime/scope-discovery.js";
import { emptyTrustStore, isBundleTrusted, parseTrustStore, previouslyTrusted, readTrustStore, withTrust, writeTrustStore } from "../../io/trust-store.js";
import { makeBundle } from "./helpers.js";
import { testTempDir } from "../support/temp-dir.js";

const B1 = makeBundle("project", { alpha: { text: "one" } });
const B2 = makeBundle("project", { alpha: { text: "two" }, beta: {} });

describe("trust store", () => {
  it("trusts a layer only at the recorded bundleHash", () => {
    const store = withTrust(emptyTrustStore(), "/proj", B1, new Date(0));
    expect(isBundleTrusted(store, "/proj", B1.bundleHash)).toBe(true);
    expect(isBundleTrusted(store, "/proj", B2.bundleHash)).toBe(false);
    expect(isBundleTrusted(store, "/other", B1.bundleHash)).toBe(false);
    expect(isBundleTrusted(store, "__proto__", B1.bundleHash)).toBe(false);
  });

  it("round-trips through an atomic write with short component digests, and drops malformed records", () => {
    const dir = testTempDir("forge-trust-");
    const file = join(dir, "forge", "trust.json");
    writeTrustStore(file, withTrust(emptyTrustStore(), "/p", B1, new Date(0)));
    const read = readTrustStore(file);
    expect(isBundleTrusted(read, "/p", B1.bundleHash)).toBe(true);
    expect(read.projects["/p"]!.components!.modes.alpha).toBe(B1.modes.alpha!.digest.slice(0, 16));
    expect(previouslyTrusted(read, "/p", B2.bundleHash)?.bundleHash).toBe(B1.bundleHash);
    const parsed = parseTrustStore(JSON.stringify({ v: 1, projects: { "/a": { bundleHash: "nope" }, "/b": { bundleHash: B2.bundleHash } } }));
    expect(Object.keys(parsed.projects)).toEqual(["/b"]);
    expect(parseTrustStore("garbage").projects).toEqual({});
  });

  it("keeps every kind a bundle switches on in a record, and the sources forge build recorded", () => {
    const file = join(testTempDir("forge-trust-"), "trust.json");
    writeTrustStore(file, withTrust(emptyTrustStore(), "/p", B1, new Date(0), { sources: { "modes/alpha.yaml": "0123456789abcdef" }, committed: {} }));
    const record = readTrustStore(file).projects["/p"]!;
    expect(Object.keys(record.components!).sort()).toEqual(["blocks", "libraries", "limits", "modes", "presets", "rules"]);
    expect(record.sources).toEqual({ "modes/alpha.yaml": "0123456789abcdef" });
    expect(record.committed).toEqual({});
  });
});

describe("scopes and layers", () => {
  /** A repository with a root layer and a package layer, plus the global and built-in bundles. */
  function layout() {
    const root = testTempDir("forge-scopes-");
    const agent = join(root, "agent");
    const repo = join(root, "repo");
    const pkg = join(repo, "packages", "api");
    const deep = join(pkg, "src", "db");
    for (const d of [join(agent, "forge"), join(repo, ".git"), join(repo, ".pi", "forge"), join(pkg, ".pi", "forge"), deep]) mkdirSync(d, { recursive: true });
    const builtinFile = join(root, "builtin.json");
    writeFileSync(builtinFile, JSON.stringify(makeBundle("builtin", { shared: { text: "builtin" }, only: {} })));
    writeFileSync(join(agent, "forge", "bundle.json"), JSON.stringify(makeBundle("global", { shared: { text: "global" } })));
    const house = makeBundle("project", { shared: { text: "house" }, rules: {} }, { flow: { overlays: ["rules", "api"] } });
    const api = makeBundle("project", { shared: { text: "api" }, api: {} });
    writeFileSync(join(repo, ".pi", "forge", "bundle.json"), JSON.stringify(house));
    writeFileSync(join(pkg, ".pi", "forge", "bundle.json"), JSON.stringify(api));
    return { root, agent, repo, pkg, deep, builtinFile, house, api, env: { PI_CODING_AGENT_DIR: agent } };
  }

  it("resolves the agent dir from PI_CODING_AGENT_DIR or ~/.pi/agent", () => {
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "/x/agent" }, "/home/u")).toBe("/x/agent");
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "~/a" }, "/home/u")).toBe("/home/u/a");
    expect(resolveAgentDir({}, "/home/u")).toBe("/home/u/.pi/agent");
  });

  it("finds every layer from the repository root down to cwd, root first", () => {
    const l = layout();
    const paths = resolveScopePaths(l.deep, l.env, l.builtinFile);
    expect(paths.repositoryRoot).toBe(l.repo);
    expect(paths.layers.map((x) => x.root)).toEqual([l.repo, l.pkg]);
    expect(paths.projectRoot).toBe(l.pkg);
  });

  it("stops at the repository root: a bundle above it is no layer", () => {
    const l = layout();
    mkdirSync(join(l.root, ".pi", "forge"), { recursive: true });
    writeFileSync(join(l.root, ".pi", "forge", "bundle.json"), JSON.stringify(makeBundle("project", { outer: {} })));
    expect(resolveScopePaths(l.deep, l.env, l.builtinFile).layers.map((x) => x.root)).toEqual([l.repo, l.pkg]);
  });

  it("the deeper layer wins per key; presets resolve across layers; each layer is trusted on its own", () => {
    const l = layout();
    const paths = resolveScopePaths(l.deep, l.env, l.builtinFile);
    writeTrustStore(paths.trustFile, withTrust(withTrust(emptyTrustStore(), l.repo, l.house, new Date(0)), l.pkg, l.api, new Date(0)));
    const d = discoverScopes(paths, null);
    expect(d.layers.map((x) => x.trusted)).toEqual([true, true]);
    const c = buildLayeredCatalog(d.sources);
    expect(c.modes.get("shared")).toMatchObject({ scope: "project", layer: l.pkg });
    expect(c.modes.get("rules")).toMatchObject({ layer: l.repo });
    expect(c.presets.get("flow")).toMatchObject({ layer: l.repo });
    expect(c.modes.get("only")!.scope).toBe("builtin");
    expect(c.layers.map((x) => x.layer)).toEqual([l.repo, l.pkg]);
  });

  it("an untrusted layer is withheld, named as untrusted, while the trusted one is offered", () => {
    const l = layout();
    const paths = resolveScopePaths(l.deep, l.env, l.builtinFile);
    writeTrustStore(paths.trustFile, withTrust(emptyTrustStore(), l.repo, l.house, new Date(0)));
    const d = discoverScopes(paths, null);
    expect(d.layers.map((x) => x.trusted)).toEqual([true, false]);
    expect(d.notices.join("\n")).toContain(`forge: project bundle ${join(l.pkg, ".pi", "forge", "bundle.json")} is not trusted`);
    const c = buildLayeredCatalog(d.sources);
    expect(c.modes.get("shared")).toMatchObject({ layer: l.repo });
    expect(c.modes.has("api")).toBe(false);
    expect(c.withheldModes.get("api")).toMatchObject({ layer: l.pkg });
    expect(c.withheldModes.has("shared")).toBe(false);
  });

  it("lets the host's trust answer decide every layer when it has one", () => {
    const l = layout();
    const paths = resolveScopePaths(l.deep, l.env, l.builtinFile);
    expect(discoverScopes(paths, true).layers.map((x) => x.trusted)).toEqual([true, true]);
    const no = discoverScopes(paths, false);
    expect(no.layers.map((x) => x.trusted)).toEqual([false, false]);
    expect(no.notices.join("\n")).toContain("Trust the project in Pi");
  });

  it("refuses a .pi/forge that is a symlink leaving the repository, with a notice; the other layers stay", () => {
    const l = layout();
    const outside = join(l.root, "elsewhere");
    mkdirSync(outside);
    writeFileSync(join(outside, "bundle.json"), JSON.stringify(makeBundle("project", { evil: {} })));
    const other = join(l.repo, "packages", "web");
    mkdirSync(join(other, ".pi"), { recursive: true });
    symlinkSync(outside, join(other, ".pi", "forge"));
    const d = discoverScopes(resolveScopePaths(other, l.env, l.builtinFile), true);
    expect(d.layers.map((x) => x.load.status)).toEqual(["ok", "refused"]);
    expect(d.notices.join("\n")).toContain(
      `forge: layer_refused: refused project layer ${join(other, ".pi", "forge")}: it resolves to ${outside}, outside the repository ${l.repo}`,
    );
    expect(buildLayeredCatalog(d.sources).modes.has("evil")).toBe(false);
  });

  it("refuses a tampered bundle with a notice and keeps the other scopes", () => {
    const l = layout();
    const paths = resolveScopePaths(l.deep, l.env, l.builtinFile);
    const g = JSON.parse(readFileSync(paths.globalFile, "utf8"));
    g.modes.shared.prompt = [{ text: "evil" }];
    writeFileSync(paths.globalFile, JSON.stringify(g));
    const d = discoverScopes(paths, true);
    expect(d.loads.global.status).toBe("refused");
    expect(d.notices[0]).toContain(paths.globalFile);
    expect(d.notices[0]).toContain('mode "shared"');
    expect(d.sources.map((s) => s.scope)).toEqual(["builtin", "project", "project"]);
  });

  it("works without any bundle at all", () => {
    const l = layout();
    const d = discoverScopes(resolveScopePaths(l.root, { PI_CODING_AGENT_DIR: join(l.root, "none") }, join(l.root, "missing.json")), null);
    expect(d.sources).toEqual([]);
    expect(d.notices).toEqual([]);
  });
});
