// The lock comparison behind build --check and forge diff: which libraries changed, and which components taken from them.
import { describe, expect, it } from "vitest";
import { describeLibraryChange, diffLocks } from "../../compiler/review/bundle-changes.js";

const lock = (version: string, hash: string, modes: Record<string, string>, presets: Record<string, string> = {}) => ({
  name: "@acme/x",
  version,
  bundleHash: hash.repeat(64),
  components: { modes, presets },
});

describe("diffLocks", () => {
  it("lists nothing for equal locks, and a library only on one side as added or removed", () => {
    expect(diffLocks([lock("1.0.0", "a", { review: "1" })], [lock("1.0.0", "a", { review: "1" })])).toEqual([]);
    expect(diffLocks(undefined, [lock("1.0.0", "a", { review: "1" })])).toEqual([
      expect.objectContaining({
        name: "@acme/x",
        change: "added",
        version: { from: null, to: "1.0.0" },
        modes: { added: ["review"], removed: [], changed: [] },
      }),
    ]);
    expect(diffLocks([lock("1.0.0", "a", {})], [])).toEqual([expect.objectContaining({ change: "removed", version: { from: "1.0.0", to: null } })]);
  });

  it("compares components by own keys only (a key such as constructor is not found on Object.prototype)", () => {
    const [change] = diffLocks([lock("1.0.0", "a", { review: "1" })], [lock("1.1.0", "b", { review: "2", constructor: "3" })]);
    expect(change!.modes).toEqual({ added: ["constructor"], removed: [], changed: ["review"] });
  });

  it("reads a malformed old lock defensively", () => {
    expect(diffLocks("not a lock", [lock("1.0.0", "a", {})])).toHaveLength(1);
    expect(diffLocks([{ name: 7 }, null], [])).toEqual([]);
  });

  it("words a rebuild without a version change, and an upgrade that changes nothing taken", () => {
    const [rebuilt] = diffLocks([lock("1.0.0", "a", { review: "1" })], [lock("1.0.0", "b", { review: "1" })]);
    expect(describeLibraryChange(rebuilt!)).toEqual([
      `  library @acme/x: 1.0.0, rebuilt (bundleHash ${"a".repeat(12)} -> ${"b".repeat(12)})`,
      "    no component this bundle takes from it changed",
    ]);
  });

  it("warns when a library's version changed but its bundle did not (published without forge build --library)", () => {
    const [bumped] = diffLocks([lock("1.0.0", "a", { review: "1" })], [lock("1.1.0", "a", { review: "1" })]);
    expect(bumped!.bundleUnchanged).toBe(true);
    const lines = describeLibraryChange(bumped!);
    expect(lines[0]).toBe(`  library @acme/x: 1.0.0 -> 1.1.0 (bundleHash ${"a".repeat(12)} -> ${"a".repeat(12)})`);
    expect(lines.at(-1)).toContain(
      "warning: @acme/x's version changed but its bundle did not: if its sources changed, its bundle is stale (run `npx --no-install forge build --library` in the library",
    );
    // A real upgrade (a new bundle) is no such case.
    const [upgraded] = diffLocks([lock("1.0.0", "a", { review: "1" })], [lock("1.1.0", "b", { review: "2" })]);
    expect(upgraded!.bundleUnchanged).toBeUndefined();
    expect(describeLibraryChange(upgraded!).join("\n")).not.toContain("warning");
  });
});
