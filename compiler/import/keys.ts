// Normalizes another tool's keys, slugs and names into forge keys (^[a-z][a-z0-9-]*$, at most 64 characters).
import { LIMITS } from "../../generated/constants.js";

export const MAX_KEY_LENGTH: number = LIMITS.maxKeyLength;

/** Valid by pattern but refused by the compiler (2-parse.ts): they would reach Object.prototype machinery. */
const RESERVED_KEYS: ReadonlySet<string> = new Set(["constructor", "prototype"]);

/**
 * The forge key for `raw`, or null when nothing usable is left (e.g. a name of only punctuation).
 * Accents are dropped (café -> cafe), case is folded, every run of other characters becomes one
 * dash (plan_mode -> plan-mode, "Docs Writer" -> docs-writer). A key that would start with a digit
 * gets `prefix` in front (3d -> mode-3d), because forge keys start with a letter. The same function
 * normalizes contract references, so `requires: [Deep_Work]` still names the mode imported as deep-work.
 */
export function normalizeKey(raw: string, prefix: string, maxLength = MAX_KEY_LENGTH): string | null {
  let key = raw
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (key === "") return null;
  if (!/^[a-z]/.test(key)) key = `${prefix}-${key}`;
  if (RESERVED_KEYS.has(key)) key = `${key}-${prefix}`;
  if (key.length > maxLength) key = key.slice(0, maxLength).replace(/-+$/, "");
  return key;
}
