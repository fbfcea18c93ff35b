// Token counts kept between processes (compiler/io/token-count-cache.ts): a build that reuses them writes the same bundle,
// byte for byte, as one that counts every text; a file that is not a count map is ignored; the file stays bounded.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { compile, emitBundleText } from "../../compiler/compile.js";
import { MAX_KEPT_COUNTS, openTokenCountCache } from "../../compiler/io/token-count-cache.js";
import type { TokenCountCache } from "../../compiler/types.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

const SOURCES = {
  "modes/notes.yaml": "label: Notes\ndescription: Take notes.\nstrategy: append\nprompt: Keep a short log of what you changed and why.\n",
  "modes/plan.yaml": "label: Plan\ndescription: Plan first.\nstrategy: append\nprompt: Write the plan before any edit; name each file.\n",
  "presets/daily.yaml": "description: Daily.\noverlays: [plan, notes]\n",
};
const dirs: string[] = [];
const scratch = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "forge-token-cache-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A cache that records which texts it was asked to add. */
function recordingCache(known = new Map<string, number>()): TokenCountCache & { added: string[]; known: Map<string, number> } {
  const added: string[] = [];
  return { added, known, get: (text) => known.get(text), set: (text, count) => (added.push(text), void known.set(text, count)) };
}

describe("token counts kept between builds", () => {
  test("a build with kept counts writes the same bundle as one that counts every text, and counts nothing again", () => {
    const cold = emitBundleText(compile(treeOf(SOURCES), FIXED_OPTIONS).bundle!);
    const first = recordingCache();
    expect(emitBundleText(compile(treeOf(SOURCES), { ...FIXED_OPTIONS, tokenCounts: first }).bundle!)).toBe(cold);
    expect(first.added.length).toBeGreaterThan(0);
    const second = recordingCache(first.known);
    expect(emitBundleText(compile(treeOf(SOURCES), { ...FIXED_OPTIONS, tokenCounts: second }).bundle!)).toBe(cold);
    expect(second.added).toEqual([]);
  });

  test("the file: counts a later process reads back, the same bundle from them, nothing kept without a cache directory", () => {
    const dir = scratch();
    const cold = emitBundleText(compile(treeOf(SOURCES), FIXED_OPTIONS).bundle!);
    const writer = openTokenCountCache(dir)!;
    compile(treeOf(SOURCES), { ...FIXED_OPTIONS, tokenCounts: writer });
    writer.save();
    const [file] = readdirSync(dir);
    expect(file).toMatch(/^tokens-o200k_base-[0-9a-f]{16}\.json$/);
    const reader = openTokenCountCache(dir)!;
    const kept = Object.values(JSON.parse(readFileSync(join(dir, file!), "utf8")) as Record<string, number>);
    expect(kept.length).toBeGreaterThan(0);
    const reused = recordingCache();
    const through: TokenCountCache = { get: (t) => reader.get(t), set: (t, n) => reused.set(t, n) };
    expect(emitBundleText(compile(treeOf(SOURCES), { ...FIXED_OPTIONS, tokenCounts: through }).bundle!)).toBe(cold);
    expect(reused.added).toEqual([]);
    expect(openTokenCountCache(null)).toBeNull();
  });

  test("a file that is not a map of digests to counts is read as none, and the next save replaces it", () => {
    const dir = scratch();
    openTokenCountCache(dir)!.save(); // nothing added: no file
    expect(readdirSync(dir)).toEqual([]);
    const probe = openTokenCountCache(dir)!;
    probe.set("x", 1);
    probe.save();
    const [file] = readdirSync(dir);
    for (const bad of ["{", "[]", '{"abc": 1}', `{"${"a".repeat(64)}": -1}`, `{"${"a".repeat(64)}": 1.5}`]) {
      writeFileSync(join(dir, file!), bad);
      const cache = openTokenCountCache(dir)!;
      expect(cache.get("x")).toBeUndefined();
      cache.set("y", 2);
      cache.save();
      expect(Object.values(JSON.parse(readFileSync(join(dir, file!), "utf8")))).toEqual([2]);
    }
  });

  test(`past ${MAX_KEPT_COUNTS} counts the file starts again with the new ones`, () => {
    const dir = scratch();
    const probe = openTokenCountCache(dir)!;
    probe.set("seed", 1);
    probe.save();
    const [file] = readdirSync(dir);
    const full = Object.fromEntries(Array.from({ length: MAX_KEPT_COUNTS }, (_, i) => [i.toString(16).padStart(64, "0"), i]));
    writeFileSync(join(dir, file!), JSON.stringify(full));
    const cache = openTokenCountCache(dir)!;
    cache.set("one more", 3);
    cache.save();
    expect(Object.values(JSON.parse(readFileSync(join(dir, file!), "utf8")))).toEqual([3]);
  });
});
