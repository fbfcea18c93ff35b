// The one notice a command ends with: what changed, then optional parts on the same line (the cache impact now, a
// price later), then notes. Pi shows an info notice as a status line that the next status line replaces when nothing
// came between (both hosts' showStatus), so a command that said two things at info level showed only the second.
import type { NotifyLevel } from "./host-adapter/ports.js";
import { say, type OutputCtx } from "./notify.js";

export interface CommandNotice {
  /** What changed, e.g. `forge: active overlays docs-only (drift policy block; was overlays plan, small-steps)`. */
  head: string;
  /** The cache impact's plain words (runtime/updates/cache-impact.ts describeCacheImpact); null: nothing to say. */
  cache?: string | null;
  /** The price of a prefix rewrite on the current model, when one is known (issue 23); null: nothing to say. */
  cost?: string | null;
  /** Lines after the head line: a folded-in warning, a build's diagnostics, a trust note. Nulls are skipped. */
  notes?: ReadonlyArray<string | null>;
  /** Info unless something in it warns (a large cached rewrite, a stale preset) or failed. */
  level?: NotifyLevel;
}

/** The notice as one text: head · cache · cost on the first line, each note on its own line. */
export function renderNotice(notice: CommandNotice): string {
  const line = [notice.head, notice.cache, notice.cost].filter((p): p is string => typeof p === "string" && p !== "").join(" · ");
  const notes = (notice.notes ?? []).filter((n): n is string => typeof n === "string" && n !== "");
  return [line, ...notes].join("\n");
}

/** Says the notice: the command's one message. */
export function tellNotice(ctx: OutputCtx, notice: CommandNotice): void {
  say(ctx, renderNotice(notice), notice.level ?? "info");
}
