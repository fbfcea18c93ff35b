// Shape rules of the source tree that no compiler enforces: file size, one-line purpose headers, kebab-case names,
// and no double casts between host shims in the runtime.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const SOURCE_DIRS = ["core", "compiler", "runtime", "io", "scripts", "bench"];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : /\.(ts|mjs|mts)$/.test(name) && !name.endsWith(".d.mts") ? [path] : [];
  });
}

const files = SOURCE_DIRS.flatMap((d) => walk(join(ROOT, d))).map((abs) => ({ rel: relative(ROOT, abs), text: readFileSync(abs, "utf8") }));

describe("source shape", () => {
  test("no source file is over 300 lines", () => {
    const long = files.filter((f) => f.text.split("\n").length > 301).map((f) => `${f.rel}: ${f.text.split("\n").length - 1} lines`);
    expect(long).toEqual([]);
  });

  test("every file opens with a one-line comment saying what it is for", () => {
    const bare = files.filter((f) => !/^(#!.*\n)?\/\/ \S/.test(f.text)).map((f) => f.rel);
    expect(bare).toEqual([]);
  });

  test("file names are kebab-case", () => {
    const odd = files.filter((f) => !/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z]+)+$/.test(f.rel.split("/").pop()!)).map((f) => f.rel);
    expect(odd).toEqual([]);
  });

  test("the runtime never double-casts between host shapes", () => {
    const casts = files.filter((f) => f.rel.startsWith("runtime/") && f.text.includes("as unknown as")).map((f) => f.rel);
    expect(casts).toEqual([]);
  });
});
