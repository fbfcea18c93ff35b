// `forge explain` with no names: the review the print-mode trust notice sends a user to. Its command runs as printed,
// from wherever Pi runs, and lists what trusting turns on, in the words explain <mode> and /mode status use.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORGE_COMMAND } from "../../core/forge-command.js";
import { trustHint } from "../../runtime/trust-hint.js";
import { discoverScopes, resolveScopePaths } from "../../runtime/scope-discovery.js";
import { assertBuilt, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const SOURCES = {
  ".pi/forge/modes/docs.yaml":
    'label: Docs\ndescription: Docs.\nstrategy: append\nprompt: Write docs.\ntools: [read, "mcp__docs__*"]\nmcp: [jira]\nmcpServers:\n  search:\n    command: node\n    args: [search.js]\nedits:\n  allow: [docs/**]\nmodel: fake/fake-model\n',
  ".pi/forge/modes/takeover.yaml": "label: Takeover\ndescription: Replaces.\nstrategy: replace_final\nprompt: You are someone else.\n",
  ".pi/forge/modes/plain.yaml": "label: Plain\ndescription: Plain.\nstrategy: append\nprompt: Be plain.\n",
  ".pi/forge/presets/writing.yaml":
    "description: Docs work.\noverlays: [plain, docs]\nsystemUpdates:\n  - id: wrap-up\n    name: Wrap up\n    description: Wrap up.\n    content: Stop and summarize.\n",
  ".pi/forge/rules/tests.yaml": "name: Tests\ndescription: Tests.\nwhen:\n  paths: ['test/**']\ncontent: Run the tests.\n",
};

/** The command in parentheses of a print-mode "not trusted" notice. */
function reviewCommandOf(notice: string): string {
  const command = /\((npx --no-install forge [^)]*)\)/.exec(notice)?.[1];
  expect(command, notice).toBeDefined();
  expect(command!.startsWith(`${FORGE_COMMAND} `)).toBe(true);
  return command!;
}

/** The notice on a host where forge's own trust decides (Pi 0.73.1), for the deepest layer. */
const reviewCommandOfNotice = () => reviewCommandOf(trustHint("forge", false, "a".repeat(64)).notice);

/** A printed command's words (plain words and single-quoted ones, as core/forge-command.ts writes them). */
const wordsOf = (command: string) =>
  [...command.slice(FORGE_COMMAND.length + 1).matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!));

describe("forge explain with no names", () => {
  it("is the review the trust notice names: run as printed from a subdirectory, it lists every component and the trust", () => {
    const root = makeTempDir("forge-explain-all-");
    writeTree(root, SOURCES);
    expect(runCli(["build"], root).code).toBe(0);
    const deep = join(root, "src", "deep");
    mkdirSync(deep, { recursive: true });
    const r = runCli(wordsOf(reviewCommandOfNotice()), deep);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("what the project sources offer (../../.pi/forge/bundle.json):");
    expect(r.stdout).toContain("  writing: plain, docs ../../.pi/forge/presets/writing.yaml\n      Docs work.\n      system-update blocks: wrap-up\n");
    // The gate's own wording (as explain docs and /mode status), the server's command, the limit and the model.
    expect(r.stdout).toContain(
      '  docs (append, "Docs") ../../.pi/forge/modes/docs.yaml\n      the tool gate lets run: tools: mcp__docs__*, read; MCP servers: jira, search; limits edits; model fake/fake-model\n      MCP server search: node search.js\n',
    );
    expect(r.stdout).toContain('  plain (append, "Plain") ../../.pi/forge/modes/plain.yaml\n');
    expect(r.stdout).toContain(
      '  takeover (replace_final (replaces Pi\'s whole prompt), "Takeover") ../../.pi/forge/modes/takeover.yaml\n\nrules (1):\n  tests ../../.pi/forge/rules/tests.yaml\n',
    );
    expect(r.stdout).toMatch(/also offered from other scopes: \d+ builtin/);
    expect(r.stdout).toContain("trust: not trusted by you (/forge trust in Pi)");
    expect(r.stdout).toContain(`one in full (its prompt, contracts, tools, limits, tokens): ${FORGE_COMMAND} explain <preset> | <mode>...`);
    // Its own hints repeat the --root that chose the scope: followed from elsewhere, they explain this project's mode.
    const elsewhere = makeTempDir("forge-explain-all-cwd-");
    const rooted = runCli(["explain", "--root", root], elsewhere);
    const oneInFull = `${FORGE_COMMAND} explain --root ${root} <preset> | <mode>...`;
    expect(rooted.stdout).toContain(`one in full (its prompt, contracts, tools, limits, tokens): ${oneInFull}\n`);
    const docs = runCli([...wordsOf(`${FORGE_COMMAND} explain --root ${root}`), "docs"], elsewhere);
    expect([docs.code, docs.stdout]).toEqual([0, expect.stringContaining('docs (append, "Docs")')]);
    // The tool words are explain <mode>'s: one wording for every surface.
    expect(runCli(["explain", "docs"], root).stdout).toContain("  docs: tools: mcp__docs__*, read; MCP servers: jira, search\n");
  });

  it("--json: the same overview as data; sources with errors refuse with exit 1, as explain <name> does", () => {
    const root = makeTempDir("forge-explain-all-json-");
    writeTree(root, SOURCES);
    const r = runCli(["explain", "--json"], root);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.overview.presets).toEqual([
      { key: "writing", description: "Docs work.", source: ".pi/forge/presets/writing.yaml", modes: ["plain", "docs"], blocks: ["wrap-up"] },
    ]);
    expect(report.overview.modes.map((m: { key: string }) => m.key)).toEqual(["docs", "plain", "takeover"]);
    expect(report.overview.modes[0]).toMatchObject({
      tools: "tools: mcp__docs__*, read; MCP servers: jira, search",
      mcpServers: [{ name: "search", target: "node search.js" }],
      edits: true,
      model: "fake/fake-model",
    });
    expect(report.trust.bundle).toMatchObject({ path: ".pi/forge/bundle.json", status: "absent" });
    writeTree(root, { ".pi/forge/modes/plain.yaml": "label: Plain\nstrategy: sideways\nprompt: x\n" });
    const broken = runCli(["explain"], root);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain("forge: explain refused: the sources have errors; fix them first");
    // A team policy is explained as what it adds to a selection: alone it is a usage error, never silently dropped.
    const policy = runCli(["explain", "--policy", "@acme/policy"], root);
    expect([policy.code, policy.stderr.split("\n")[0]]).toEqual([
      2,
      "forge: 'forge explain --policy' needs a preset name or mode keys (what the policy adds to them), e.g. forge explain audit --policy @acme/policy",
    ]);
  });

  it("in a monorepo each layer's notice names a review of that layer: the outer one with its --root, run from Pi's directory", () => {
    const repo = makeTempDir("forge-explain-all-mono-");
    const style = (text: string) => `label: Style\ndescription: Style.\nstrategy: append\nprompt: ${text}\n`;
    writeTree(repo, {
      ".pi/forge/modes/style.yaml": style("House style."),
      ".pi/forge/presets/house.yaml": "description: House.\noverlays: [style]\n",
      "packages/api/.pi/forge/modes/style.yaml": style("API style."),
      "packages/api/.pi/forge/modes/api-only.yaml": "label: API\ndescription: API.\nstrategy: append\nprompt: API only.\n",
    });
    mkdirSync(join(repo, ".git"));
    expect(runCli(["build", "--all"], repo).code).toBe(0);
    const piDir = join(repo, "packages", "api", "src");
    mkdirSync(piDir, { recursive: true });
    // What Pi 0.73.1 prints in print mode there: one notice per untrusted layer, root first.
    const paths = resolveScopePaths(piDir, { PI_CODING_AGENT_DIR: makeTempDir("forge-explain-all-agent-") }, join(repo, "no-builtin.json"));
    const notices = discoverScopes(paths, null, { mode: "host" }, false).notices.filter((n) => n.includes("is not trusted"));
    expect(notices).toHaveLength(2);
    const [outer, inner] = notices.map(reviewCommandOf);
    expect(outer).toBe(`${FORGE_COMMAND} explain --root ${repo}`);
    expect(inner).toBe(`${FORGE_COMMAND} explain`);
    const root = runCli(wordsOf(outer!), piDir);
    expect(root.code, root.stderr).toBe(0);
    expect(root.stdout).toContain("what the project sources offer (../../../.pi/forge/bundle.json):");
    expect(root.stdout).toContain("  house: style ../../../.pi/forge/presets/house.yaml\n");
    expect(root.stdout).not.toContain("api-only");
    const pkg = runCli(wordsOf(inner!), piDir);
    expect(pkg.stdout).toContain("what the project sources offer (../.pi/forge/bundle.json):");
    expect(pkg.stdout).toContain('  api-only (append, "API") ../.pi/forge/modes/api-only.yaml\n');
    expect(pkg.stdout).toContain('  style (append, "Style") ../.pi/forge/modes/style.yaml\n');
  });
});
