// The project layers of a directory: every .pi/forge/bundle.json from the repository root down to it (a monorepo's
// house rules plus a package's own modes), and the rule that keeps each inside the repository. Shared by the
// runtime (which loads them all) and forge build/explain/preview (which compile a layer against the ones above it).
import { existsSync, realpathSync } from "node:fs";
import { entryExists } from "./read-bounded.js";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { Diagnostic } from "../core/diagnostic.js";
import { layerRefused } from "../core/diagnostics/load-codes.js";

/** How far up forge looks for the repository root and project layers. */
export const MAX_LAYER_LEVELS = 32;

/** One project layer: a directory holding .pi/forge/bundle.json. */
export interface LayerPath {
  root: string;
  file: string;
}

/** The directories from `dir` up to the repository root (a .git entry) or the filesystem root, at most MAX_LAYER_LEVELS. */
function walkUp(start: string): { dirs: string[]; repositoryRoot: string | null } {
  const dirs: string[] = [];
  let dir = resolve(start);
  for (let i = 0; i < MAX_LAYER_LEVELS; i++) {
    dirs.push(dir);
    if (entryExists(join(dir, ".git"))) return { dirs, repositoryRoot: dir };
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return { dirs, repositoryRoot: null };
}

/** Every layer from the repository root (first) down to `dir` (last, when it has a bundle). */
export function findProjectLayers(dir: string): { layers: LayerPath[]; repositoryRoot: string | null } {
  const { dirs, repositoryRoot } = walkUp(dir);
  // existsSync follows links: a bundle.json that is a dangling link is no layer; any other kind is, and is refused on load.
  const layers = dirs
    .filter((d) => existsSync(join(d, ".pi", "forge", "bundle.json")))
    .reverse()
    .map((root) => ({ root, file: join(root, ".pi", "forge", "bundle.json") }));
  return { layers, repositoryRoot };
}

export function safeRealpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * Why a layer is refused (layer_refused), or null: a layer whose .pi/forge (or bundle.json) resolves outside its boundary, since a
 * cloned repository must not point forge at a directory elsewhere on the machine. The boundary is the repository
 * root, else the layer's own root.
 */
export function layerEscape(layer: LayerPath, repositoryRoot: string | null): Diagnostic | null {
  const boundary = safeRealpath(repositoryRoot ?? layer.root);
  for (const path of [join(layer.root, ".pi", "forge"), layer.file]) {
    const real = safeRealpath(path);
    if (!isInside(boundary, real)) return layerRefused(join(layer.root, ".pi", "forge"), real, repositoryRoot !== null, boundary);
  }
  return null;
}

/**
 * Why writing, reading or removing `file` would go through a symbolic link out of `boundary` (a directory on the way,
 * or the file itself, resolving elsewhere), or null. Authoring checks it before it creates a directory or touches a
 * file: a cloned repository whose `.pi/forge/modes` links to another directory must not get a file written there.
 */
export function writeEscape(file: string, boundary: string): string | null {
  const root = safeRealpath(boundary);
  let probe = entryExists(file) ? file : dirname(file);
  while (!entryExists(probe) && dirname(probe) !== probe) probe = dirname(probe);
  const real = safeRealpath(probe);
  if (isInside(root, real)) return null;
  return `${probe} resolves to ${real}, outside ${root}, through a symbolic link; forge writes nothing there`;
}
