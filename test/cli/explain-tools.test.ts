// `forge explain` shows each mode's tools and MCP servers as the runtime's gate enforces them (core/tool-report.ts,
// the wording /mode status uses too), the preset's tool delivery, read-only hints under a limit, and lists a typo.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const SOURCES = {
  ".pi/forge/modes/docs.yaml":
    'label: Docs\ndescription: Docs.\nstrategy: append\nprompt: Write docs.\ntools: [read, grepp, "mcp__docs__*"]\nmcp: [jira]\nmcpServers:\n  search:\n    command: node\n    args: [search.js]\n    exposure: direct\nedits:\n  allow: [docs/**]\n  trustReadOnlyHints: true\n',
  ".pi/forge/modes/plain.yaml": "label: Plain\ndescription: Plain.\nstrategy: append\nprompt: Be plain.\n",
  ".pi/forge/presets/gated.yaml": "description: Gated.\noverlays: [docs]\ntoolDelivery: gate\n",
};

describe("forge explain: tools", () => {
  it("--json: each set, the delivery, the hints and the servers; the unknown tool's warning is among the diagnostics", () => {
    const root = makeTempDir();
    writeTree(root, SOURCES);
    const r = runCli(["explain", "gated", "--json"], root);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.tools).toEqual({
      delivery: "gate",
      sets: [{ mode: "docs", kind: "set", allows: "tools: grepp, mcp__docs__*, read; MCP servers: jira, search" }],
      readOnlyHints: "trusted",
      servers: [{ name: "search", mode: "docs", target: "node search.js, exposure direct", state: "with-mode" }],
      unmatched: [],
    });
    expect(report.diagnostics.map((d: { code: string }) => d.code)).toEqual(["unknown_tool"]);
    expect(report.diagnostics[0].message).toContain('did you mean "grep"?');
  });

  it("human: the tools section says what the gate refuses and how the model learns it; a mode without tools restricts nothing", () => {
    const root = makeTempDir();
    writeTree(root, SOURCES);
    const gated = runCli(["explain", "gated"], root);
    expect(gated.code, gated.stderr).toBe(0);
    expect(gated.stdout).toContain("tools (what forge's tool gate lets run):\n  docs: tools: grepp, mcp__docs__*, read; MCP servers: jira, search\n");
    expect(gated.stdout).toContain("the model is told the allowed tools as a system update (toolDelivery: gate)");
    expect(gated.stdout).toContain("MCP tools hinted readOnlyHint (and not destructiveHint) run under the edit limit");
    expect(gated.stdout).toContain("MCP server search (mode docs): node search.js, exposure direct; started on Pi 1.x while its mode is selected");
    expect(gated.stdout + gated.stderr).toContain('unknown_tool: tools names "grepp"');
    const declared = runCli(["explain", "docs"], root);
    expect(declared.stdout).toContain("and not offered: the declared tools are narrowed to these (toolDelivery: declare)");
    const plain = runCli(["explain", "plain"], root);
    expect(plain.stdout).toContain(
      "tools (what forge's tool gate lets run):\n  not restricted: no selected mode names tools or MCP servers (Pi's own tools)\n",
    );
  });
});
