// What a host records about the prompt outside a run: 1.x keeps it (and its section patches) in the transcript
// and exposes getSystemPromptOptions() to commands; 0.73.1 has neither. Host knowledge, so it lives here.
import type { BranchEntryLike } from "../../core/update-reducer.js";
import type { CtxPort, PromptOptions, TranscriptMessage } from "./ports.js";
import { foldTranscriptSections } from "./update-delivery.js";

type MessageEntry = BranchEntryLike & { message?: { role?: unknown; content?: unknown } };

/**
 * 1.x: the prompt the model last had, replayed from the branch's system message entries like pi-ai's
 * getCurrentSystemPrompt (content parts, then sections patched by name, joined by blank lines).
 * Null when the branch records no system message (0.73.1: use ctx.getSystemPrompt()).
 */
export function transcriptPrompt(branch: readonly BranchEntryLike[]): string | null {
  const system: TranscriptMessage[] = [];
  for (const e of branch as ReadonlyArray<MessageEntry>) {
    if (e.type === "message" && e.message?.role === "system") system.push(e.message as TranscriptMessage);
  }
  if (system.length === 0) return null;
  const text = (c: unknown) => (typeof c === "string" ? c : Array.isArray(c) ? c.map((p: { type?: unknown; text?: unknown } | null) => (p?.type === "text" ? p.text : "")).join("") : "");
  const content = system.map((m) => text(m.content)).filter((t) => t !== "");
  return [content.join("\n\n"), ...foldTranscriptSections(system).values()].filter((part) => part !== "").join("\n\n");
}

/** The host's base prompt inputs outside a run: 1.x command contexts have getSystemPromptOptions(), 0.73.1 has not. */
export function hostPromptOptions(ctx: Pick<CtxPort, "getSystemPromptOptions"> | null): PromptOptions | null {
  try {
    const options = typeof ctx?.getSystemPromptOptions === "function" ? ctx.getSystemPromptOptions() : null;
    return options && typeof options === "object" ? options : null; // checked: a host may hand over anything
  } catch {
    return null;
  }
}
