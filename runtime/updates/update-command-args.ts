// Arguments of /system-update: the subcommand shapes (anything else is freeform text), usage, and completions. Pure.
import type { AutocompleteItem } from "../host-adapter/ports.js";
import { choices, completeLastWord, precedingWords, type Choice } from "../argument-completion.js";
import { nearSubcommand } from "../../core/suggest.js";
import type { UpdateState } from "../../core/update-reducer.js";
import { usableBlocks, type ActivePresetRef } from "./preset-blocks.js";

export const COMMAND_NAME = "system-update";

export type SystemUpdateArgs =
  | { kind: "help" }
  | { kind: "apply"; text: string }
  | { kind: "status"; json: boolean; full: boolean }
  | { kind: "reset" }
  | { kind: "list"; json: boolean }
  | { kind: "use"; id: string }
  | { kind: "off"; id: string }
  | { kind: "error"; message: string };

export const USAGE =
  "usage: /system-update <text> | status [--json] [--full] | reset | list [--json] | use <id> | off <id>  (/system-update -- <text> applies text that starts with a subcommand word)";

const SUBCOMMANDS = ["status", "reset", "list", "use", "off"] as const;

/**
 * A subcommand word first is always the subcommand: with words its shape does not take (`off freeze now please`,
 * `use wrap up`) it is refused with the usage line, never applied as an instruction; text that starts with one needs
 * `--`. Anything else is freeform text, except what looks like a mistyped command: one word close to a subcommand
 * (`stauts`) or an option-looking text (`--json`). Those are refused with the way to apply them as text anyway.
 */
export function parseSystemUpdateArgs(args: string): SystemUpdateArgs {
  const trimmed = args.trim();
  if (trimmed === "") return { kind: "help" };
  if (trimmed === "--" || trimmed.startsWith("-- ")) {
    const text = trimmed.slice(2).trim();
    return text === "" ? { kind: "error", message: `nothing to apply; ${USAGE}` } : { kind: "apply", text };
  }
  const tokens = trimmed.split(/\s+/);
  const [head, ...rest] = tokens;
  if (head === "status" && rest.every((t) => t === "--json" || t === "--full")) {
    return { kind: "status", json: rest.includes("--json"), full: rest.includes("--full") };
  }
  if (head === "reset" && rest.length === 0) return { kind: "reset" };
  if (head === "list" && (rest.length === 0 || (rest.length === 1 && rest[0] === "--json"))) return { kind: "list", json: rest.length === 1 };
  if ((head === "use" || head === "off") && rest.length <= 1) {
    if (rest.length === 0)
      return { kind: "error", message: `/system-update ${head} needs an id, e.g. /system-update ${head} ${head === "use" ? "tdd" : "update-1"}` };
    return { kind: head, id: rest[0]! };
  }
  if ((SUBCOMMANDS as readonly string[]).includes(head!)) {
    const takes = head === "use" || head === "off" ? "one id" : head === "status" ? "only --json and --full" : head === "list" ? "only --json" : "nothing";
    const why = describeTypo(tokens) ?? `/system-update ${head} takes ${takes}, and a subcommand is never applied as an instruction.`;
    return { kind: "error", message: `${why} To apply it as text: /system-update -- ${trimmed}\n${USAGE}` };
  }
  const typo = describeTypo(tokens);
  if (typo !== null) return { kind: "error", message: `${typo} To apply it as text: /system-update -- ${trimmed}` };
  return { kind: "apply", text: trimmed };
}

/** Why `tokens` looks like a mistyped subcommand rather than an instruction, or null. */
function describeTypo(tokens: string[]): string | null {
  const [head, ...rest] = tokens as [string, ...string[]];
  if (rest.length === 0) {
    const near = nearSubcommand(head, SUBCOMMANDS);
    if (near !== null) return `did you mean /system-update ${near}?`;
  }
  if (head.startsWith("-")) return `"${head}" looks like an option, and /system-update has none there.`;
  const option = rest.find((t) => t.startsWith("--"));
  if ((SUBCOMMANDS as readonly string[]).includes(head) && option !== undefined) {
    const known = head === "status" ? ["--json", "--full"] : head === "list" ? ["--json"] : [];
    const near = known.find((k) => nearSubcommand(option, [k]) !== null);
    return `unknown option ${option} for /system-update ${head}${near ? ` (did you mean ${near}?)` : ""}.`;
  }
  return null;
}

/** Completion data cached from the last event, since getArgumentCompletions receives no ctx. */
export interface CompletionData {
  blockIds: string[];
  activeIds: string[];
}

/** /system-update's subcommands, as completion shows them (freeform text needs none). */
const SUBCOMMAND_CHOICES: readonly Choice[] = [
  { word: "status", description: "the active updates and how they reach the model" },
  { word: "list", description: "the active preset's blocks and the path rules" },
  { word: "use", description: "activate a block of the active preset" },
  { word: "off", description: "revoke an active update" },
  { word: "reset", description: "revoke every active update" },
];

/** Subcommands with descriptions; then the usable block ids for use, the active update ids for off, the options. */
export function completeSystemUpdateArgs(prefix: string, data: CompletionData): AutocompleteItem[] | null {
  const before = precedingWords(prefix);
  if (before.length === 0) return completeLastWord(prefix, SUBCOMMAND_CHOICES);
  const [sub] = before;
  if (before.length === 1 && sub === "use")
    return completeLastWord(
      prefix,
      data.blockIds.map((word) => ({ word, description: "block" })),
    );
  if (before.length === 1 && sub === "off")
    return completeLastWord(
      prefix,
      data.activeIds.map((word) => ({ word, description: "active update" })),
    );
  if (sub === "status") return completeLastWord(prefix, choices(["--json", "--full"].filter((o) => !before.includes(o))));
  if (sub === "list" && before.length === 1) return completeLastWord(prefix, choices(["--json"]));
  return null;
}

export function completionDataFor(ref: ActivePresetRef | null, state: UpdateState): CompletionData {
  return {
    blockIds: usableBlocks(ref).map((b) => b.id),
    activeIds: state.active.map((u) => u.updateId),
  };
}
