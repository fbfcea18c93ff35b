// /preset's argument completions: its subcommands, then the offered presets (eager: Pi asks while the user types).
import type { SessionView } from "../forge-session.js";
import type { AutocompleteItem } from "../host-adapter/ports.js";
import { choices, completeLastWord, precedingWords, type Choice } from "../argument-completion.js";

/** /preset's subcommands, as completion shows them. */
export const PRESET_SUBCOMMANDS: readonly Choice[] = [
  { word: "list", description: "the offered presets, the active one marked" },
  { word: "use", description: "activate a preset" },
  { word: "save", description: "write the selection as a preset source" },
  { word: "export", description: "a preset's keys, order and digests (no prompt text)" },
  { word: "import", description: "a preset export file into the project (or --global)" },
  { word: "delete", description: "delete a preset's source" },
];

/** Subcommands with descriptions; then offered presets for use and export, only changeable ones for delete. */
export function completePresetArgs(session: SessionView, prefix: string): AutocompleteItem[] | null {
  const before = precedingWords(prefix);
  if (before.length === 0) return completeLastWord(prefix, PRESET_SUBCOMMANDS);
  const presets = session.catalog().presets;
  const describe = (key: string): Choice => ({ word: key, description: presets.get(key)?.preset.description });
  const [sub] = before;
  if (before.length === 1 && (sub === "use" || sub === "export")) return completeLastWord(prefix, [...presets.keys()].sort().map(describe));
  if (before.length === 1 && sub === "delete")
    return completeLastWord(
      prefix,
      session
        .writable("presets")
        .filter((k) => presets.has(k))
        .map(describe),
    );
  if (sub === "use" && before[before.length - 1] === "--drift") return completeLastWord(prefix, choices(["block", "warn", "allow"]));
  if (sub === "use")
    return completeLastWord(
      prefix,
      [
        { word: "--drift", description: "block, warn or allow" },
        { word: "--confirm-exact", description: "confirm a replace_final base" },
      ].filter((c) => !before.includes(c.word)),
    );
  if (sub === "delete")
    return completeLastWord(
      prefix,
      [{ word: "--global", description: "the preset of your agent dir" }].filter((c) => !before.includes(c.word)),
    );
  if (sub === "save" && before.length === 2) return completeLastWord(prefix, [{ word: "--force", description: "replace an existing source" }]);
  return null;
}
