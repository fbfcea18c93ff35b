// The example of each source field: its value in the committed forge sources (examples/reference first, then the demo,
// the library walk-through and the built-in presets), so every example on the reference page is one that builds.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";

export interface ExampleDoc {
  /** The file, relative to the repository. */
  file: string;
  /** The schema it is written against, e.g. `mode.schema.json`. */
  schema: string;
  value: unknown;
}

/** The forge roots whose sources give the examples, in the order they are searched. */
export const EXAMPLE_ROOTS = [
  "examples/reference/.pi/forge",
  "examples/reference/settings",
  "examples/reference/managed",
  "examples/demo/.pi/forge",
  "examples/library/app/.pi/forge",
  "examples/library/forge-house/.pi/forge",
  "presets",
];

const FOLDERS: Record<string, string> = {
  modes: "mode.schema.json",
  presets: "preset.schema.json",
  rules: "rule.schema.json",
  tests: "test.schema.json",
};

const isSource = (name: string) => /\.(ya?ml|json)$/.test(name) && name !== "bundle.json";

export function loadExampleDocs(repo: string): ExampleDoc[] {
  const docs: ExampleDoc[] = [];
  const add = (abs: string, schema: string) => docs.push({ file: relative(repo, abs), schema, value: parse(readFileSync(abs, "utf8")) });
  for (const root of EXAMPLE_ROOTS.map((r) => join(repo, r))) {
    if (!existsSync(root)) continue;
    for (const name of ["forge.yaml", "forge.yml"]) if (existsSync(join(root, name))) add(join(root, name), "forge-config.schema.json");
    for (const [folder, schema] of Object.entries(FOLDERS)) {
      const dir = join(root, folder);
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir).filter(isSource).sort()) add(join(dir, name), schema);
    }
  }
  return docs;
}

/** The values at a dotted path (`edits.allow`, `systemUpdates[].when.paths`; `[]` is every element, `<name>` every value). */
function valuesAt(value: unknown, parts: string[]): unknown[] {
  if (parts.length === 0) return value === undefined ? [] : [value];
  const [head, ...rest] = parts;
  if (head!.endsWith("[]")) {
    const list = head === "[]" ? value : (value as Record<string, unknown> | undefined)?.[head!.slice(0, -2)];
    return Array.isArray(list) ? list.flatMap((item) => valuesAt(item, rest)) : [];
  }
  if (value === null || typeof value !== "object") return [];
  if (head === "<name>") return Object.values(value).flatMap((v) => valuesAt(v, rest));
  return valuesAt((value as Record<string, unknown>)[head!], rest);
}

/** The first example of `path` in documents of `schema`, with the file it comes from. */
export function exampleAt(docs: readonly ExampleDoc[], schema: string, path: string): { value: unknown; file: string } | undefined {
  const parts = path.split(".").filter(Boolean);
  for (const doc of docs) {
    if (doc.schema !== schema) continue;
    const [found] = valuesAt(doc.value, parts);
    if (found !== undefined) return { value: found, file: doc.file };
  }
  return undefined;
}

const PLAIN = /^[A-Za-z0-9_./*@{}-][A-Za-z0-9_ ./*@,:{}!?-]*$/;

/** An example as short YAML flow text: one line, at most 70 characters. */
export function exampleText(value: unknown): string {
  const flow = (v: unknown): string => {
    if (typeof v === "string") {
      const line = v.split("\n")[0]!;
      const shown = line !== v.replace(/\n$/, "") ? `${line} …` : line;
      return PLAIN.test(shown) && !/^(true|false|null|\d.*)$/.test(shown) && !/: |,/.test(shown) ? shown : JSON.stringify(shown);
    }
    if (Array.isArray(v)) return `[${v.map(flow).join(", ")}]`;
    if (v !== null && typeof v === "object")
      return `{ ${Object.entries(v)
        .map(([k, x]) => `${k}: ${flow(x)}`)
        .join(", ")} }`;
    return String(v);
  };
  const text = flow(value);
  return text.length > 70 ? `${text.slice(0, 67)}...` : text;
}
