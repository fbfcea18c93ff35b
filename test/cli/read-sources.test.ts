// The I/O edge: sorted walk, bundle.json ignored, symlinks kept inside the root and listed when escaping, the file bound.
import { mkdirSync, renameSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SourceReadError, readSources, type SourceReuse } from "../../compiler/io/read-sources.js";
import { LIMITS } from "../../compiler/types.js";
import { makeTempDir, removeTempDirs, writeTree } from "./helpers.js";

afterAll(removeTempDirs);

describe("readSources", () => {
  it("--watch's reuse: an unchanged file's bytes are kept, a changed one (same size and times, or replaced) is read again", () => {
    const root = makeTempDir();
    writeTree(root, { "modes/a.yaml": "aaaa", "modes/b.yaml": "bbbb", "modes/c.yaml": "cccc" });
    const reuse: SourceReuse = new Map();
    const first = readSources(root, reuse);
    expect(reuse.size).toBe(3);
    const text = (tree: ReturnType<typeof readSources>, path: string) => new TextDecoder().decode(tree.files.find((f) => f.path === path)!.bytes);
    // b rewritten with the same size and its old times put back: its ctime still moved. c replaced by a rename: a new inode.
    const t = new Date(Date.now() - 60_000);
    utimesSync(join(root, "modes/b.yaml"), t, t);
    const kept = readSources(root, reuse);
    writeFileSync(join(root, "modes/b.yaml"), "BBBB");
    utimesSync(join(root, "modes/b.yaml"), t, t);
    writeFileSync(join(root, "modes/c.new"), "CCCC");
    renameSync(join(root, "modes/c.new"), join(root, "modes/c.yaml"));
    const second = readSources(root, reuse);
    expect([text(second, "modes/a.yaml"), text(second, "modes/b.yaml"), text(second, "modes/c.yaml")]).toEqual(["aaaa", "BBBB", "CCCC"]);
    // The unchanged file is the very bytes read before (not read again); without reuse every file is read.
    expect(second.files.find((f) => f.path === "modes/a.yaml")!.bytes).toBe(first.files.find((f) => f.path === "modes/a.yaml")!.bytes);
    expect(kept.files.find((f) => f.path === "modes/c.yaml")!.bytes).toBe(first.files.find((f) => f.path === "modes/c.yaml")!.bytes);
    expect(readSources(root).files.find((f) => f.path === "modes/a.yaml")!.bytes).not.toBe(first.files.find((f) => f.path === "modes/a.yaml")!.bytes);
  });

  it("walks in sorted order with posix relative paths and skips bundle.json and writer temp files", () => {
    const root = makeTempDir();
    writeTree(root, {
      "presets/b.yaml": "b",
      "modes/z.yaml": "z",
      "modes/a.yaml": "a",
      "partials/deep/x.md": "x",
      "bundle.json": "{}",
      ".bundle.json.123.abcd.tmp": "",
    });
    const tree = readSources(root);
    expect(tree.files.map((f) => f.path)).toEqual(["modes/a.yaml", "modes/z.yaml", "partials/deep/x.md", "presets/b.yaml"]);
    expect(new TextDecoder().decode(tree.files[0]!.bytes)).toBe("a");
    expect(tree.escapingLinks).toEqual([]);
    expect(tree.fileCount).toBe(4);
  });

  it("keeps symlinks that resolve inside the root and lists escaping and dangling ones without reading them", () => {
    const root = makeTempDir();
    const outside = makeTempDir();
    writeTree(root, { "prompts/real.md": "inside" });
    writeFileSync(join(outside, "secret.md"), "secret");
    mkdirSync(join(root, "modes"));
    symlinkSync(join(root, "prompts/real.md"), join(root, "modes/inside.md"));
    symlinkSync(join(outside, "secret.md"), join(root, "modes/escape.md"));
    symlinkSync(join(root, "nope.md"), join(root, "modes/dangling.md"));
    symlinkSync(outside, join(root, "outdir"));
    const tree = readSources(root);
    const inside = tree.files.find((f) => f.path === "modes/inside.md");
    expect(inside?.symlinkTo).toBe("prompts/real.md");
    expect(new TextDecoder().decode(inside!.bytes)).toBe("inside");
    expect(tree.escapingLinks.map((l) => l.path).sort()).toEqual(["modes/dangling.md", "modes/escape.md", "outdir"]);
    expect(tree.files.some((f) => new TextDecoder().decode(f.bytes) === "secret")).toBe(false);
  });

  it("follows a symlinked directory inside the root and records where its files really are", () => {
    const root = makeTempDir();
    writeTree(root, { "shared/rules.md": "rules" });
    mkdirSync(join(root, "partials"));
    symlinkSync(join(root, "shared"), join(root, "partials/linked"));
    const tree = readSources(root);
    expect(tree.files.map((f) => [f.path, f.symlinkTo])).toEqual([
      ["partials/linked/rules.md", "shared/rules.md"],
      ["shared/rules.md", undefined],
    ]);
  });

  it("does not loop on a symlinked directory cycle", () => {
    const root = makeTempDir();
    writeTree(root, { "modes/a.yaml": "a" });
    symlinkSync(root, join(root, "modes/loop"));
    const tree = readSources(root);
    expect(tree.files.map((f) => f.path)).toEqual(["modes/a.yaml"]);
  });

  it("stops at maxFiles + 1 and reports the count", () => {
    const root = makeTempDir();
    mkdirSync(join(root, "partials"));
    for (let i = 0; i < LIMITS.maxFiles + 10; i++) writeFileSync(join(root, "partials", `p${i}.md`), "x");
    const tree = readSources(root);
    expect(tree.fileCount).toBe(LIMITS.maxFiles + 1);
    expect(tree.files.length).toBe(LIMITS.maxFiles + 1);
  });

  it("never loads a file over maxFileBytes: it is marked too large, with no bytes read", () => {
    const root = makeTempDir();
    writeTree(root, { "modes/huge.yaml": "x".repeat(LIMITS.maxFileBytes * 2), "modes/fits.yaml": "x".repeat(LIMITS.maxFileBytes) });
    const [fits, huge] = readSources(root).files;
    expect(huge).toMatchObject({ path: "modes/huge.yaml", tooLarge: true });
    expect(huge!.bytes.length).toBe(0);
    expect(fits!.bytes.length).toBe(LIMITS.maxFileBytes);
  });

  it("throws a SourceReadError for a missing root", () => {
    expect(() => readSources(join(makeTempDir(), "absent"))).toThrow(SourceReadError);
  });
});
