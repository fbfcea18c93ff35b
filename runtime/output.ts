// Where forge's messages go: ctx.ui.notify with a UI (interactive, RPC), stderr otherwise (print/json mode).
import type { CtxLike, NotifyLevel } from "./host-types.js";

/**
 * Print mode's UI is a no-op, so headless output is written to stderr (Pi routes stdout writes of
 * extensions to stderr there anyway); RPC clients receive notify extension_ui_request events.
 */
export function say(ctx: CtxLike, text: string, level: NotifyLevel = "info"): void {
  try {
    if (ctx.hasUI) ctx.ui.notify(text, level);
    else process.stderr.write(text.endsWith("\n") ? text : `${text}\n`);
  } catch {
    // Output must never take the host down.
  }
}

export function setFooter(ctx: CtxLike, text: string | undefined): void {
  try {
    ctx.ui.setStatus("forge", text);
  } catch {
    // ignore: a status line is cosmetic
  }
}
