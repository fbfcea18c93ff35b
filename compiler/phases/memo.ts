// The previous compile's results, kept by `build --watch` and the studio: a step is reused when its inputs are the same
// as last time (a file by its content digest, a component by the values it was computed from), else computed again.
import { createHash } from "node:crypto";
import type { CanonicalCache } from "../../core/canonical-json.js";

/**
 * Reuses or computes one step's value. `step` and `subject` name it ("parse", "modes/plan.yaml"); `deps` lists
 * every input the value is a function of, compared with Object.is (objects by identity: an unchanged file's parsed
 * value is the very object of last time, so a component built from it is reused in turn). `stillValid` checks inputs
 * found while computing (the partials a template inlined). A step's deps must name all it reads: the bundle of an
 * incremental compile equals a cold compile's byte for byte (test/compiler/incremental.test.ts).
 */
export interface Memo {
  reuse<T>(step: string, subject: string, deps: () => readonly unknown[], compute: () => T, stillValid?: (value: T) => boolean): T;
  /** The canonical texts of the bundle entries built so far (an entry kept is written once); null: none kept. */
  readonly canonical: CanonicalCache | null;
}

interface Entry {
  deps: readonly unknown[];
  value: unknown;
}

/** The results one compile kept, by step and subject: only those it ran or reused, so a deleted file's results go with it. */
export type MemoTable = ReadonlyMap<string, ReadonlyMap<string, Entry>>;

/** No previous compile: every step computes (a one-shot `forge build`). */
export const NO_MEMO: Memo = { reuse: (_step, _subject, _deps, compute) => compute(), canonical: null };

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** A memo over `previous` (null: the first compile); `close()` returns what this compile kept, for the next one. */
export function openMemo(previous: MemoTable | null, canonical: CanonicalCache): Memo & { close(): MemoTable } {
  const next = new Map<string, Map<string, Entry>>();
  return {
    canonical,
    reuse<T>(step: string, subject: string, deps: () => readonly unknown[], compute: () => T, stillValid?: (value: T) => boolean): T {
      let kept = next.get(step);
      if (kept === undefined) next.set(step, (kept = new Map()));
      const now = deps();
      const before = previous?.get(step)?.get(subject);
      if (before !== undefined && sameDeps(before.deps, now) && (stillValid === undefined || stillValid(before.value as T))) {
        kept.set(subject, before);
        return before.value as T;
      }
      const value = compute();
      kept.set(subject, { deps: now, value });
      return value;
    },
    close: () => next,
  };
}

/** The content digest a file's results are kept under. */
export function contentDigest(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
