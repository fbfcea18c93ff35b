// Pure parts of `forge explain`: slot offsets and volatility, contract statuses, and preference origins.
import { describe, expect, it } from "vitest";
import type { Mode } from "../../generated/types.js";
import { findSlotUses, isCacheSensitive } from "../../compiler/review/cache-slots.js";
import { checkDeclaredContracts, explainPreferences } from "../../compiler/review/explain.js";
import { buildCatalog } from "../../core/component-catalog.js";

function mode(over: Partial<Mode>): Mode {
  return {
    label: "M",
    description: "",
    strategy: "append",
    prompt: [{ text: "x" }],
    requires: [],
    conflictsWith: [],
    before: [],
    after: [],
    source: "modes/m.yaml",
    digest: "0".repeat(64),
    ...over,
  };
}

describe("findSlotUses", () => {
  it("reports each slot once, at the offset of its first use in the rendered text, with a use count", () => {
    const values: Record<string, string> = { date: "2026-11-30", cwd: "/repo", time: "10:00" };
    const uses = findSlotUses(
      [{ text: "On " }, { slot: "date" }, { text: " in " }, { slot: "cwd" }, { text: ", " }, { slot: "date" }, { slot: "time" }],
      (slot) => values[slot] ?? "",
    );
    expect(uses).toEqual([
      { slot: "date", volatility: "daily", cacheSensitive: true, offset: 3, count: 2 },
      { slot: "cwd", volatility: "per-project", cacheSensitive: false, offset: "On 2026-11-30 in ".length, count: 1 },
      { slot: "time", volatility: "per-request", cacheSensitive: true, offset: "On 2026-11-30 in /repo, 2026-11-30".length, count: 1 },
    ]);
  });

  it("counts only slots that change within a session as cache-sensitive", () => {
    expect((["time", "date", "model", "mode", "preset", "cwd", "os"] as const).filter(isCacheSensitive)).toEqual(["time", "date", "model"]);
  });
});

describe("checkDeclaredContracts", () => {
  const catalog = buildCatalog({
    project: {
      generated: "by forge build, do not edit",
      format: 1,
      forgeVersion: "test",
      scope: "project",
      bundleHash: "0".repeat(64),
      presets: {},
      modes: {
        base: mode({ strategy: "replace_base", requires: ["a"], before: ["a"] }),
        a: mode({ after: ["b"], conflictsWith: ["c"] }),
        b: mode({ before: ["a"], requires: ["c"] }),
        c: mode({}),
      },
    },
  });

  it("gives every declared contract a status for the exact selection", () => {
    expect(checkDeclaredContracts(catalog, "base", ["a", "b"]).map((c) => `${c.declaredBy} ${c.kind} ${c.other}: ${c.status}`)).toEqual([
      "base requires a: held",
      "base before a: not-applicable", // the base is not ordered
      "a conflictsWith c: not-applicable",
      "a after b: violated",
      "b requires c: violated",
      "b before a: violated",
    ]);
    expect(
      checkDeclaredContracts(catalog, null, ["b", "a", "c"])
        .filter((c) => c.status === "violated")
        .map((c) => c.detail),
    ).toEqual(["a conflicts with c, which is selected"]);
  });
});

describe("explainPreferences", () => {
  it("names the component each preference comes from; an empty intersection switches every tool off", () => {
    const prefs = explainPreferences([
      { key: "one", mode: mode({ model: "p/m1", tools: ["read"] }) },
      { key: "two", mode: mode({ thinking: "low" }) },
      { key: "three", mode: mode({ model: "p/m3", tools: ["bash"] }) },
    ]);
    expect(prefs).toEqual({
      model: { value: "p/m3", from: ["three"] },
      thinking: { value: "low", from: ["two"] },
      tools: { value: [], from: ["one", "three"] },
    });
  });
});
