// A mode's tools at build time (issues 30 and 32): names and patterns, mcp: servers and mcpServers: carried into the
// bundle and its digest, edits.trustReadOnlyHints and toolDelivery carried, and a typo warned with "did you mean".
import { describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

const mode = (extra: string) => `label: M\ndescription: M.\nstrategy: append\nprompt: M.\n${extra}`;

describe("a mode's tools", () => {
  test("[read, grepp, finf, ls]: a warning with the nearest tool for grepp and finf, none for read and ls; the build goes on", () => {
    const result = compile(treeOf({ "modes/review.yaml": mode("tools: [read, grepp, finf, ls]\n") }), FIXED_OPTIONS);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.path, d.start?.column])).toEqual([
      ["unknown_tool", "warning", "/tools/1", 15],
      ["unknown_tool", "warning", "/tools/2", 22],
    ]);
    expect(result.diagnostics[0]!.message).toContain('did you mean "grep"?');
    expect(result.diagnostics[1]!.message).toContain('did you mean "find"?');
    expect(result.bundle!.modes.review!.tools).toEqual(["finf", "grepp", "ls", "read"]);
  });

  test("patterns over MCP tools, patterns that match a known tool and Pi 1.x's own tools build without a warning", () => {
    const result = compile(
      treeOf({ "modes/docs.yaml": mode('tools: [read, "mcp__docs__*", "mcp__*__read_*", "gr*", codemode, tool_search, read_mcp_resource]\n') }),
      FIXED_OPTIONS,
    );
    expect(result.diagnostics).toEqual([]);
  });

  test("a pattern that matches no known tool is warned without a suggestion; a character outside the syntax is an error", () => {
    const warned = compile(treeOf({ "modes/m.yaml": mode('tools: ["web_*"]\n') }), FIXED_OPTIONS);
    expect(warned.diagnostics.map((d) => d.code)).toEqual(["unknown_tool"]);
    expect(warned.diagnostics[0]!.message).toContain('pattern "web_*" matches no tool');
    const refused = compile(treeOf({ "modes/m.yaml": mode('tools: ["read.*"]\n') }), FIXED_OPTIONS);
    expect(refused.diagnostics.map((d) => [d.severity, d.path])).toEqual([["error", "/tools/0"]]);
  });

  test("an inherited list is checked once, in the parent's file", () => {
    const result = compile(treeOf({ "modes/parent.yaml": mode("tools: [read, grepp]\n"), "modes/child.yaml": "extends: parent\nprompt: C.\n" }), FIXED_OPTIONS);
    expect(result.diagnostics.map((d) => d.file)).toEqual(["modes/parent.yaml"]);
    expect(result.bundle!.modes.child!.tools).toEqual(["grepp", "read"]);
  });

  test("mcp: and mcpServers: are carried (mcp lists both, sorted) and change the digest; inherited like tools", () => {
    const server = "mcpServers:\n  fs:\n    command: node\n    args: [server.js]\n    exposure: direct\n";
    const result = compile(
      treeOf({ "modes/docs.yaml": mode(`mcp: [docs]\n${server}`), "modes/plain.yaml": mode(""), "modes/child.yaml": "extends: docs\nprompt: C.\n" }),
      FIXED_OPTIONS,
    );
    expect(result.diagnostics).toEqual([]);
    const modes = result.bundle!.modes;
    expect(modes.docs!.mcp).toEqual(["docs", "fs"]);
    expect(modes.docs!.mcpServers).toEqual({ fs: { command: "node", args: ["server.js"], exposure: "direct" } });
    expect(modes.plain).not.toHaveProperty("mcp");
    expect(modes.plain).not.toHaveProperty("mcpServers");
    expect(modes.child!.mcp).toEqual(["docs", "fs"]);
    expect(modes.child!.mcpServers).toEqual(modes.docs!.mcpServers);
    const other = compile(treeOf({ "modes/docs.yaml": mode(`mcp: [docs]\n${server.replace("server.js", "other.js")}`) }), FIXED_OPTIONS);
    expect(other.bundle!.modes.docs!.digest).not.toBe(modes.docs!.digest);
  });

  test("a server needs a command or a url (not both); an unknown server field is refused", () => {
    const codes = (text: string) => compile(treeOf({ "modes/m.yaml": mode(text) }), FIXED_OPTIONS).diagnostics.map((d) => d.severity);
    expect(codes("mcpServers:\n  fs:\n    args: [x]\n")).toContain("error");
    expect(codes("mcpServers:\n  fs:\n    command: node\n    url: http://127.0.0.1:1/mcp\n")).toContain("error");
    expect(codes("mcpServers:\n  fs:\n    command: node\n    shell: true\n")).toContain("error");
    expect(codes("mcpServers:\n  fs:\n    url: http://127.0.0.1:1/mcp\n")).toEqual([]);
  });

  test("edits.trustReadOnlyHints: true is carried into the limit and its digest; a child's own edits decide for themselves", () => {
    const result = compile(
      treeOf({
        "modes/docs.yaml": mode("edits:\n  allow: [docs/**]\n  trustReadOnlyHints: true\n"),
        "modes/strict.yaml": mode("edits:\n  allow: [docs/**]\n"),
        "modes/child.yaml": "extends: docs\nprompt: C.\n",
        "modes/own.yaml": "extends: docs\nedits:\n  allow: [src/**]\n",
      }),
      FIXED_OPTIONS,
    );
    expect(result.diagnostics).toEqual([]);
    const modes = result.bundle!.modes;
    expect(modes.docs!.edits).toMatchObject({ trustReadOnlyHints: true });
    expect(modes.strict!.edits).not.toHaveProperty("trustReadOnlyHints");
    expect(modes.child!.edits).toEqual(modes.docs!.edits);
    expect(modes.own!.edits).not.toHaveProperty("trustReadOnlyHints");
  });

  test("toolDelivery: a preset's own, else forge.yaml's, else absent (declare)", () => {
    const preset = (extra: string) => `description: P.\noverlays: [m]\n${extra}`;
    const files = { "modes/m.yaml": mode(""), "presets/own.yaml": preset("toolDelivery: declare\n"), "presets/plain.yaml": preset("") };
    const bare = compile(treeOf(files), FIXED_OPTIONS).bundle!;
    expect(bare.presets.plain).not.toHaveProperty("toolDelivery");
    expect(bare.presets.own!.toolDelivery).toBe("declare");
    const gated = compile(treeOf({ ...files, "forge.yaml": "toolDelivery: gate\n" }), FIXED_OPTIONS).bundle!;
    expect(gated.presets.plain!.toolDelivery).toBe("gate");
    expect(gated.presets.own!.toolDelivery).toBe("declare");
  });
});
