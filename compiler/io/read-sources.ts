// The I/O edge that walks a forge root (`<root>/.pi/forge/`) into the SourceTree the pure compiler reads.
import { compareCodeUnits } from "../../core/canonical-json.js";
import { closeSync, fstatSync, lstatSync, openSync, readSync, readdirSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { LIMITS, type EscapingLink, type SourceFile, type SourceTree } from "../types.js";

/** The compiled output lives beside the sources; it is never a source. */
export const BUNDLE_FILE = "bundle.json";

/** Our own output at the forge root: bundle.json and the atomic writer's temp files (common/atomic-write.ts). Never a source. */
export function isOwnOutput(relPath: string): boolean {
  if (relPath.includes("/")) return false;
  return relPath === BUNDLE_FILE || (relPath.startsWith(".bundle.json.") && relPath.endsWith(".tmp"));
}

/** An I/O failure while reading sources: a clear message for the CLI, never a stack trace. */
export class SourceReadError extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
    detail: string,
  ) {
    super(`cannot read ${path}: ${detail}`);
    this.name = "SourceReadError";
  }
}

/** `to` relative to `from`, with posix separators on every platform (how forge names files in output). */
export function posixRelative(from: string, to: string): string {
  const rel = relative(from, to);
  return sep === "/" ? rel : rel.split(sep).join("/");
}

function ioError(path: string, err: unknown): SourceReadError {
  const e = err as NodeJS.ErrnoException;
  const code = e?.code ?? "EIO";
  const reason =
    code === "EACCES" || code === "EPERM"
      ? "permission denied"
      : code === "ENOENT"
        ? "no such file or directory"
        : code === "ENOTDIR"
          ? "not a directory"
          : (e?.message ?? String(err));
  return new SourceReadError(path, code, `${reason} (${code})`);
}

/**
 * Reads at most maxFileBytes + 1 bytes: enough for the compiler to see that a file is too large
 * (its size-bound diagnostic) without loading an arbitrarily big file into memory.
 */
function readBounded(absPath: string): Uint8Array {
  const fd = openSync(absPath, "r");
  try {
    // Size the buffer from fstat (a file may still grow while read: the cap holds regardless).
    const cap = Math.min(fstatSync(fd).size, LIMITS.maxFileBytes) + 1;
    const buf = Buffer.allocUnsafe(cap);
    let total = 0;
    while (total < cap) {
      const n = readSync(fd, buf, total, cap - total, null);
      if (n === 0) break;
      total += n;
    }
    return new Uint8Array(buf.buffer, buf.byteOffset, total);
  } finally {
    closeSync(fd);
  }
}

function isInside(realRoot: string, target: string): boolean {
  const rel = relative(realRoot, target);
  return rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * Walks the forge root depth-first in sorted order (code-unit order, so every machine agrees).
 * Symlinks are resolved with realpath and kept only when the target stays inside the root;
 * escaping or dangling ones are listed in escapingLinks and never read. Stops once
 * LIMITS.maxFiles + 1 entries were seen, so the compiler can report the bound.
 * Throws SourceReadError on an unreadable directory or file.
 */
export function readSources(forgeRoot: string): SourceTree {
  let realRoot: string;
  try {
    realRoot = realpathSync(forgeRoot);
  } catch (err) {
    throw ioError(forgeRoot, err);
  }
  const files: SourceFile[] = [];
  const escapingLinks: EscapingLink[] = [];
  const limit = LIMITS.maxFiles + 1;
  let fileCount = 0;
  // Real directories already walked: a symlinked directory inside the root cannot loop forever.
  const visitedDirs = new Set<string>([realRoot]);

  // abs is the path as walked (named in errors); real is where its bytes are (the target of a symlink).
  const addFile = (abs: string, real: string, rel: string, viaLink: boolean): void => {
    fileCount++;
    let bytes: Uint8Array;
    try {
      bytes = readBounded(real);
    } catch (err) {
      throw ioError(abs, err);
    }
    files.push(viaLink ? { path: rel, bytes, symlinkTo: posixRelative(realRoot, real) } : { path: rel, bytes });
  };

  // viaLink: absDir was reached through a symlinked directory, so its files are reached through a symlink too.
  const walk = (absDir: string, relDir: string, viaLink: boolean): boolean => {
    let names: string[];
    try {
      names = readdirSync(absDir);
    } catch (err) {
      throw ioError(absDir, err);
    }
    names.sort(compareCodeUnits);
    for (const name of names) {
      if (fileCount >= limit) return false;
      const rel = relDir === "" ? name : `${relDir}/${name}`;
      if (isOwnOutput(rel)) continue;
      const abs = join(absDir, name);
      let st;
      try {
        st = lstatSync(abs);
      } catch (err) {
        throw ioError(abs, err);
      }
      if (st.isDirectory()) {
        if (!walk(abs, rel, viaLink)) return false;
        continue;
      }
      if (st.isSymbolicLink()) {
        let target: string | null = null;
        try {
          target = realpathSync(abs);
        } catch {
          // dangling: reported like an escaping link
        }
        if (target === null || !isInside(realRoot, target)) {
          fileCount++;
          escapingLinks.push({ path: rel });
          continue;
        }
        let tst;
        try {
          tst = statSync(target);
        } catch (err) {
          throw ioError(abs, err);
        }
        if (tst.isDirectory()) {
          if (visitedDirs.has(target)) continue;
          visitedDirs.add(target);
          if (!walk(target, rel, true)) return false;
          continue;
        }
        if (tst.isFile()) addFile(abs, target, rel, true);
        continue;
      }
      // Sockets, FIFOs and devices are not sources (and reading a FIFO would block).
      if (st.isFile()) addFile(abs, abs, rel, viaLink);
    }
    return true;
  };

  walk(realRoot, "", false);
  return { files, escapingLinks, fileCount };
}
