// Tab in a forge command's arguments. Both hosts' editors (pi-tui) ask a command's getArgumentCompletions only while a
// word is being typed; Tab after a space (`/mode set `, `/forge status `) forces file completion instead, without
// asking the command. Both hosts let an extension wrap the editor's autocomplete provider (ctx.ui.addAutocompleteProvider),
// so forge answers a forced request in its own commands' arguments with their completions, and leaves files to the
// host only where an argument is a file (`--prompt-file`, `--file`, `/preset import|export`).
import type { AutocompleteItem, AutocompleteProviderPort } from "./host-adapter/ports.js";

/** A command's argument completion, as registered (null: nothing to offer). */
export type ArgumentCompleter = (argumentText: string) => AutocompleteItem[] | null;

/** Where the argument being typed is a file: the host's file completion answers there. */
function wantsFile(command: string, argumentText: string): boolean {
  const words = argumentText.split(/\s+/).filter((w) => w !== "");
  const before = /\s$/.test(argumentText) ? words : words.slice(0, -1);
  const last = before[before.length - 1];
  if (last === "--prompt-file" || last === "--file") return true;
  return command === "preset" && (before[0] === "import" || (before[0] === "export" && before.length >= 2));
}

/** The forge command and its argument text before the cursor, when the cursor is in one's arguments. */
function commandArguments(line: string, commands: ReadonlyMap<string, ArgumentCompleter>): { name: string; args: string } | null {
  const m = /^\s*\/([\w:-]+) ([\s\S]*)$/.exec(line);
  if (m === null || !commands.has(m[1]!)) return null;
  return { name: m[1]!, args: m[2]! };
}

/** The wrapper ctx.ui.addAutocompleteProvider takes: forced requests in forge's arguments get forge's completions. */
export function forgeArgumentProvider(commands: ReadonlyMap<string, ArgumentCompleter>): (current: AutocompleteProviderPort) => AutocompleteProviderPort {
  return (current) => ({
    async getSuggestions(lines, cursorLine, cursorCol, options) {
      const at = options.force === true ? commandArguments((lines[cursorLine] ?? "").slice(0, cursorCol), commands) : null;
      if (at === null || wantsFile(at.name, at.args)) return current.getSuggestions(lines, cursorLine, cursorCol, options);
      const items = commands.get(at.name)!(at.args);
      return items === null || items.length === 0 ? null : { items, prefix: at.args };
    },
    applyCompletion: (lines, cursorLine, cursorCol, item, prefix) => current.applyCompletion(lines, cursorLine, cursorCol, item, prefix),
    ...(current.shouldTriggerFileCompletion ? { shouldTriggerFileCompletion: (l, c, col) => current.shouldTriggerFileCompletion!(l, c, col) } : {}),
  });
}
