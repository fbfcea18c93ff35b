// How forge reads any file a repository or the user controls (bundles, sources, trust.json, caches, import inputs):
// regular files only, bounded in size. A cloned repository may point bundle.json at /dev/zero or a FIFO; reading that
// unbounded would hang Pi at startup or exhaust its memory before any trust decision.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from "node:fs";

export type BoundedRead =
  | { ok: true; bytes: Uint8Array }
  /** absent: no such file (ENOENT, ENOTDIR); not-regular: a directory, FIFO, device or socket; too-large: over the bound. */
  | { ok: false; reason: "absent" | "not-regular" | "too-large" | "unreadable"; detail: string };

/** What a file is, for messages: "a FIFO", "a character device"... */
function kindOf(st: ReturnType<typeof fstatSync>): string {
  if (st.isDirectory()) return "a directory";
  if (st.isFIFO()) return "a FIFO (named pipe)";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * Reads `path` when it is a regular file of at most `maxBytes` bytes (symlinks are followed; what they end at must be
 * a regular file). The open never blocks (O_NONBLOCK: a FIFO without a writer would wait forever), the kind and size
 * are checked on the open descriptor (no race with a swapped file), and the read stops after maxBytes + 1 bytes, so a
 * file that grows while read is still refused. Never throws.
 */
export function readBoundedFile(path: string, maxBytes: number): BoundedRead {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "EIO";
    if (code === "ENOENT" || code === "ENOTDIR") return { ok: false, reason: "absent", detail: `no such file (${code})` };
    if (code === "ENXIO") return { ok: false, reason: "not-regular", detail: "is a socket, not a regular file" };
    if (code === "EISDIR") return { ok: false, reason: "not-regular", detail: "is a directory, not a regular file" };
    return { ok: false, reason: "unreadable", detail: `cannot be read (${code})` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, reason: "not-regular", detail: `is ${kindOf(st)}, not a regular file` };
    if (st.size > maxBytes) return { ok: false, reason: "too-large", detail: `has ${st.size} bytes, more than the ${maxBytes}-byte bound` };
    // One byte more than fstat promised: reading it means the file grew while being read.
    const buf = Buffer.allocUnsafe(st.size + 1);
    let total = 0;
    while (total < buf.length) {
      const n = readSync(fd, buf, total, buf.length - total, null);
      if (n === 0) break;
      total += n;
    }
    if (total > st.size) return { ok: false, reason: "unreadable", detail: "changed while being read; try again" };
    return { ok: true, bytes: new Uint8Array(buf.buffer, buf.byteOffset, total) };
  } catch (err) {
    return { ok: false, reason: "unreadable", detail: `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})` };
  } finally {
    closeSync(fd);
  }
}

/** readBoundedFile as UTF-8 text (invalid bytes become U+FFFD: callers that must refuse them decode themselves). */
export function readBoundedText(path: string, maxBytes: number): { ok: true; text: string } | Extract<BoundedRead, { ok: false }> {
  const read = readBoundedFile(path, maxBytes);
  return read.ok ? { ok: true, text: Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.length).toString("utf8") } : read;
}

/**
 * Whether anything is at `path`, without opening or following it (lstat): a dangling symlink, a FIFO or a device
 * counts, so a `.git` marker of any kind is found and a file an import would replace is never missed.
 */
export function entryExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
