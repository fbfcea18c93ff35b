// Argument parsing shared by the /mode, /preset and /forge commands (completion: runtime/argument-completion.ts). Pure.
import { wordsOf } from "../argument-completion.js";
import type { DriftPolicy } from "../../core/selection.js";
import { suggestClosest } from "../../core/suggest.js";
import type { ExactConfirmation } from "../selection-transitions.js";

export interface CommandArgs {
  /** Positional words, in order. */
  words: string[];
  json: boolean;
  drift: DriftPolicy | null;
  confirm: ExactConfirmation;
  force: boolean;
  errors: string[];
}

const POLICIES = new Set(["block", "warn", "allow"]);
/** The options these commands take, for "did you mean" (`--drfit` -> `--drift`). */
const OPTIONS = ["json", "force", "confirm-exact", "drift"];

export function parseArgs(text: string): CommandArgs {
  const tokens = wordsOf(text);
  const out: CommandArgs = { words: [], json: false, drift: null, confirm: { given: false }, force: false, errors: [] };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === "--json") out.json = true;
    else if (t === "--force") out.force = true;
    else if (t === "--confirm-exact") out.confirm = { given: true, digestPrefix: null };
    else if (t.startsWith("--confirm-exact=")) {
      const prefix = t.slice("--confirm-exact=".length).toLowerCase();
      if (!/^[0-9a-f]{6,64}$/.test(prefix)) out.errors.push(`--confirm-exact=<digest> takes 6 to 64 hex digits, got "${prefix}"`);
      else out.confirm = { given: true, digestPrefix: prefix };
    } else if (t === "--drift" || t.startsWith("--drift=")) {
      const value = t === "--drift" ? tokens[++i] : t.slice("--drift=".length);
      if (value === undefined || !POLICIES.has(value)) out.errors.push(`--drift takes block, warn or allow, got "${value ?? ""}"`);
      else out.drift = value as DriftPolicy;
    } else if (t.startsWith("--")) {
      const near = suggestClosest(t.slice(2).split("=")[0]!, OPTIONS);
      out.errors.push(`unknown option ${t}${near === null ? "" : `; did you mean --${near}?`}`);
    } else out.words.push(t);
  }
  return out;
}

export { completeLastWord, precedingWords, type Choice } from "../argument-completion.js";
