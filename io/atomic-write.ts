// How forge writes files (bundles, caches, scaffolds, saved presets, the trust store): atomic, never half-written.
// (Reads go through read-bounded.ts: regular files only, bounded.)
import { closeSync, fsyncSync, linkSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";

/** Name of the temp file beside `path`; read-sources.ts ignores this pattern. */
function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}

/** Cleanup of a temp file: it may already be gone, and a failed cleanup must not hide the real outcome. */
function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

/** Writes `text` to `path`, which must not exist yet, and fsyncs it; on failure the file is removed again. */
function writeNewFileSynced(path: string, text: string, mode: number): void {
  let fd: number | null = openSync(path, "wx", mode);
  try {
    const buf = Buffer.from(text, "utf8");
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
  } catch (err) {
    if (fd !== null) closeSync(fd);
    removeQuietly(path);
    throw err;
  }
}

/**
 * Writes `text` to `path` atomically: the bytes go to a temp file in the same directory (same
 * filesystem, so rename is atomic), are fsynced, and the temp file is renamed over `path`.
 * A reader sees either the old file or the new one, never a prefix. On failure the temp file is removed.
 */
export function writeTextAtomic(path: string, text: string, mode = 0o644): void {
  const tmp = tempPathFor(path);
  writeNewFileSynced(tmp, text, mode);
  try {
    renameSync(tmp, path);
  } catch (err) {
    removeQuietly(tmp);
    throw err;
  }
}

/**
 * Creates `path` with `text` only when it does not exist yet, atomically: the temp file is
 * hard-linked into place (link fails with EEXIST instead of replacing), so an existing file is
 * never overwritten and a new one is never seen half-written. Returns false when it existed.
 */
export function createTextExclusive(path: string, text: string): boolean {
  const tmp = tempPathFor(path);
  writeNewFileSynced(tmp, text, 0o644);
  try {
    linkSync(tmp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  } finally {
    removeQuietly(tmp);
  }
}
