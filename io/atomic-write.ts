// How forge writes files (bundles, caches, scaffolds, saved presets, the trust store): atomic, never half-written.
// (Reads go through read-bounded.ts: regular files only, bounded.)
import { closeSync, fsyncSync, linkSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";

let tempCount = 0;

/**
 * Name of the temp file beside `path`; read-sources.ts ignores this pattern. Unique within this process by its count,
 * and across processes by the pid and the time; the exclusive open ("wx") refuses a name that is taken anyway, and the
 * caller then asks for another. (randomBytes here cost its first call's setup, a tenth of an edit-and-build loop.)
 */
function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now().toString(36)}${(tempCount++).toString(36)}.tmp`);
}

/** A new temp file beside `path` holding `text`: another name while one is taken (EEXIST), at most 8 tries. */
function writeTemp(path: string, text: string, mode: number, synced: boolean): string {
  for (let attempt = 0; ; attempt++) {
    const tmp = tempPathFor(path);
    try {
      writeNewFileSynced(tmp, text, mode, synced);
      return tmp;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 7) throw err;
    }
  }
}

/** Cleanup of a temp file: it may already be gone, and a failed cleanup must not hide the real outcome. */
function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

/** Writes `text` to `path`, which must not exist yet, and fsyncs it (unless `synced` is false); on failure the file is removed again. */
function writeNewFileSynced(path: string, text: string, mode: number, synced = true): void {
  let fd: number | null = openSync(path, "wx", mode);
  try {
    const buf = Buffer.from(text, "utf8");
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    if (synced) fsyncSync(fd);
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
  writeAtomic(path, text, mode, true);
}

/**
 * The same for a cache (the build cache, kept token counts): atomic, but not fsynced. A power loss may lose the new
 * file or leave the old one; never a half-written one, and a cache lost is re-derived. The fsync was a tenth of the
 * edit-and-build loop's time (bench/build.mjs).
 */
export function writeCacheAtomic(path: string, text: string): void {
  writeAtomic(path, text, 0o644, false);
}

function writeAtomic(path: string, text: string, mode: number, synced: boolean): void {
  const tmp = writeTemp(path, text, mode, synced);
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
  const tmp = writeTemp(path, text, 0o644, true);
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
