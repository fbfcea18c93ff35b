// What every command that compiles a target reads: its forge root's sources and, for a project whose forge.yaml says
// `contextFiles: nested`, the nested context files below its root (compiler/io/read-context-files.ts).
import { wantsNestedContext } from "../phases/config-settings.js";
import type { SourceTree } from "../types.js";
import type { ForgeTarget } from "./forge-target.js";
import { readContextFiles } from "./read-context-files.js";
import { readSources, type SourceReuse } from "./read-sources.js";

/** Throws SourceReadError when the forge root cannot be read (as readSources); the context search never throws. */
export function readTargetTree(
  target: Pick<ForgeTarget, "root" | "forgeRoot"> & { scope: string },
  env: NodeJS.ProcessEnv = process.env,
  reuse?: SourceReuse,
): SourceTree {
  const tree = readSources(target.forgeRoot, reuse);
  // Only a project has context files of its own: the compile reports forge.yaml's setting in any other scope.
  if (target.scope !== "project" || !wantsNestedContext(tree)) return tree;
  return { ...tree, context: readContextFiles(target.root, target.forgeRoot, env) };
}
