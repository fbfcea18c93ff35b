// A real Pi in its interactive TUI, in a pseudo-terminal (@lydell/node-pty), read through a headless terminal emulator
// (@xterm/headless): tests type keys and wait for text on the screen, never on raw escape codes.
import pty from "@lydell/node-pty";
import xterm from "@xterm/headless";
import type { PiEnv } from "../../../scripts/demo/pi-env.js";
import type { PiHost } from "../../../scripts/demo/pi-host.js";
import { assertIsolated } from "../../support/home-guard.js";

export interface TuiSession {
  /** The visible screen, one string per row, trailing spaces trimmed. */
  screen(): string[];
  /** Types text as a user does (each character its own keystroke is not needed: Pi reads bursts). */
  type(text: string): void;
  /**
   * Waits until the screen shows `text` (or matches it) and Pi has stopped drawing for a moment (a render comes in
   * several writes); fails with the screen after `timeoutMs`.
   */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<string[]>;
  /**
   * The foreground colour the terminal shows `text` in, at its first visible row: "rgb:<n>", "palette:<n>" or
   * "default"; null when it is not on the screen. What a user sees, as the emulator decoded Pi's escape codes.
   */
  colourOf(text: string): string | null;
  /** Resizes the terminal (Pi redraws at the new width, as after a window resize). */
  resize(cols: number, rows: number): void;
  close(): Promise<void>;
}

export const KEYS = {
  enter: "\r",
  escape: "\u001b",
  down: "\u001b[B",
  up: "\u001b[A",
  space: " ",
  tab: "\t",
  ctrlU: "\u0015",
  ctrlC: "\u0003",
  ctrlD: "\u0004",
} as const;

export interface TuiOptions {
  env: PiEnv;
  extensions?: string[];
  args?: string[];
  cols?: number;
  rows?: number;
}

export function startTui(host: PiHost, options: TuiOptions): TuiSession {
  let cols = options.cols ?? 120;
  let rows = options.rows ?? 40;
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
  const args = [
    host.cli,
    "--provider",
    options.env.provider,
    "--model",
    options.env.model,
    ...(options.extensions ?? []).flatMap((e) => ["-e", e]),
    ...(options.args ?? []),
  ];
  const env = { ...options.env.vars, TERM: "xterm-256color", COLORTERM: "truecolor" } as Record<string, string>;
  // node-pty starts the process itself, past the run's child_process guard: the same check, made here.
  assertIsolated(env, `pi in a pseudo-terminal (${host.id})`);
  const child = pty.spawn(host.node(), args, { name: "xterm-256color", cols, rows, cwd: options.env.cwd, env });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.onExit(() => ((exited = true), resolve())));
  let pending = Promise.resolve();
  let lastData = Date.now();
  child.onData((data) => {
    lastData = Date.now();
    pending = pending.then(() => new Promise<void>((resolve) => term.write(data, resolve)));
  });

  const screen = () => {
    const buffer = term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < rows; i++) out.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? "");
    return out;
  };

  const colourOf = (text: string): string | null => {
    const buffer = term.buffer.active;
    for (let i = 0; i < rows; i++) {
      const line = buffer.getLine(buffer.viewportY + i);
      const at = line?.translateToString(true).indexOf(text) ?? -1;
      if (line === undefined || at < 0) continue;
      // Wide characters before it take two cells: find the cell whose column holds the text's first character.
      let column = 0;
      for (let x = 0, chars = 0; x < cols && chars < at; x++) {
        const cell = line.getCell(x);
        // An empty cell reads as one space; the second cell of a wide character reads as nothing.
        chars += cell === undefined ? 1 : cell.getWidth() === 0 ? 0 : Math.max(1, cell.getChars().length);
        column = x + 1;
      }
      const cell = line.getCell(column);
      if (cell === undefined) return null;
      if (cell.isFgRGB()) return `rgb:${cell.getFgColor()}`;
      if (cell.isFgPalette()) return `palette:${cell.getFgColor()}`;
      return "default";
    }
    return null;
  };

  return {
    screen,
    colourOf,
    type: (text) => child.write(text),
    resize(c, r) {
      cols = c;
      rows = r;
      term.resize(c, r);
      child.resize(c, r);
    },
    async waitFor(text, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      const matches = (lines: string[]) => (typeof text === "string" ? lines.join("\n").includes(text) : text.test(lines.join("\n")));
      for (;;) {
        await pending;
        const lines = screen();
        if (matches(lines) && Date.now() - lastData >= 150) return lines;
        if (exited || Date.now() > deadline) throw new Error(`the screen never showed ${String(text)}${exited ? " (pi exited)" : ""}:\n${lines.join("\n")}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      if (!exited) child.kill("SIGTERM");
      const timer = setTimeout(() => !exited && child.kill("SIGKILL"), 3_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
