// How forge writes files: atomic (a reader sees the old file or the new one), fsynced for what it keeps (bundles, keys,
// the trust store) but not for caches, whose loss is re-derived; a temp name another process holds is never removed.
import fs, { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createTextExclusive, writeCacheAtomic, writeTextAtomic } from "../../io/atomic-write.js";

const dir = realpathSync(mkdtempSync(join(tmpdir(), "forge-atomic-")));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  syncBuiltinESMExports();
});

/** Spies on a node:fs function where io/atomic-write.ts calls it (its named imports follow the module once synced). */
function spy<K extends "fsyncSync" | "openSync">(name: K) {
  const s = vi.spyOn(fs, name);
  syncBuiltinESMExports();
  return s;
}

describe("atomic writes", () => {
  it("write and replace a file, fsynced, leaving no temp file", () => {
    const file = join(dir, "bundle.json");
    const fsync = spy("fsyncSync");
    writeTextAtomic(file, "one\n");
    writeTextAtomic(file, "two\n");
    expect(readFileSync(file, "utf8")).toBe("two\n");
    expect(fsync).toHaveBeenCalledTimes(2);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("a cache is written atomically too, without an fsync", () => {
    const file = join(dir, "cache.json");
    const fsync = spy("fsyncSync");
    writeCacheAtomic(file, "{}\n");
    writeCacheAtomic(file, '{"a":1}\n');
    expect(readFileSync(file, "utf8")).toBe('{"a":1}\n');
    expect(fsync).not.toHaveBeenCalled();
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("takes another temp name when one is taken, and never removes the taken one", () => {
    const file = join(dir, "retry.json");
    const real = fs.openSync;
    let taken = "";
    const open = spy("openSync").mockImplementation(((path: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode) => {
      if (taken === "" && flags === "wx") {
        taken = String(path);
        writeFileSync(taken, "another process's temp file");
        throw Object.assign(new Error("EEXIST: file already exists"), { code: "EEXIST" });
      }
      return real(path, flags ?? "r", mode);
    }) as typeof fs.openSync);
    writeTextAtomic(file, "mine\n");
    expect(readFileSync(file, "utf8")).toBe("mine\n");
    expect(
      open.mock.calls
        .filter((c) => c[1] === "wx")
        .map((c) => String(c[0]))
        .filter((p) => p !== taken),
    ).toHaveLength(1);
    expect(readFileSync(taken, "utf8")).toBe("another process's temp file");
    rmSync(taken);
  });

  it("creates a file only when it does not exist", () => {
    const file = join(dir, "exclusive.txt");
    expect(createTextExclusive(file, "first\n")).toBe(true);
    expect(createTextExclusive(file, "second\n")).toBe(false);
    expect(readFileSync(file, "utf8")).toBe("first\n");
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});
