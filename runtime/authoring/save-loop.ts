// Authoring that cannot save a broken file: the source is written and built; when the build fails, the file goes back
// to what it was (or away, for a new one), so sources and bundle stay in step, the diagnostics are told, and the
// editor reopens with the text. Headless (a file argument), the failure is told and nothing stays written.
import { unlinkSync } from "node:fs";
import { createTextExclusive, writeTextAtomic } from "../../io/atomic-write.js";
import type { ForgeCli } from "../forge-cli.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import type { AuthoringTarget } from "./authoring-target.js";
import { runBuild, type RebuildResult } from "./rebuild.js";
import type { SourceInput } from "./source-input.js";

/** Where the text goes: the file, as messages show it, and what it held before (null: the file is new). */
export interface SaveTarget {
  file: string;
  shown: string;
  previous: string | null;
  target: AuthoringTarget;
}

export type Saved =
  | { kind: "saved"; build: RebuildResult }
  | { kind: "unchanged" }
  | { kind: "cancelled" }
  | { kind: "error"; error: string }
  /** Headless: the build failed, the file is as it was. */
  | { kind: "failed"; build: RebuildResult };

/** A user who cannot get it to build gives up by cancelling; this bounds the loop all the same. */
const MAX_ROUNDS = 50;

/** Writes `text` (a new file exclusively: it must not appear meanwhile); false when it appeared. */
function write(save: SaveTarget, text: string): boolean {
  if (save.previous !== null) {
    writeTextAtomic(save.file, text);
    return true;
  }
  return createTextExclusive(save.file, text);
}

/** Puts the file back as it was: its old text, or no file. */
function restore(save: SaveTarget): void {
  if (save.previous !== null) writeTextAtomic(save.file, save.previous);
  else unlinkSync(save.file);
}

/**
 * Saves `first` and builds; on a failed build, restores the file and, when `editorTitle` is given and there is an
 * editor, tells the diagnostics and reopens it on the text until it builds, is cancelled, or is left unchanged.
 */
export async function saveUntilBuilt(cli: ForgeCli, ctx: CtxPort, first: SourceInput, save: SaveTarget, editorTitle: string | null): Promise<Saved> {
  let input = first;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (input.kind !== "text") return input;
    if (save.previous !== null && input.text === save.previous) return { kind: "unchanged" };
    if (!write(save, input.text)) return { kind: "error", error: `${save.shown} appeared meanwhile; not overwritten` };
    const build = await runBuild(cli, save.target, ctx);
    if (build.ok) return { kind: "saved", build };
    restore(save);
    const editor = ctx.hasUI ? ctx.ui.editor : undefined;
    if (editorTitle === null || editor === undefined) return { kind: "failed", build };
    say(
      ctx,
      [`forge: not saved: ${save.shown} does not build with this text, so nothing was written; the editor reopens with it:`, ...build.lines].join("\n"),
      "error",
    );
    const text = await editor.call(ctx.ui, `${editorTitle} · fix: ${build.lines[0] ?? "the build failed"}`, input.text);
    input = text === undefined || text.trim() === "" ? { kind: "cancelled" } : { kind: "text", text };
  }
  return { kind: "cancelled" };
}
