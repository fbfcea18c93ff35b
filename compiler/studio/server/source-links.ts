// Builds the links the page shows for a definition or a prompt: display paths per scope, and lines read from sources.
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Scope } from "../../../core/digest.js";
import { packagePath, type ForgeTarget } from "../../io/forge-target.js";
import { promptLocation } from "../model/source-refs.js";
import type { SourceRef } from "../model/studio-api.js";

export interface SourceLinks {
  definitionRef(scope: Scope, source: string): SourceRef;
  promptRef(scope: Scope, source: string): SourceRef;
}

/** Built-in sources ship in the package's presets/ folder; they are read for line numbers, never served. */
function builtinText(source: string): string | undefined {
  try {
    return readFileSync(packagePath("presets", source), "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Links for one state of the sources. `targetText` gives the target's source files as compiled (the positions of
 * the shown state); `globalRoot` names where global definitions live when the target is a project.
 */
export function sourceLinks(target: ForgeTarget, targetText: (file: string) => string | undefined, globalRoot: string): SourceLinks {
  const builtinDisplay = (file: string) => relative(packagePath(), packagePath("presets", file)).split(sep).join("/");
  const display = (scope: Scope, file: string): string => {
    if (scope === target.scope) return `${target.displayForgeRoot}${file}`;
    if (scope === "builtin") return builtinDisplay(file);
    return join(globalRoot, file).split(sep).join("/");
  };
  return {
    definitionRef: (scope, source) => ({ scope, display: display(scope, source), file: scope === target.scope ? source : null, line: null }),
    promptRef(scope, source) {
      if (scope === "global" && scope !== target.scope) return { scope, display: display(scope, source), file: null, line: null };
      const text = scope === target.scope ? targetText(source) : builtinText(source);
      const at = promptLocation(source, text);
      return { scope, display: `${display(scope, at.file)}:${at.line}`, file: scope === target.scope ? at.file : null, line: at.line };
    },
  };
}
