// Completion of /mode's arguments: each subcommand with a one-line description, then what that subcommand accepts:
// every offered mode for set, + and -, only the modes whose source can be changed for edit and delete, the options.
import { sortedModeKeys } from "../../core/component-catalog.js";
import { selectedKeys } from "../../core/candidate.js";
import { completeLastWord, precedingWords, type Choice } from "../argument-completion.js";
import type { SessionView } from "../forge-session.js";
import type { AutocompleteItem } from "../host-adapter/ports.js";

/** /mode's subcommands, as completion shows them. */
export const MODE_SUBCOMMANDS: readonly Choice[] = [
  { word: "set", description: "select modes by key, replacing the selection" },
  { word: "off", description: "back to Pi's native prompt" },
  { word: "status", description: "the selection: digests, drift, edit limits, prompt size" },
  { word: "preview", description: "the composed prompt and its size" },
  { word: "reapprove", description: "accept the current definitions of drifted modes (shows what changed)" },
  { word: "new", description: "create a mode in the project (or --global) and open it in the editor" },
  { word: "edit", description: "edit a mode's source in the editor; saved only when it builds" },
  { word: "delete", description: "delete a mode's source (asks first)" },
  { word: "help", description: "usage" },
];

const STRATEGIES = ["append", "replace_base", "replace_final"] as const;

export function completeModeArgs(session: SessionView, prefix: string): AutocompleteItem[] | null {
  const before = precedingWords(prefix);
  const catalog = session.catalog();
  const describe = (key: string): Choice => {
    const m = catalog.modes.get(key)!.mode;
    return { word: key, description: `${m.strategy}: ${m.label}` };
  };
  const offered = sortedModeKeys(catalog).map(describe);
  const selected = selectedKeys(session.selection().state);
  const edits = (): Choice[] => [
    ...offered.filter((k) => !selected.includes(k.word)).map((k) => ({ ...k, word: `+${k.word}`, description: `add: ${k.description}` })),
    ...selected.map((k) => ({ word: `-${k}`, description: "remove from the selection" })),
  ];
  const last = before[before.length - 1];
  if (before.length === 0) return completeLastWord(prefix, [...MODE_SUBCOMMANDS, ...edits()]);
  if (last === "--drift")
    return completeLastWord(
      prefix,
      ["block", "warn", "allow"].map((word) => ({ word, description: `drift policy ${word}` })),
    );
  if (last === "--strategy")
    return completeLastWord(
      prefix,
      STRATEGIES.map((word) => ({ word })),
    );
  // +key and -key edit the selection one key at a time: after one, more of them.
  if (before.every((w) => w.startsWith("+") || w.startsWith("-")))
    return completeLastWord(
      prefix,
      edits().filter((c) => !before.includes(c.word)),
    );
  switch (before[0]) {
    case "set":
      return completeLastWord(prefix, [
        ...offered.filter((k) => !before.includes(k.word)),
        { word: "--drift", description: "block, warn or allow" },
        { word: "--confirm-exact", description: "confirm a replace_final base" },
      ]);
    case "status":
    case "preview":
      return completeLastWord(prefix, [{ word: "--json", description: "machine-readable" }]);
    case "reapprove":
      return completeLastWord(prefix, [{ word: "--confirm-exact", description: "confirm a replace_final base" }]);
    case "edit":
    case "delete": {
      // Only what authoring can change: never a built-in, nor a mode of a layer it does not write.
      if (before.length === 1)
        return completeLastWord(
          prefix,
          session
            .writable("modes")
            .filter((k) => catalog.modes.has(k))
            .map(describe),
        );
      const own =
        before[0] === "edit"
          ? [
              { word: "--prompt-file", description: "the new prompt from a file" },
              { word: "--file", description: "the whole source from a file" },
            ]
          : [{ word: "--confirm", description: "delete without a dialog (headless)" }];
      return completeLastWord(
        prefix,
        [{ word: "--global", description: "the mode of your agent dir" }, ...own].filter((c) => !before.includes(c.word)),
      );
    }
    case "new":
      if (before.length === 1) return null; // a new key: nothing to offer
      return completeLastWord(
        prefix,
        [
          { word: "--strategy", description: "append, replace_base or replace_final" },
          { word: "--global", description: "in your agent dir, not the project" },
          { word: "--prompt-file", description: "the prompt from a file" },
          { word: "--file", description: "the whole source from a file" },
        ].filter((c) => !before.includes(c.word)),
      );
    default:
      return null;
  }
}
