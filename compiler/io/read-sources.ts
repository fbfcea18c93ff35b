// The I/O edge that walks a forge root (`<root>/.pi/forge/`) into the SourceTree the pure compiler reads.
import { compareCodeUnits } from "../../core/canonical-json.js";
import { lstatSync, readdirSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { BUNDLE_FILE, isOwnOutput, LIMITS, type EscapingLink, type SourceFile, type SourceTree } from "../types.js";

export { BUNDLE_FILE, isOwnOutput };
import { readBoundedFile } from "../../io/read-bounded.js";

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
/**
 * The bytes an earlier read of the same root took, by the file's real path and its stat (inode, size, modified and
 * changed times): `build --watch` passes one across its rebuilds, so a rebuild reads only the files that changed.
 */
export type SourceReuse = Map<string, { key: string; bytes: Uint8Array }>;

const statKey = (st: { ino: number; size: number; mtimeMs: number; ctimeMs: number }): string => `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;

export function readSources(forgeRoot: string, reuse?: SourceReuse): SourceTree {
  let realRoot: string;
  try {
    realRoot = realpathSync(forgeRoot);
  } catch (err) {
    throw ioError(forgeRoot, err);
  }
  const files: SourceFile[] = [];
  const escapingLinks: EscapingLink[] = [];
  const outputLinks: EscapingLink[] = [];
  const limit = LIMITS.maxFiles + 1;
  let fileCount = 0;
  // Real directories already walked: a symlinked directory inside the root cannot loop forever.
  const visitedDirs = new Set<string>([realRoot]);

  // abs is the path as walked (named in errors); real is where its bytes are (the target of a symlink).
  const addFile = (abs: string, real: string, rel: string, viaLink: boolean, st: Parameters<typeof statKey>[0]): void => {
    fileCount++;
    // Unchanged since the last read of this watch (the stat taken before that read): the same bytes. A change between
    // that stat and the read leaves a stale key, so the next rebuild reads the file again.
    const key = statKey(st);
    const kept = reuse?.get(real);
    if (kept !== undefined && kept.key === key) {
      files.push(viaLink ? { path: rel, bytes: kept.bytes, symlinkTo: posixRelative(realRoot, real) } : { path: rel, bytes: kept.bytes });
      return;
    }
    // Regular files only, bounded: an oversize file becomes file_too_large without being loaded into memory.
    const read = readBoundedFile(real, LIMITS.maxFileBytes);
    if (read.ok) reuse?.set(real, { key, bytes: read.bytes });
    else reuse?.delete(real);
    if (!read.ok && read.reason !== "too-large") throw new SourceReadError(abs, read.reason, read.detail);
    const file: SourceFile = read.ok ? { path: rel, bytes: read.bytes } : { path: rel, bytes: new Uint8Array(0), tooLarge: true };
    files.push(viaLink ? { ...file, symlinkTo: posixRelative(realRoot, real) } : file);
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
        // A link to forge's own output: the output can never be an input (every build would embed the last one).
        if (isOwnOutput(posixRelative(realRoot, target))) {
          fileCount++;
          outputLinks.push({ path: rel });
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
        if (tst.isFile()) addFile(abs, target, rel, true, tst);
        continue;
      }
      // Sockets, FIFOs and devices are not sources (and reading a FIFO would block).
      if (st.isFile()) addFile(abs, abs, rel, viaLink, st);
    }
    return true;
  };

  walk(realRoot, "", false);
  return { files, escapingLinks, outputLinks, fileCount };
}
