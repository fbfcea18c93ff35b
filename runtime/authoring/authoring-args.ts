// Arguments of the authoring subcommands (/mode new|edit|delete, /preset export|import|delete). Pure.
import { STRATEGIES } from "../../generated/constants.js";
import type { Strategy } from "../../generated/types.js";

export interface AuthoringArgs {
  words: string[];
  strategy: Strategy;
  global: boolean;
  /** Headless text: the prompt alone (--prompt-file), or the whole source (--file). */
  promptFile: string | null;
  file: string | null;
  force: boolean;
  /** Confirms the deletion of an active mode without a dialog (headless). */
  confirm: boolean;
  errors: string[];
}

const VALUED = ["--strategy", "--prompt-file", "--file"] as const;

export function parseAuthoringArgs(text: string): AuthoringArgs {
  const tokens = text
    .trim()
    .split(/\s+/)
    .filter((t) => t !== "");
  const out: AuthoringArgs = { words: [], strategy: "append", global: false, promptFile: null, file: null, force: false, confirm: false, errors: [] };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const named = VALUED.find((o) => t === o || t.startsWith(`${o}=`));
    if (named !== undefined) {
      const value = t === named ? tokens[++i] : t.slice(named.length + 1);
      if (value === undefined || value === "") out.errors.push(`${named} needs a value`);
      else if (named === "--strategy") {
        if ((STRATEGIES as readonly string[]).includes(value)) out.strategy = value as Strategy;
        else out.errors.push(`--strategy takes ${STRATEGIES.join(", ")}, got "${value}"`);
      } else if (named === "--prompt-file") out.promptFile = value;
      else out.file = value;
    } else if (t === "--global") out.global = true;
    else if (t === "--force") out.force = true;
    else if (t === "--confirm") out.confirm = true;
    else if (t.startsWith("--")) out.errors.push(`unknown option ${t}`);
    else out.words.push(t);
  }
  if (out.promptFile !== null && out.file !== null) out.errors.push("--prompt-file and --file cannot be combined");
  return out;
}
