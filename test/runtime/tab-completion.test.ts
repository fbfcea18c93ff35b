// Tab in forge's command arguments (runtime/tab-completion.ts) and notices wrapped with their indent kept
// (runtime/tui-text.ts): forced requests in forge's arguments get forge's completions, file arguments and everything
// else stay the host's; an indented line too long keeps its indent on every continuation line.
import { describe, expect, it } from "vitest";
import { forgeArgumentProvider, type ArgumentCompleter } from "../../runtime/tab-completion.js";
import type { AutocompleteProviderPort } from "../../runtime/host-adapter/ports.js";
import { wrapKeepingIndent } from "../../runtime/tui-text.js";

const FILES = { items: [{ value: "AGENTS.md", label: "AGENTS.md" }], prefix: "" };
const host: AutocompleteProviderPort = {
  getSuggestions: async () => FILES,
  applyCompletion: (lines, cursorLine, cursorCol) => ({ lines, cursorLine, cursorCol }),
};
const mode: ArgumentCompleter = (text) => (text.startsWith("set ") ? [{ value: `${text}alpha `, label: "alpha" }] : null);
const provider = forgeArgumentProvider(new Map([["mode", mode]]))(host);
const ask = (line: string, force = true) => provider.getSuggestions([line], 0, line.length, { signal: new AbortController().signal, force });

describe("Tab in forge's arguments", () => {
  it("answers a forced request in a forge command's arguments with the command's completions", async () => {
    expect(await ask("/mode set ")).toEqual({ items: [{ value: "set alpha ", label: "alpha" }], prefix: "set " });
    // Nothing to offer (here a partial word the command does not complete): nothing, rather than file names.
    expect(await ask("/mode status ")).toBeNull();
    expect(await ask("/mode zz")).toBeNull();
  });

  it("leaves file arguments, other commands, plain text and typed (unforced) requests to the host", async () => {
    for (const line of ["/mode new notes --prompt-file ", "/other set ", "hello "]) expect(await ask(line)).toEqual(FILES);
    expect(await ask("/mode set ", false)).toEqual(FILES);
  });
});

describe("wrapKeepingIndent", () => {
  it("wraps an indented line with its indent on each continuation; lines at the margin stay for the host", () => {
    const long = `  prefix rewrites: 1; after forge's actions 1 (mode change 1), after your model switches or compaction 0`;
    const wrapped = wrapKeepingIndent(`forge cost: ${"x".repeat(80)}\n${long}`, 60).split("\n");
    expect(wrapped[0]).toBe(`forge cost: ${"x".repeat(80)}`);
    expect(wrapped.slice(1).every((l) => l.startsWith("  ") && !l.startsWith("   ") && l.length <= 60)).toBe(true);
    expect(wrapped.slice(1).join(" ").replace(/ {2,}/g, " ").trim()).toBe(long.trim());
  });
});
