// Table tests of a mode's tools over Pi's active tools: narrow everything, switch on read-only built-ins only.
import { describe, expect, it } from "vitest";
import { resolveTools } from "../../core/preferences.js";

const DEFAULT = ["read", "bash", "edit", "write"];

describe("resolveTools", () => {
  const table: Array<[name: string, baseline: string[], wanted: string[] | undefined, tools: string[]]> = [
    ["no tools preference keeps Pi's tools", DEFAULT, undefined, DEFAULT],
    ["Pi's example plan preset gets exactly read, grep, find, ls", DEFAULT, ["find", "grep", "ls", "read"], ["read", "grep", "find", "ls"]],
    ["narrowing keeps Pi's order", DEFAULT, ["write", "read"], ["read", "write"]],
    ["edit, write and bash are never switched on", ["read"], ["read", "edit", "write", "bash"], ["read"]],
    ["an extension tool is never switched on", ["read"], ["read", "web_search"], ["read"]],
    ["an active extension tool may stay", ["read", "web_search"], ["web_search"], ["web_search"]],
    ["an empty list switches everything off", DEFAULT, [], []],
    ["read-only tools already active are not repeated", ["grep", "read"], ["read", "grep", "ls"], ["grep", "read", "ls"]],
  ];
  it.each(table)("%s", (_name, baseline, wanted, tools) => {
    expect(resolveTools(baseline, wanted)).toEqual(tools);
  });
});
