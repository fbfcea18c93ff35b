// `forge build --all`: every project forge root under a repository (a monorepo's root layer and its packages' layers).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { findProjectLayers, MAX_LAYER_LEVELS } from "../../io/project-layers.js";

/** At most this many directories are listed: a walk of a hostile or huge tree stays bounded. */
export const MAX_WALKED_DIRECTORIES = 100_000;

export interface ForgeRoots {
  /** The directory walked: the repository root (nearest ancestor with .git), else the starting directory. */
  top: string;
  /** Directories holding a .pi/forge/ directory, shallow first (the root layer before its packages), then by name. */
  roots: string[];
  /** The walk stopped at MAX_WALKED_DIRECTORIES: some roots may be missing. */
  truncated: boolean;
}

/**
 * Breadth-first, so an outer layer is always built before the layers under it (their builds read its bundle). Symbolic
 * links are never followed (a Dirent for a link is not a directory), and node_modules (installed libraries, whose
 * bundles their own packages build) and hidden directories other than .pi are skipped.
 */
export function findForgeRoots(start: string): ForgeRoots {
  const top = findProjectLayers(start).repositoryRoot ?? start;
  const roots: string[] = [];
  let level = [top];
  let walked = 0;
  for (let depth = 0; depth <= MAX_LAYER_LEVELS && level.length > 0; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      if (++walked > MAX_WALKED_DIRECTORIES) return { top, roots, truncated: true };
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        continue; // unreadable: nothing forge could build there
      }
      const names = entries
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
      if (names.includes(".pi") && isForgeDir(join(dir, ".pi"))) roots.push(dir);
      for (const name of names) if (name !== "node_modules" && !name.startsWith(".")) next.push(join(dir, name));
    }
    level = next;
  }
  return { top, roots, truncated: false };
}

/** Whether `.pi` holds a real `forge` directory (not a link). */
function isForgeDir(pi: string): boolean {
  try {
    return readdirSync(pi, { withFileTypes: true }).some((e) => e.name === "forge" && e.isDirectory());
  } catch {
    return false;
  }
}
