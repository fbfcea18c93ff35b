// The project-relative paths a tool call touches: the path as written and, through symlinks, where it really leads.
import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { projectRelative, relativeTo, toolCallPaths } from "../core/tool-paths.js";

export interface CallPaths {
  /** Each candidate, project-relative ("" is the root); null for one outside the project. Empty: no usable path. */
  paths: Array<string | null>;
  /** How messages name the path: as the call wrote it. */
  shown: string;
}

/** realpath of the deepest existing ancestor, with the rest appended (a file that write creates does not exist yet). */
function realpathDeep(abs: string): string {
  const rest: string[] = [];
  let dir = abs;
  for (;;) {
    try {
      return join(realpathSync(dir), ...rest.reverse());
    } catch {
      const parent = dirname(dir);
      if (parent === dir) return abs;
      rest.push(basename(dir));
      dir = parent;
    }
  }
}

function safeRealpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * The candidates of a path tool's call, or null for other tools. A symlink inside the project may lead
 * elsewhere, so both the written path and the real one are candidates: a rule matches on either, an edit
 * limit must allow both.
 */
export function callPaths(toolName: string, input: unknown, cwd: string, root: string): CallPaths | null {
  const raws = toolCallPaths(toolName, input);
  if (raws === null) return null;
  const home = homedir();
  const paths: Array<string | null> = [];
  for (const raw of raws) {
    const lexical = projectRelative(raw, cwd, root, home);
    paths.push(lexical);
    const abs = lexical === null ? null : resolve(root, lexical);
    if (abs === null || !isAbsolute(abs)) continue;
    const real = relativeTo(safeRealpath(root), realpathDeep(abs));
    if (real !== lexical) paths.push(real);
  }
  return { paths, shown: raws[0] ?? "" };
}
