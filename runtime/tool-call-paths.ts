// The paths a tool call touches, resolved once per call: the host's path for each argument (its resolver, chosen by the
// host adapter) and the path the file system reaches through symlinks, dangling ones included; then, per project
// root, the project-relative candidates that edit limits and path rules test.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import { relativeTo, toolCallPaths } from "../core/tool-paths.js";
import type { ToolPathResolver } from "./host-adapter/tool-path-resolver.js";

/** Symlinks followed per path before forge gives up (Linux's MAXSYMLINKS): a longer chain cannot be checked. */
export const MAX_SYMLINK_HOPS = 40;

/** One path argument: where the host resolves it and where the file system leads, or why forge cannot tell. */
export type CallTarget = { ok: true; lexical: string; physical: string } | { ok: false; reason: string };

export interface ResolvedCall {
  /** How messages name the path: as the call wrote it. */
  shown: string;
  /** One per path argument; empty when the call names no usable path (the host refuses such a call). */
  targets: CallTarget[];
}

export interface CallPaths {
  /** Each candidate, project-relative ("" is the root); null for one outside the project. Empty: no usable path. */
  paths: Array<string | null>;
  /** How messages name the path: as the call wrote it. */
  shown: string;
}

type Walk = { ok: true; path: string } | { ok: false; reason: string };

/**
 * The path the file system reaches for absolute `abs`, walked one component at a time as the kernel does: `..` after a
 * symlink goes up from the link's target, and a symlink is followed through its link text even when its target does not
 * exist (a write creates the target). From the first missing component on, the rest is taken as written (a write creates
 * those directories). Fails when a link cannot be read or the chain is longer than MAX_SYMLINK_HOPS.
 */
export function physicalPath(abs: string): Walk {
  const queue = abs.split(sep).reverse();
  let current: string = sep;
  let hops = 0;
  let missing = false;
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (name === "" || name === ".") continue;
    if (name === "..") {
      current = dirname(current);
      continue;
    }
    const next = join(current, name);
    if (missing) {
      current = next;
      continue;
    }
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") return { ok: false, reason: `${next} cannot be inspected (${code ?? "error"})` };
      missing = true;
      current = next;
      continue;
    }
    if (!isLink) {
      current = next;
      continue;
    }
    if (++hops > MAX_SYMLINK_HOPS) return { ok: false, reason: `it leads through more than ${MAX_SYMLINK_HOPS} symlinks` };
    let target: string;
    try {
      target = readlinkSync(next);
    } catch (error) {
      return { ok: false, reason: `the symlink ${next} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})` };
    }
    // The link text continues the walk from the link's directory (or from the root when it is absolute).
    if (isAbsolute(target)) current = sep;
    queue.push(...target.split(sep).reverse());
  }
  return { ok: true, path: current };
}

/** The real path of a directory forge compares against (a project root); itself when it cannot be resolved. */
function realRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return resolve(root);
  }
}

/**
 * The targets of a path tool's call, or null for other tools: each argument resolved by the host's `resolver`, then
 * walked on the file system. A target forge cannot resolve with certainty says why.
 */
export function resolveCall(toolName: string, input: unknown, cwd: string, resolver: ToolPathResolver): ResolvedCall | null {
  const raws = toolCallPaths(toolName, input);
  if (raws === null) return null;
  const targets = raws.map((raw): CallTarget => {
    const host = resolver(raw, cwd);
    if (!host.ok) return host;
    const lexical = resolve(host.path);
    const physical = physicalPath(isAbsolute(host.path) ? host.path : lexical);
    return physical.ok ? { ok: true, lexical, physical: physical.path } : physical;
  });
  return { shown: raws[0] ?? "", targets };
}

/**
 * The candidates under `root`: each resolved target's path as written (lexically) and, when it differs, the path the
 * file system reaches; a rule matches on either, an edit limit must allow both. Unresolved targets give none (the
 * gate refuses them under a limit before this is asked).
 */
export function callPaths(call: ResolvedCall, root: string): CallPaths {
  const real = realRoot(root);
  const paths: Array<string | null> = [];
  for (const target of call.targets) {
    if (!target.ok) continue;
    const lexical = relativeTo(root, target.lexical);
    paths.push(lexical);
    const physical = relativeTo(real, target.physical);
    if (physical !== lexical) paths.push(physical);
  }
  return { paths, shown: call.shown };
}
