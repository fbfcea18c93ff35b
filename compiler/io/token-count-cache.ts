// Token counts kept between forge processes, beside the build cache: most builds count texts an earlier build already
// counted, and a kept count costs a hash where counting a 1,000-mode repository takes a tenth of a second or more.
import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { TokenCountCache } from "../types.js";
import { rankTable, rankTableModule, TOKENIZER } from "../tokens/count-tokens.js";
import { RANKS_FILE, RANKS_HEADER_BYTES, rankTableId } from "../tokens/rank-table.js";
import { writeCacheAtomic } from "../../io/atomic-write.js";
import { readBoundedText } from "../../io/read-bounded.js";

/** Past this many counts the file starts again with this process's own (a bound on what every build reads). */
export const MAX_KEPT_COUNTS = 50_000;
/** The file's bound: a count is one short line, so 50,000 of them stay far under it. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

export interface KeptTokenCounts extends TokenCountCache {
  /** Writes the counts this process added (atomically); nothing when it added none. */
  save(): void;
}

const sha256 = (data: string | Uint8Array): string => createHash("sha256").update(data).digest("hex");

/**
 * The rank table's own id names the file, so counts made with other ranks are never read: dist's table file says it in
 * its header (read alone, not the whole table); the library's ranks (tests, tsx) are built into a table first.
 */
function tokenizerId(): string | null {
  try {
    const module = createRequire(import.meta.url).resolve(rankTableModule());
    if (!module.endsWith(".cjs")) return rankTable().id.slice(0, 16);
    const fd = openSync(join(dirname(module), RANKS_FILE), "r");
    try {
      const header = new Uint8Array(RANKS_HEADER_BYTES);
      return rankTableId(header.subarray(0, readSync(fd, header, 0, header.length, 0)))?.slice(0, 16) ?? null;
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}

/** The counts a file holds: a JSON object of text digests to non-negative integers; anything else is no counts. */
function readCounts(file: string): Map<string, number> {
  const read = readBoundedText(file, MAX_FILE_BYTES);
  if (!read.ok) return new Map();
  try {
    const value: unknown = JSON.parse(read.text);
    if (value === null || typeof value !== "object" || Array.isArray(value)) return new Map();
    const out = new Map<string, number>();
    for (const [digest, count] of Object.entries(value)) {
      if (!/^[0-9a-f]{64}$/.test(digest) || !Number.isSafeInteger(count) || (count as number) < 0) return new Map();
      out.set(digest, count as number);
    }
    return out;
  } catch {
    return new Map();
  }
}

/**
 * The counts kept in `dir` (the build cache's directory); null `dir` (FORGE_NO_CACHE): none kept, none written. Nothing
 * is read until a compile asks for a count, so a build the no-op cache answers never opens the rank table.
 */
export function openTokenCountCache(dir: string | null): KeptTokenCounts | null {
  if (dir === null) return null;
  let file: string | null | undefined;
  let kept: Map<string, number> | null = null;
  const added = new Map<string, number>();
  /** The file for this tokenizer; null when its bytes cannot be read (then nothing is read or written). */
  const fileOf = (): string | null => {
    if (file === undefined) {
      const id = tokenizerId();
      file = id === null ? null : join(dir, `tokens-${TOKENIZER}-${id}.json`);
    }
    return file;
  };
  const known = (): Map<string, number> => {
    if (kept === null) {
      const at = fileOf();
      kept = at === null ? new Map() : readCounts(at);
    }
    return kept;
  };
  return {
    get: (text) => {
      const digest = sha256(text);
      return added.get(digest) ?? known().get(digest);
    },
    set: (text, count) => void added.set(sha256(text), count),
    save: () => {
      if (added.size === 0) return;
      const at = fileOf();
      if (at === null) return;
      const all = known().size + added.size > MAX_KEPT_COUNTS ? new Map(added) : new Map([...known(), ...added]);
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        writeCacheAtomic(at, `${JSON.stringify(Object.fromEntries(all))}\n`);
      } catch {
        // A cache that cannot be written only means counting again next time.
      }
    },
  };
}
