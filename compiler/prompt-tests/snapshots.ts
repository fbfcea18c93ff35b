// Snapshots: the exact prompt of a test on one host, kept as a reviewable text file beside the test (volatile parts as
// named placeholders), compared on every run with a unified diff and the token change. Pure: files come and go as data.
import { countTokens } from "../tokens/count-tokens.js";
import { unifiedDiff } from "../review/unified-diff.js";
import type { HostId } from "./test-case.js";

/** pure: the pure tier's prompt; pi: the prompt a real Pi sent (forge test --pi), Pi's own text included. */
export type Tier = "pure" | "pi";

/** tests/shipping.yaml, test "fast", pi-1 -> tests/shipping.snap/fast.pi-1.txt (--pi: fast.pi-1.pi.txt). */
export function snapshotPath(testFile: string, test: string, host: HostId, tier: Tier): string {
  const dir = testFile.replace(/\.(yaml|yml|json)$/, ".snap");
  return `${dir}/${test}.${host}${tier === "pi" ? ".pi" : ""}.txt`;
}

/** A snapshot file's text: the prompt and one final line break. */
export function snapshotFileText(prompt: string): string {
  return `${prompt}\n`;
}

/** What a snapshot file holds, read back: its prompt (the final line break dropped), or why it cannot be read. */
export type StoredSnapshot = { text: string } | { problem: string } | null;

export function storedSnapshot(bytes: Uint8Array | null, tooLarge = false): StoredSnapshot {
  if (bytes === null) return null;
  if (tooLarge) return { problem: "the snapshot file is over the size bound" };
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { text: text.endsWith("\n") ? text.slice(0, -1) : text };
  } catch {
    return { problem: "the snapshot file is not UTF-8" };
  }
}

export interface TokenChange {
  from: number;
  to: number;
  delta: number;
}

export interface SnapshotResult {
  /** The snapshot file, relative to the forge root (printed relative to the current directory; messages name no path). */
  file: string;
  /** matched; mismatched; missing (no file yet: run --update); written (--update made it); updated (--update rewrote it). */
  status: "matched" | "mismatched" | "missing" | "written" | "updated";
  /** The unified diff from the file to this prompt; "" when they match. */
  diff: string;
  /** The prompt's tokens before and after (o200k_base), when it changed; null otherwise. */
  tokens: TokenChange | null;
  message: string;
}

export function tokenChange(from: string, to: string): TokenChange {
  const a = countTokens(from);
  const b = countTokens(to);
  return { from: a, to: b, delta: b - a };
}

/** "+12 tokens (480 -> 492)"; one token is singular. */
export function describeTokenChange(change: TokenChange): string {
  const sign = change.delta > 0 ? "+" : change.delta < 0 ? "-" : "±";
  const n = Math.abs(change.delta);
  return `${sign}${n} token${n === 1 ? "" : "s"} (${change.from} -> ${change.to})`;
}

/**
 * The prompt (with placeholders) against its stored snapshot. With `update`, a differing or missing file is to be
 * written (the caller writes it): the result says so and passes. `updateCommand`: the run repeated with --update.
 */
export function compareSnapshot(file: string, prompt: string, stored: StoredSnapshot, update: boolean, updateCommand: string): SnapshotResult {
  if (stored !== null && "text" in stored && stored.text === prompt)
    return { file, status: "matched", diff: "", tokens: null, message: "matches its snapshot" };
  const before = stored !== null && "text" in stored ? stored.text : null;
  const diff = unifiedDiff(before ?? "", prompt, { fromLabel: before === null ? "/dev/null" : "snapshot", toLabel: "prompt now" });
  const tokens = before === null ? null : tokenChange(before, prompt);
  if (update) {
    const status = before === null ? "written" : "updated";
    return { file, status, diff, tokens, message: `snapshot ${status}${tokens ? ` (${describeTokenChange(tokens)})` : ""}` };
  }
  if (stored === null) return { file, status: "missing", diff, tokens: null, message: `no snapshot yet; run \`${updateCommand}\` to write it` };
  if ("problem" in stored) return { file, status: "mismatched", diff, tokens: null, message: `${stored.problem}; run \`${updateCommand}\` to rewrite it` };
  return { file, status: "mismatched", diff, tokens, message: `the prompt differs from its snapshot: ${describeTokenChange(tokens!)}` };
}
