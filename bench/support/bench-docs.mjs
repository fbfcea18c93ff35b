// The documentation files that hold bench tables (README.md, DEVELOPERS.md, docs/**/*.md) and their rendering from
// bench/results.json: scripts/readme-bench.mjs and bench/run-all.mjs write them, test/bench/results-table.test.ts checks.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { spliceBenchFiles } from "./results-table.mjs";

/** Every Markdown file a reader may land on, relative to `root`. */
export function documentationFiles(root) {
  const walk = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith(".md") ? [relative(root, path)] : [];
    });
  return ["README.md", "DEVELOPERS.md", ...(existsSync(join(root, "docs")) ? walk(join(root, "docs")).sort() : [])];
}

/** Each file that holds bench tables, as it is and as `results` renders it. */
export function renderBenchDocs(root, results) {
  const files = Object.fromEntries(documentationFiles(root).map((f) => [f, readFileSync(join(root, f), "utf8")]));
  const next = spliceBenchFiles(files, results);
  return Object.entries(next).map(([file, text]) => ({ file, before: files[file], text }));
}

/** Writes the files whose tables changed; returns their names. */
export function writeBenchDocs(root, results) {
  const changed = renderBenchDocs(root, results).filter((d) => d.text !== d.before);
  for (const d of changed) writeFileSync(join(root, d.file), d.text);
  return changed.map((d) => d.file);
}
