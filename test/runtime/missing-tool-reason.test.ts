// The refusal forge writes into Pi's "Tool <name> not found" result: only for a tool the edit limits turned off, never for
// a tool no extension registered (that one really is not there, and Pi's words stay).
import { describe, expect, test } from "vitest";
import { explainMissingTool } from "../../runtime/edit-limits.js";
import type { ActiveLimit } from "../../core/pinned-limits.js";

const LIMITS: ActiveLimit[] = [
  {
    kind: "limit",
    mode: "docs",
    layer: null,
    limit: { allow: ["docs/**"], deny: [] } as never,
  },
];
const result = (tool: string) => ({
  role: "toolResult",
  toolName: tool,
  content: [{ type: "text", text: `Tool ${tool} not found` }],
});
const allowed = (tool: string) => ["read", "grep", "find", "ls", "edit", "write"].includes(tool);

describe("explainMissingTool", () => {
  test("a registered tool the limit turned off gets forge's reason", () => {
    const replaced = explainMissingTool(result("bash"), LIMITS, allowed, (t) => t === "bash") as { content: Array<{ text: string }> };
    expect(replaced).toBeDefined();
    expect(replaced.content[0]!.text).not.toContain("not found");
    expect(replaced.content[0]!.text).toContain("docs");
  });

  test("a tool no extension registered keeps Pi's own words", () => {
    expect(explainMissingTool(result("web_search"), LIMITS, allowed, () => false)).toBeUndefined();
  });

  test("without a limit nothing is replaced", () => {
    expect(explainMissingTool(result("bash"), [], allowed, () => true)).toBeUndefined();
  });
});
