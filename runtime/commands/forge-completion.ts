// /forge's argument completions: its subcommands and their flags (eager: Pi asks while the user types).
import type { AutocompleteItem } from "../host-adapter/ports.js";
import { completeLastWord, precedingWords } from "./command-args.js";

/** /forge's subcommands with descriptions; status takes --json. */
export function completeForgeArgs(prefix: string): AutocompleteItem[] | null {
  const before = precedingWords(prefix);
  if (before.length === 0) {
    return completeLastWord(prefix, [
      { word: "trust", description: "trust this project's forge bundle (Pi 0.73.1 or trust: forge; shows what it holds)" },
      { word: "status", description: "bundles, scopes, signers and trust" },
      { word: "rules", description: "the path rules switched on in this branch" },
      { word: "cost", description: "this branch's provider usage: cache share, spend, prefix rewrites and their causes" },
    ]);
  }
  if (before[0] === "trust") {
    // --key and --revoke take one fingerprint: nothing to offer after either, nor once one was given.
    if (before.length > 1) return null;
    return completeLastWord(prefix, [
      { word: "--key", description: "trust every bundle this key signs" },
      { word: "--revoke", description: "revoke a key" },
    ]);
  }
  return (before[0] === "status" || before[0] === "rules" || before[0] === "cost") && !before.includes("--json")
    ? completeLastWord(prefix, [{ word: "--json", description: "machine-readable" }])
    : null;
}
