// What changed in a drifted selection, for a person deciding about it: each drifted component with a short diff of its
// text (the pinned definition against the current one), and the unchanged ones held back with it. Pure: the caller
// hands over the texts it knows (the session pins digests, not texts).
import { forgeCommand } from "./forge-command.js";
import type { Catalog } from "./component-catalog.js";
import { selectedKeys } from "./candidate.js";
import { describeDrift, type DriftItem } from "./composition.js";
import { renderTemplate, type PromptVars } from "./template.js";
import { shortLineDiff } from "./text-diff.js";
import type { ForgeModeStateEntry, Segment } from "../generated/types.js";

/** The template of a mode definition by digest, when known. */
export type TextLookup = (digest: string | null) => readonly Segment[] | null;

const INDENT = "    ";

/** The lines about one drifted component: what happened, then its diff (or why there is none). */
function reviewItem(catalog: Catalog, item: DriftItem, textOf: TextLookup, vars: PromptVars, maxLines: number): string[] {
  const head = `${describeDrift(item)}:`;
  if (item.kind === "missing" || item.kind === "untrusted") return [head.slice(0, -1)];
  const current = catalog.modes.get(item.key);
  const before = textOf(item.pinnedDigest);
  if (current === undefined) return [head.slice(0, -1)];
  if (before === null) return [head, `${INDENT}(the pinned text is not known to this Pi process: it loaded that definition before it started)`];
  const diff = shortLineDiff(renderTemplate(before, vars, item.key), renderTemplate(current.mode.prompt, vars, item.key), maxLines);
  if (diff.lines.length === 0)
    return [head, `${INDENT}(the prompt text is the same; other fields changed: label, tools, edit limit, contracts or preferences)`];
  return [
    head,
    ...diff.lines.map((l) => `${INDENT}${l}`),
    ...(diff.hidden > 0 ? [`${INDENT}… ${diff.hidden} more changed lines (${forgeCommand("diff")} shows all)`] : []),
  ];
}

/** Every drifted component with its diff, then the unchanged components the drift holds back with them. */
export function reviewDrift(
  catalog: Catalog,
  state: ForgeModeStateEntry,
  drift: readonly DriftItem[],
  textOf: TextLookup,
  vars: PromptVars,
  maxLines = 6,
): string[] {
  const lines = drift.flatMap((item) => reviewItem(catalog, item, textOf, vars, maxLines));
  const drifted = new Set(drift.map((d) => d.key));
  const unchanged = selectedKeys(state).filter((k) => !drifted.has(k));
  if (unchanged.length > 0) lines.push(`Unchanged, and held back with them under policy block: ${unchanged.join(", ")}`);
  return lines;
}
