// The trust dialog as a question with coloured parts: in Pi's TUI forge's own component draws the team policy's block
// in its own colour (and warnings in the theme's warning colour); elsewhere (RPC, print) Pi's select gets the plain text.
import type { ComponentPort, CtxPort, KeybindingsPort, ThemePort, TuiPort } from "../host-adapter/ports.js";
import { keyMatcherOf } from "./key-match.js";
import { fitWidth, textColumns, wrapWidth } from "../tui-text.js";

/** One line of a dialog's body; `tone` picks its colour in the TUI (policy: the team policy's own layer). */
export interface DialogLine {
  text: string;
  tone?: "policy" | "warning";
}

/** The body as Pi's select shows it: the lines' text, in order, whatever their tone. */
export function dialogText(lines: readonly DialogLine[]): string {
  return lines.map((l) => l.text).join("\n");
}

/** Lines of `text` in one tone (a block of several lines joined by line breaks). */
export function toned(text: string, tone?: DialogLine["tone"]): DialogLine[] {
  return text.split("\n").map((line) => (tone === undefined ? { text: line } : { text: line, tone }));
}

/**
 * Asks `title` with `body`, the answer one of `choices` (the cursor on the first: Enter picks it), undefined when
 * cancelled. Pi's TUI gets forge's component, which colours each line by tone; without one, Pi's select.
 */
export async function askWithBody(ctx: CtxPort, title: string, body: readonly DialogLine[], choices: readonly string[]): Promise<string | undefined> {
  const tui = ctx.mode === undefined || ctx.mode === "tui";
  if (tui && typeof ctx.ui.custom === "function") {
    const picked = await ctx.ui.custom<string | null>((tuiPort, theme, keybindings, done) =>
      createDialog(title, body, choices, tuiPort, theme, keybindings, done),
    );
    if (picked !== undefined) return picked ?? undefined;
  }
  return ctx.ui.select(`${title}\n${dialogText(body)}`, [...choices]);
}

/** The theme's colour for a tone: the policy takes the custom-message label colour (violet in both hosts' themes). */
const TONE_COLOUR = { policy: "customMessageLabel", warning: "warning" } as const;

/** Colours after fitting (widths count text only); a theme without fg() leaves the text plain. */
function paint(theme: ThemePort | undefined, colour: Parameters<ThemePort["fg"]>[0], text: string): string {
  return typeof theme?.fg === "function" ? theme.fg(colour, text) : text;
}

/** Each line wrapped to `width`, an indented line's continuations keeping its indent (a list stays a list). */
function wrapLine(line: DialogLine, width: number): DialogLine[] {
  if (textColumns(line.text) <= width) return [line];
  const indent = /^ */.exec(line.text)![0];
  const room = width - indent.length;
  const parts = room >= 20 ? wrapWidth(line.text.slice(indent.length), room).map((p) => indent + p) : wrapWidth(line.text, width);
  return parts.map((text) => ({ ...line, text }));
}

/** Title, the body by tone, then the choices with a cursor: up/down move, Enter picks, Esc cancels. */
export function createDialog(
  title: string,
  body: readonly DialogLine[],
  choices: readonly string[],
  tui: TuiPort,
  theme: ThemePort | undefined,
  kb: KeybindingsPort,
  done: (value: string | null) => void,
): ComponentPort {
  let cursor = 0;
  const is = keyMatcherOf(kb);
  return {
    render(width: number): string[] {
      const w = Math.max(10, width);
      const lines = [paint(theme, "accent", fitWidth(title, w))];
      for (const line of body.flatMap((l) => wrapLine(l, w))) {
        const text = fitWidth(line.text, w);
        lines.push(line.tone === undefined ? text : paint(theme, TONE_COLOUR[line.tone], text));
      }
      lines.push("");
      choices.forEach((choice, i) => {
        const text = fitWidth(`${i === cursor ? "→ " : "  "}${choice}`, w);
        lines.push(i === cursor ? paint(theme, "accent", text) : text);
      });
      lines.push(paint(theme, "muted", fitWidth("↑↓ choose · enter answer · esc cancel", w)));
      return lines;
    },
    invalidate(): void {},
    handleInput(data: string): void {
      if (is(data, "tui.select.cancel", "\u001b")) return done(null);
      if (is(data, "tui.select.confirm", "\r", "\n")) return done(choices[cursor] ?? null);
      if (is(data, "tui.select.up", "\u001b[A")) cursor = Math.max(0, cursor - 1);
      else if (is(data, "tui.select.down", "\u001b[B")) cursor = Math.min(choices.length - 1, cursor + 1);
      tui?.requestRender?.();
    },
  };
}
