// Trust store binding to bundleHash, scope discovery (nearest project ancestor, agent dir) and deepest-scope-wins catalog.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildCatalog } from "../../core/component-catalog.js";
import { discoverScopes, findProjectRoot, resolveAgentDir, resolveScopePaths } from "../../runtime/scope-discovery.js";
import { emptyTrustStore, isBundleTrusted, parseTrustStore, readTrustStore, withTrust, writeTrustStore } from "../../runtime/trust-store.js";
import { makeBundle } from "./helpers.js";

const H1 = "1".repeat(64);
const H2 = "2".repeat(64);

describe("trust store", () => {
  it("trusts a project only at the recorded bundleHash", () => {
    const store = withTrust(emptyTrustStore(), "/proj", H1, new Date(0));
    expect(isBundleTrusted(store, "/proj", H1)).toBe(true);
    expect(isBundleTrusted(store, "/proj", H2)).toBe(false);
    expect(isBundleTrusted(store, "/other", H1)).toBe(false);
    expect(isBundleTrusted(store, "__proto__", H1)).toBe(false);
  });
  it("round-trips through an atomic write and drops malformed records", () => {
    const dir = mkdtempSync(join(tmpdir(), "forge-trust-"));
    const file = join(dir, "forge", "trust.json");
    writeTrustStore(file, withTrust(emptyTrustStore(), "/p", H1, new Date(0)));
    expect(isBundleTrusted(readTrustStore(file), "/p", H1)).toBe(true);
    expect(JSON.parse(readFileSync(file, "utf8")).v).toBe(1);
    const parsed = parseTrustStore(JSON.stringify({ v: 1, projects: { "/a": { bundleHash: "nope" }, "/b": { bundleHash: H2 } } }));
    expect(Object.keys(parsed.projects)).toEqual(["/b"]);
    expect(parseTrustStore("garbage").projects).toEqual({});
  });
});

describe("scopes", () => {
  function layout() {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "forge-scopes-")));
    const agent = join(root, "agent");
    const proj = join(root, "proj");
    const deep = join(proj, "a", "b");
    mkdirSync(join(agent, "forge"), { recursive: true });
    mkdirSync(join(proj, ".pi", "forge"), { recursive: true });
    mkdirSync(deep, { recursive: true });
    const builtinFile = join(root, "builtin.json");
    writeFileSync(builtinFile, JSON.stringify(makeBundle("builtin", { shared: { text: "builtin" }, only: {} })));
    writeFileSync(join(agent, "forge", "bundle.json"), JSON.stringify(makeBundle("global", { shared: { text: "global" } })));
    const project = makeBundle("project", { shared: { text: "project" }, local: {} });
    writeFileSync(join(proj, ".pi", "forge", "bundle.json"), JSON.stringify(project));
    return { root, agent, proj, deep, builtinFile, project };
  }

  it("resolves the agent dir from PI_CODING_AGENT_DIR or ~/.pi/agent", () => {
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "/x/agent" }, "/home/u")).toBe("/x/agent");
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "~/a" }, "/home/u")).toBe("/home/u/a");
    expect(resolveAgentDir({}, "/home/u")).toBe("/home/u/.pi/agent");
  });

  it("finds the nearest ancestor with a project bundle", () => {
    const l = layout();
    expect(findProjectRoot(l.deep)).toBe(l.proj);
  });

  it("offers only built-in and global when untrusted, with a notice saying how to trust", () => {
    const l = layout();
    const d = discoverScopes(resolveScopePaths(l.deep, { PI_CODING_AGENT_DIR: l.agent }, l.builtinFile), null);
    expect(d.trust).toMatchObject({ trusted: false, decidedBy: "forge" });
    expect(d.bundles.project).toBeUndefined();
    expect(d.notices.join("\n")).toContain("Run /forge trust");
    const c = buildCatalog(d.bundles);
    expect(c.modes.get("shared")!.scope).toBe("global");
    expect(c.modes.has("local")).toBe(false);
  });

  it("honours the trust store bound to the bundleHash; a rebuilt bundle needs trust again", () => {
    const l = layout();
    const paths = resolveScopePaths(l.deep, { PI_CODING_AGENT_DIR: l.agent }, l.builtinFile);
    writeTrustStore(paths.trustFile, withTrust(emptyTrustStore(), l.proj, l.project.bundleHash, new Date(0)));
    const d = discoverScopes(paths, null);
    expect(d.trust.trusted).toBe(true);
    const c = buildCatalog(d.bundles);
    expect(c.modes.get("shared")!.scope).toBe("project");
    expect(c.modes.get("only")!.scope).toBe("builtin");
    writeFileSync(paths.projectFile!, JSON.stringify(makeBundle("project", { shared: { text: "rebuilt" } })));
    expect(discoverScopes(paths, null).trust.trusted).toBe(false);
  });

  it("lets the host's trust answer decide when it has one", () => {
    const l = layout();
    const paths = resolveScopePaths(l.proj, { PI_CODING_AGENT_DIR: l.agent }, l.builtinFile);
    expect(discoverScopes(paths, true).bundles.project).toBeDefined();
    const no = discoverScopes(paths, false);
    expect(no.bundles.project).toBeUndefined();
    expect(no.notices.join("\n")).toContain("Trust the project in Pi");
  });

  it("refuses a tampered bundle with a notice and keeps the other scopes", () => {
    const l = layout();
    const paths = resolveScopePaths(l.proj, { PI_CODING_AGENT_DIR: l.agent }, l.builtinFile);
    const g = JSON.parse(readFileSync(paths.globalFile, "utf8"));
    g.modes.shared.prompt = [{ text: "evil" }];
    writeFileSync(paths.globalFile, JSON.stringify(g));
    const d = discoverScopes(paths, true);
    expect(d.loads.global.status).toBe("refused");
    expect(d.notices[0]).toContain(paths.globalFile);
    expect(d.notices[0]).toContain('mode "shared"');
    expect(Object.keys(d.bundles).sort()).toEqual(["builtin", "project"]);
  });

  it("works without any bundle at all", () => {
    const l = layout();
    const d = discoverScopes(resolveScopePaths(l.root, { PI_CODING_AGENT_DIR: join(l.root, "none") }, join(l.root, "missing.json")), null);
    expect(d.bundles).toEqual({});
    expect(d.notices).toEqual([]);
  });
});
