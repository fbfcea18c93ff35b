// 1.x sections delivery, per request: splices the section patches of mid-run tool changes that Pi did not record
// itself into the transcript about to be sent (the `context_with_system` event, which 0.73.1 never emits).
import { wrapSection } from "../../core/prompt-layout.js";
import { foldTranscriptSections } from "../../core/transcript-sections.js";
import type { ContextWithSystemEvent, CtxPort, PiPort, TranscriptMessage } from "../host-adapter/ports.js";
import type { RunState } from "./update-delivery.js";

/** Index after the tool-result batch that holds `toolCallId`, or the end of the transcript. */
function insertionIndex(messages: readonly TranscriptMessage[], toolCallId: string | null): number {
  if (toolCallId === null) return messages.length;
  const at = messages.findIndex((m) => m.role === "toolResult" && m.toolCallId === toolCallId);
  if (at < 0) return messages.length;
  let end = at + 1;
  while (end < messages.length && messages[end]?.role === "toolResult") end++;
  return end;
}

/** The transcript with the still-missing patches of `run`'s mid-run changes; undefined when nothing is missing. */
export function spliceMidRunSections(messages: readonly TranscriptMessage[], run: RunState): TranscriptMessage[] | undefined {
  if (run.splices.size === 0) return undefined;
  const current = foldTranscriptSections(messages);
  // Group the still-missing patches by the tool batch that caused them.
  const groups = new Map<string | null, { sections: Record<string, string | null>; at: number }>();
  for (const [name, splice] of run.splices) {
    // What the transcript holds for a section: Pi's own wrapping.
    const wanted = splice.value === null ? null : wrapSection(name, splice.value);
    const has = current.get(name) ?? null;
    if (has === wanted) continue; // Pi already recorded it (or it never reached the model)
    const group = groups.get(splice.toolCallId) ?? { sections: {}, at: splice.at };
    group.sections[name] = wanted;
    groups.set(splice.toolCallId, group);
  }
  if (groups.size === 0) return undefined;
  const out = [...messages];
  const placed = [...groups].map(([toolCallId, g]) => ({ index: insertionIndex(messages, toolCallId), g }));
  // Insert from the back so earlier indexes stay valid; a stable position keeps later requests' prefixes equal.
  placed.sort((a, b) => b.index - a.index);
  for (const { index, g } of placed) out.splice(index, 0, { role: "system", content: "", sections: g.sections, timestamp: g.at });
  return out;
}

/** Wraps a handler so a failure is reported and swallowed (system-updates.ts's guard). */
export type HandlerGuard = <E, R>(what: string, fn: (event: E, ctx: CtxPort) => R) => (event: E, ctx: CtxPort) => R | undefined;

/** Subscribes the splice to the host's per-request transcript hook, for runs that deliver as sections. */
export function hookRequestTranscript(pi: Pick<PiPort, "on">, run: RunState, guard: HandlerGuard): void {
  pi.on(
    "context_with_system",
    guard("context_with_system", (event: ContextWithSystemEvent) => {
      if (run.choice?.kind !== "sections") return undefined;
      const messages = spliceMidRunSections(event.messages, run);
      return messages ? { messages } : undefined;
    }),
  );
}
