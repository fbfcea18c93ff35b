// Where forge's messages go: ctx.ui.notify with a UI (interactive, RPC), stderr otherwise (print/json mode).
import type { CtxPort, NotifyLevel } from "./host-adapter/ports.js";
import { describeError } from "../core/error-text.js";
import { visible, visibleLines } from "../core/safe-text.js";
import { wrapKeepingIndent } from "./tui-text.js";

export { describeError };

/** The part of a context that output needs. */
export type OutputCtx = Pick<CtxPort, "hasUI" | "ui">;

/**
 * Print mode's UI is a no-op, so headless output is written to stderr (Pi routes stdout writes of
 * extensions to stderr there anyway); RPC clients receive notify extension_ui_request events.
 */
export function say(ctx: OutputCtx, raw: string, level: NotifyLevel = "info"): void {
  // Messages quote names, labels and texts from bundles and sessions: control characters are shown, never obeyed.
  const text = visibleLines(raw);
  try {
    if (ctx.hasUI) ctx.ui.notify(forTerminal(text, level), level);
    else process.stderr.write(text.endsWith("\n") ? text : `${text}\n`);
  } catch {
    // Output must never take the host down.
  }
}

/**
 * In Pi's TUI (its output is a terminal), a notice's long lines are wrapped here, indents kept, to the width Pi shows
 * them in: the terminal less Pi's one-column margin on each side, and the "Warning: " or "Error: " before a first line.
 * RPC and other pipes get the text as it is.
 */
function forTerminal(text: string, level: NotifyLevel): string {
  const columns = process.stdout.isTTY === true ? process.stdout.columns : undefined;
  if (columns === undefined || columns < 40) return text;
  return wrapKeepingIndent(text, columns - 2, level === "warning" ? "Warning: ".length : level === "error" ? "Error: ".length : 0);
}

export function setFooter(ctx: OutputCtx, text: string | undefined): void {
  try {
    ctx.ui.setStatus("forge", text === undefined ? undefined : visible(text));
  } catch {
    // ignore: a status line is cosmetic
  }
}

/** Tells each distinct message once per extension instance: session_start may fire twice (RPC switch_session). */
export interface OnceTeller {
  tell(ctx: OutputCtx, text: string, level?: NotifyLevel): void;
  told(text: string): boolean;
}

export function createOnceTeller(): OnceTeller {
  const told = new Set<string>();
  return {
    tell(ctx, text, level = "warning") {
      if (told.has(text)) return;
      told.add(text);
      say(ctx, text, level);
    },
    told: (text) => told.has(text),
  };
}

/** A command handler that reports its own failure (`forge: /<name> failed: ...`): the host never sees it throw. */
export function guardCommand(name: string, run: (args: string, ctx: CtxPort) => Promise<void>): (args: string, ctx: CtxPort) => Promise<void> {
  return async (args, ctx) => {
    try {
      await run(args, ctx);
    } catch (error) {
      say(ctx, `forge: /${name} failed: ${describeError(error)}`, "error");
    }
  };
}
