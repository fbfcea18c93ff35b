// What a fork keeps of forge's records (core/fork-carry.ts): forge's own custom entries on the path the fork starts from,
// never the messages the model was told; nothing when the entry is not on the branch.
import { describe, expect, it } from "vitest";
import { forkRecords, isForgeRecord } from "../../core/fork-carry.js";

const branch = [
  { type: "model_change", id: "a" },
  { type: "custom", id: "b", customType: "forge-mode-state", data: { v: 1 } },
  { type: "custom", id: "c", customType: "forge-system-update", data: { updateId: "update-1" } },
  { type: "custom_message", id: "d", customType: "forge-system-update-message", data: undefined },
  { type: "custom", id: "e", customType: "other-extension", data: 1 },
  { type: "message", id: "f" },
  { type: "custom", id: "g", customType: "forge-system-update", data: { updateId: "update-2" } },
  { type: "message", id: "h" },
];

describe("fork records", () => {
  it("takes forge's custom entries before the forked entry (a fork at a user message), or up to it ('at')", () => {
    expect(forkRecords(branch, "f")).toEqual([
      { customType: "forge-mode-state", data: { v: 1 } },
      { customType: "forge-system-update", data: { updateId: "update-1" } },
    ]);
    expect(forkRecords(branch, "g", "at")?.map((r) => r.data)).toEqual([{ v: 1 }, { updateId: "update-1" }, { updateId: "update-2" }]);
    expect(forkRecords(branch, "a")).toEqual([]);
  });

  it("is null for an entry not on the branch, and never takes messages or another extension's entries", () => {
    expect(forkRecords(branch, "zz")).toBeNull();
    expect(branch.filter(isForgeRecord).map((e) => e.id)).toEqual(["b", "c", "g"]);
  });
});
