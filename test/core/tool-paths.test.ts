// Table tests of path extraction: which argument of each tool forge reads, and how it becomes a project-relative path.
import { describe, expect, it } from "vitest";
import { projectRelative, toolCallPaths } from "../../core/tool-paths.js";

describe("the paths a tool call names", () => {
  const table: Array<[tool: string, input: unknown, paths: string[] | null]> = [
    ["read", { path: "src/db/schema.sql" }, ["src/db/schema.sql"]],
    ["read", { path: "src/a.ts", offset: 10, limit: 5 }, ["src/a.ts"]],
    ["edit", { path: "src/a.ts", edits: [{ oldText: "a", newText: "b" }] }, ["src/a.ts"]],
    ["write", { path: "docs/new.md", content: "x" }, ["docs/new.md"]],
    ["grep", { pattern: "TODO", path: "src/db" }, ["src/db"]],
    ["grep", { pattern: "TODO" }, ["."]],
    ["find", { pattern: "*.sql", path: "migrations" }, ["migrations"]],
    ["find", { pattern: "*.sql" }, ["."]],
    ["ls", { path: "src" }, ["src"]],
    ["ls", {}, ["."]],
    // The host refuses these before they run; forge sees no path (an edit limit then refuses too).
    ["read", {}, []],
    ["edit", { path: 42 }, []],
    ["write", null, []],
    // Not path tools: bash cannot be checked, extension tools are not read.
    ["bash", { command: "cat src/db/schema.sql" }, null],
    ["forge_system_update", { action: "activate", id: "x" }, null],
  ];
  it.each(table)("%s %j", (tool, input, paths) => {
    expect(toolCallPaths(tool, input)).toEqual(paths);
  });
});

describe("project-relative paths", () => {
  const root = "/repo";
  const table: Array<[raw: string, cwd: string, rel: string | null]> = [
    ["src/db/schema.sql", "/repo", "src/db/schema.sql"],
    ["./src/db/../db/schema.sql", "/repo", "src/db/schema.sql"],
    ["schema.sql", "/repo/src/db", "src/db/schema.sql"],
    ["../README.md", "/repo/src", "README.md"],
    ["/repo/src/a.ts", "/elsewhere", "src/a.ts"],
    ["@src/a.ts", "/repo", "src/a.ts"],
    ["src/my\u00A0file.ts", "/repo", "src/my file.ts"],
    [".", "/repo", ""],
    ["~/notes.md", "/repo", null],
    ["~/repo/x.ts", "/repo", null],
    ["../other/x.ts", "/repo", null],
    ["/etc/passwd", "/repo", null],
    ["/repository/x", "/repo", null],
  ];
  it.each(table)("%s from %s", (raw, cwd, rel) => {
    expect(projectRelative(raw, cwd, root, "/home/me")).toBe(rel);
  });

  it("expands ~ to the home directory, which may hold the project", () => {
    expect(projectRelative("~/repo/src/a.ts", "/tmp", "/home/me/repo", "/home/me")).toBe("src/a.ts");
  });
});
