// How Pi's TUI shows a delivered system update: one compact line (what was applied or revoked), which Pi's "expand"
// key (Ctrl+O: tool output) opens to the text the model got. Without it Pi shows the raw tagged block, about ten lines.
import type { ComponentPort } from "../host-adapter/ports.js";
import { visible, visibleLines } from "../../core/safe-text.js";
import { fitWidth, wrapWidth } from "../tui-text.js";

/** What the renderer reads of a delivery message (its details follow schema/delivery-details.schema.json). */
export interface RenderedMessage {
  content?: unknown;
  details?: unknown;
}

/** The theme functions used, when the host hands them over (colors are added after the width is fitted). */
interface ThemeLike {
  fg?(color: string, text: string): string;
}

/** The change ids by operation, from the message's details; null when they do not say. */
function changesOf(details: unknown): { applied: string[]; revoked: string[] } | null {
  const changes = (details as { changes?: unknown } | null | undefined)?.changes;
  if (!Array.isArray(changes)) return null;
  const ids = (op: string) => changes.filter((c) => c?.op === op && typeof c.updateId === "string").map((c) => visible(c.updateId as string));
  return { applied: ids("apply"), revoked: ids("revoke") };
}

/** The compact line: `forge system update: applied update-1; revoked update-2`. */
export function summarizeUpdateMessage(message: RenderedMessage): string {
  const changes = changesOf(message.details);
  const parts =
    changes === null
      ? ["delivered"]
      : [
          ...(changes.applied.length > 0 ? [`applied ${changes.applied.join(", ")}`] : []),
          ...(changes.revoked.length > 0 ? [`revoked ${changes.revoked.join(", ")}`] : []),
        ];
  return `forge system update: ${parts.join("; ") || "delivered"}`;
}

/** The component: one line collapsed (with the expand hint), the line and the delivered text expanded. */
export function renderUpdateMessage(message: RenderedMessage, options: { expanded?: boolean }, theme: unknown): ComponentPort {
  const t = theme as ThemeLike | null | undefined;
  const color = (name: string, text: string) => (typeof t?.fg === "function" ? t.fg(name, text) : text);
  const head = summarizeUpdateMessage(message);
  const text = typeof message.content === "string" ? visibleLines(message.content) : "";
  return {
    render(width: number): string[] {
      const w = Math.max(10, width - 2);
      if (options.expanded !== true) return [` ${color("dim", fitWidth(`${head} (Ctrl+O shows the text)`, w))}`];
      return [
        ` ${color("accent", fitWidth(head, w))}`,
        ...text
          .split("\n")
          .flatMap((l) => wrapWidth(l, w - 2))
          .map((l) => `   ${color("dim", l)}`),
      ];
    },
    invalidate() {},
  };
}
