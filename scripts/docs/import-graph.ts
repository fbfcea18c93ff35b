// The source tree's layers as a graph: each top-level folder, its subfolders, and which folders it imports from (read
// from the import specifiers: the folder-level edges .dependency-cruiser.cjs rules on). No counts, so it changes only
// when the architecture does.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

export const LAYER_FOLDERS = ["compiler", "runtime", "io", "core", "generated"] as const;

export interface LayerNode {
  name: string;
  /** Its subfolders (for a folder with none: empty). */
  parts: string[];
}

export interface LayerGraph {
  nodes: LayerNode[];
  /** `from` imports from `to`. */
  edges: Array<{ from: string; to: string }>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name === "page" ? [] : sourceFiles(path);
    return /\.(ts|js|mjs)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"(\.{1,2}\/[^"]+)"|import\("(\.{1,2}\/[^"]+)"\)/g;

export function readLayerGraph(repo: string): LayerGraph {
  const edges = new Set<string>();
  const nodes: LayerNode[] = [];
  for (const folder of LAYER_FOLDERS) {
    const root = join(repo, folder);
    const parts = new Set<string>();
    for (const file of sourceFiles(root)) {
      const rel = relative(root, file).split("/");
      if (rel.length > 1) parts.add(rel[0]!);
      for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
        const target = normalize(join(dirname(relative(repo, file)), m[1] ?? m[2]!)).split("/")[0]!;
        if (target !== folder && (LAYER_FOLDERS as readonly string[]).includes(target)) edges.add(`${folder}>${target}`);
      }
    }
    nodes.push({ name: folder, parts: [...parts].sort() });
  }
  const order = (name: string) => LAYER_FOLDERS.indexOf(name as (typeof LAYER_FOLDERS)[number]);
  return {
    nodes,
    edges: [...edges]
      .map((k) => k.split(">") as [string, string])
      .map(([from, to]) => ({ from, to }))
      .sort((a, b) => order(a.from) - order(b.from) || order(a.to) - order(b.to)),
  };
}

/** Each node's rank: the length of the longest import path from it down to a folder that imports none (the bottom). */
export function ranks(graph: LayerGraph): Map<string, number> {
  const memo = new Map<string, number>();
  const rank = (name: string, seen: Set<string>): number => {
    if (memo.has(name)) return memo.get(name)!;
    if (seen.has(name)) throw new Error(`import cycle between folders through ${name}`);
    const below = graph.edges.filter((e) => e.from === name).map((e) => rank(e.to, new Set([...seen, name])) + 1);
    const r = Math.max(0, ...below);
    memo.set(name, r);
    return r;
  };
  for (const n of graph.nodes) rank(n.name, new Set());
  return memo;
}
