// Mode inheritance (`extends`), the text: after lowering (in phase 9), each inheriting mode's prompt gets its parent's in front.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Segment } from "../../generated/types.js";
import { promptTooLarge } from "../diagnostics/codes.js";
import { LIMITS } from "../types.js";
import type { LinkedMode } from "./7-link.js";
import type { Memo } from "./memo.js";
import { normalizeSegments } from "./segments.js";
import { whereAt } from "./yaml-positions.js";

type LoweredMode = LinkedMode & { prompt: Segment[] };

/** The separator between a parent's text and its child's appended text: one blank line. */
const JOIN: Segment = { text: "\n\n" };

/** The parent's text without its trailing line breaks (a YAML block scalar ends with one), so JOIN leaves one blank line. */
function trimEnd(segments: readonly Segment[]): Segment[] {
  const out = segments.map((s) => ({ ...s }));
  const last = out[out.length - 1];
  if (last && "text" in last) {
    last.text = last.text.replace(/\n+$/, "");
    if (last.text === "") out.pop();
  }
  return out;
}

/**
 * Each inheriting mode's prompt: its parent's (resolved first, for own parents), a blank line, then its own. A joined
 * prompt is kept while the mode's source, its own text and its parent's are the same.
 */
export function inheritPrompts<M extends LoweredMode>(modes: readonly M[], memo: Memo): { modes: M[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const byKey = new Map(modes.map((m) => [m.key, m] as const));
  const prompts = new Map<string, Segment[]>();
  const promptOf = (m: M): Segment[] => {
    const cached = prompts.get(m.key);
    if (cached) return cached;
    let prompt = m.prompt;
    const inherit = m.inherit;
    if (inherit !== null && inherit.prompt === "append") {
      // Own parents were resolved without cycles (resolveExtends), so this recursion ends.
      const parentPrompt = inherit.origin === "own" ? promptOf(byKey.get(inherit.parent)!) : inherit.entry!.prompt;
      const joined = memo.reuse(
        "inherit",
        m.key,
        () => [m.source, m.prompt, parentPrompt],
        () => joinPrompts(m, parentPrompt),
      );
      diagnostics.push(...joined.diagnostics);
      prompt = joined.prompt;
    }
    prompts.set(m.key, prompt);
    return prompt;
  };
  return { modes: modes.map((m) => ({ ...m, prompt: promptOf(m) })), diagnostics };
}

function joinPrompts(m: LoweredMode, parentPrompt: readonly Segment[]): { prompt: Segment[]; diagnostics: Diagnostic[] } {
  const head = trimEnd(parentPrompt);
  let prompt = m.prompt;
  if (m.prompt.length === 0) prompt = parentPrompt.map((s) => ({ ...s }));
  else if (head.length > 0) prompt = normalizeSegments([...head, JOIN, ...m.prompt]);
  const chars = prompt.reduce((n, s) => n + ("text" in s ? s.text.length : 0), 0);
  const diagnostics = chars > LIMITS.maxPromptChars ? [promptTooLarge(whereAt(m.source, ["extends"]), chars, LIMITS.maxPromptChars)] : [];
  return { prompt, diagnostics };
}
