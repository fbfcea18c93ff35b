// The text an authoring command saves: from --file (the whole source), --prompt-file (the prompt, put into the source),
// or Pi's editor. Headless, the text must be an argument: without a UI there is no editor to open.
import { resolve } from "node:path";
import { LIMITS } from "../../generated/constants.js";
import { readBoundedText } from "../../io/read-bounded.js";
import type { CtxPort } from "../host-adapter/ports.js";
import type { AuthoringArgs } from "./authoring-args.js";

export type SourceInput = { kind: "text"; text: string } | { kind: "cancelled" } | { kind: "error"; error: string };

/** A file named on the command line (relative to cwd): a regular file, bounded like every source. */
function readArgumentFile(ctx: CtxPort, path: string): { ok: true; text: string } | { ok: false; error: string } {
  const read = readBoundedText(resolve(ctx.cwd, path), LIMITS.maxFileBytes);
  return read.ok ? read : { ok: false, error: `${path} ${read.detail}` };
}

type Made = { ok: true; text: string } | { ok: false; error: string };

/**
 * `withPromptFile` turns the prompt file (its absolute path, checked readable here) into the whole source: the template
 * for /mode new, the existing source for /mode edit (both made by forge's CLI). The editor opens on `prefill()`;
 * closing it without saving (or saving nothing) cancels.
 */
export async function sourceInput(
  ctx: CtxPort,
  args: AuthoringArgs,
  editor: { title: string; prefill: () => Promise<Made> },
  withPromptFile: (path: string) => Promise<Made>,
): Promise<SourceInput> {
  const path = args.file ?? args.promptFile;
  if (path !== null) {
    const read = readArgumentFile(ctx, path);
    if (!read.ok) return { kind: "error", error: read.error };
    if (args.file !== null) return { kind: "text", text: read.text };
    const made = await withPromptFile(resolve(ctx.cwd, path));
    return made.ok ? { kind: "text", text: made.text } : { kind: "error", error: made.error };
  }
  if (!ctx.hasUI || ctx.ui.editor === undefined) {
    return { kind: "error", error: "there is no editor without a UI: pass the prompt with --prompt-file <path>, or the whole source with --file <path>" };
  }
  const prefill = await editor.prefill();
  if (!prefill.ok) return { kind: "error", error: prefill.error };
  const text = await ctx.ui.editor(editor.title, prefill.text);
  return text === undefined || text.trim() === "" ? { kind: "cancelled" } : { kind: "text", text };
}
