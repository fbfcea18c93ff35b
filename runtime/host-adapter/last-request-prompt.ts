// The prompt of the last model request, read outside a run: 1.x records it in the transcript (system message
// entries and their section patches); 0.73.1 only has ctx.getSystemPrompt(). Host knowledge, so it lives here.
import { foldTranscriptSections, type SectionPatchMessage } from "../../core/transcript-sections.js";
import type { BranchEntry, CtxPort } from "./ports.js";

interface SystemMessage extends SectionPatchMessage {
  content?: unknown;
}

function systemMessageOf(entry: BranchEntry): SystemMessage | null {
  // Entry data comes from a file on disk: only the role is relied on before it counts as a system message.
  const m = entry.type === "message" ? (entry.message as SystemMessage | null | undefined) : undefined;
  return m?.role === "system" ? m : null;
}

/** A message's text parts joined, as pi-ai reads a system message's content. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((p: { type?: unknown; text?: unknown } | null) => (p?.type === "text" ? p.text : "")).join("");
}

/**
 * 1.x: the prompt the model last had, replayed from the branch's system message entries like pi-ai's
 * getCurrentSystemPrompt (content parts, then sections patched by name, joined by blank lines).
 * Null when the branch records no system message (0.73.1: use ctx.getSystemPrompt()).
 */
export function transcriptPrompt(branch: readonly BranchEntry[]): string | null {
  const system: SystemMessage[] = [];
  for (const e of branch) {
    const m = systemMessageOf(e);
    if (m) system.push(m);
  }
  if (system.length === 0) return null;
  const content = system.map((m) => textOf(m.content)).filter((t) => t !== "");
  return [content.join("\n\n"), ...foldTranscriptSections(system).values()].filter((part) => part !== "").join("\n\n");
}

/**
 * The last request's prompt: the transcript's (1.x), else the host's getSystemPrompt() (0.73.1: the last run's final
 * prompt, Pi's base prompt before this process ran one, so `ranHere` false answers null there). Null when not known.
 */
export function lastRequestPrompt(ctx: Pick<CtxPort, "getSystemPrompt">, branch: readonly BranchEntry[], ranHere = true): string | null {
  const recorded = transcriptPrompt(branch);
  if (recorded !== null) return recorded;
  if (!ranHere) return null;
  try {
    return ctx.getSystemPrompt?.() ?? null;
  } catch {
    return null;
  }
}
