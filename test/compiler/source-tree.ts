// Test helper: reads a directory into a SourceTree the way the CLI reader does (symlinks checked against the root).
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { SourceFile, SourceTree } from "../../compiler/types.js";

export function readSourceTree(root: string): SourceTree {
  const realRoot = realpathSync(root);
  const files: SourceFile[] = [];
  const escapingLinks: { path: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const abs = join(dir, name);
      const rel = relative(root, abs).split(sep).join("/");
      const st = lstatSync(abs);
      if (st.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync(abs);
        } catch {
          escapingLinks.push({ path: rel }); // dangling
          continue;
        }
        if (target !== realRoot && !target.startsWith(realRoot + sep)) {
          escapingLinks.push({ path: rel });
          continue;
        }
        if (statSync(target).isDirectory()) walk(abs);
        else files.push({ path: rel, bytes: new Uint8Array(readFileSync(target)), symlinkTo: relative(realRoot, target).split(sep).join("/") });
      } else if (st.isDirectory()) walk(abs);
      else files.push({ path: rel, bytes: new Uint8Array(readFileSync(abs)) });
    }
  };
  walk(root);
  return { files, escapingLinks, fileCount: files.length };
}

/** A SourceTree from an in-memory map of path -> text (or bytes). */
export function treeOf(entries: Record<string, string | Uint8Array>): SourceTree {
  const files = Object.keys(entries)
    .sort()
    .map((path) => {
      const v = entries[path]!;
      return { path, bytes: typeof v === "string" ? new TextEncoder().encode(v) : v };
    });
  return { files, escapingLinks: [], fileCount: files.length };
}
