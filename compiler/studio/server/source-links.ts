// Builds the links the page shows for a definition or a prompt: display paths per scope, and lines read from sources.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { displayPath } from "../../output/display-path.js";
import { forgeVersion, packagePath, type ForgeTarget } from "../../io/forge-target.js";
import { PACKAGE_NAME } from "../../io/scaffold.js";
import { promptLocation, type SourceOrigin } from "../model/source-refs.js";
import type { SourceRef } from "../model/studio-api.js";

export interface SourceLinks {
  definitionRef(origin: SourceOrigin, source: string): SourceRef;
  promptRef(origin: SourceOrigin, source: string): SourceRef;
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
 * the shown state); `globalRoot` names where global definitions live when the target is a project. Only the target's
 * own files get a `file` the page may open; a layer above (a monorepo's root) is named by its path (from the
 * directory the studio was started in, as every path forge prints), and is never read or served. A component carried from a forge library is named as `forge explain` names it
 * (`@acme/forge-house@1.2.0: modes/review.yaml`, `versions` from the bundle's lock): its file is not in this project.
 */
export function sourceLinks(
  target: ForgeTarget,
  targetText: (file: string) => string | undefined,
  globalRoot: string,
  versions: ReadonlyMap<string, string> = new Map(),
): SourceLinks {
  const fromLibrary = (origin: SourceOrigin, source: string): SourceRef | null => {
    if (!origin.library) return null;
    const version = versions.get(origin.library);
    return { scope: origin.scope, display: `${origin.library}${version ? `@${version}` : ""}: ${source}`, file: null, line: null };
  };
  const own = (origin: SourceOrigin) => origin.scope === target.scope && (origin.layer === null || origin.layer === target.root);
  // Every path relative to the directory forge studio was started in, as every command prints paths.
  const shown = (dir: string, file: string) => displayPath(target.cwd, join(dir, ...file.split("/")));
  const display = (origin: SourceOrigin, file: string): string => {
    if (own(origin)) return shown(target.forgeRoot, file);
    // The built-in library by its own name, as a forge library is named: a path into the installed package is long and
    // says nothing the reader can open.
    if (origin.scope === "builtin") return `${PACKAGE_NAME}@${forgeVersion} (built in): ${file}`;
    if (origin.scope === "project" && origin.layer !== null) return shown(join(origin.layer, ".pi", "forge"), file);
    return shown(globalRoot, file);
  };
  return {
    // A nested context file's rule names its file outside the forge root: shown, never served.
    definitionRef: (origin, source) =>
      fromLibrary(origin, source) ?? {
        scope: origin.scope,
        display: display(origin, source),
        file: own(origin) && !source.startsWith("../") ? source : null,
        line: null,
      },
    promptRef(origin, source) {
      const carried = fromLibrary(origin, source);
      if (carried) return carried;
      if (!own(origin) && origin.scope !== "builtin") return { scope: origin.scope, display: display(origin, source), file: null, line: null };
      const text = own(origin) ? targetText(source) : builtinText(source);
      const at = promptLocation(source, text);
      return { scope: origin.scope, display: `${display(origin, at.file)}:${at.line}`, file: own(origin) ? at.file : null, line: at.line };
    },
  };
}
