// Reads a settings file's text with the yaml library's full semantics (anchors, aliases, merge keys; a duplicate key,
// any error or warning refuses the file). The library is loaded on first use from its own file beside the extension
// (dist/yaml.cjs, written by scripts/build.mjs), so Pi loads it only where a settings file exists.
import { createRequire } from "node:module";
import type { SettingsRead } from "../core/trust-setting.js";

/** esbuild defines it in dist/extension.js and dist/cli.js: the yaml library's own bundle beside them. */
declare const FORGE_YAML: string | undefined;

interface YamlIssue {
  message: string;
  pos: [number, number];
}
interface YamlNode {
  range?: [number, number, number];
  value?: unknown;
  items?: Array<{ key: YamlNode | null }>;
  resolve?(doc: YamlDocument): YamlNode | undefined;
}
interface YamlDocument {
  errors: YamlIssue[];
  warnings: YamlIssue[];
  contents: YamlNode | null;
  toJS(options: object): unknown;
}
interface YamlLibrary {
  LineCounter: new () => { linePos(offset: number): { line: number; col: number } };
  parseDocument(text: string, options: object): YamlDocument;
  isAlias(node: unknown): boolean;
  isMap(node: unknown): boolean;
  isScalar(node: unknown): boolean;
}

/** An alias may repeat a node this many times in all: a billion-laughs file is an error, not a stall. */
const MAX_ALIAS_COUNT = 100;

let library: YamlLibrary | null = null;

function yaml(): YamlLibrary {
  library ??= createRequire(import.meta.url)(typeof FORGE_YAML === "string" ? FORGE_YAML : "yaml") as YamlLibrary;
  return library;
}

/**
 * A top-level key set twice where one of the two is an alias (`x: [&a trust]`, then `*a : forge` after `trust: host`):
 * yaml's own check compares the nodes, so it lets that pass, and the later one would silently win.
 */
function keySetTwice(doc: YamlDocument): { key: string; at: number } | null {
  const lib = yaml();
  if (!lib.isMap(doc.contents)) return null;
  const seen = new Set<string>();
  for (const { key } of doc.contents!.items ?? []) {
    const node = lib.isAlias(key) ? key!.resolve!(doc) : key;
    if (!lib.isScalar(node)) continue;
    const name = String(node!.value);
    if (seen.has(name)) return { key: name, at: key!.range?.[0] ?? 0 };
    seen.add(name);
  }
  return null;
}

/** The value of a settings file, or the first problem with where it is (never the file's text). */
export function readYamlSettings(text: string): SettingsRead {
  try {
    const { LineCounter, parseDocument } = yaml();
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, merge: true, prettyErrors: false, strict: true });
    const issue = doc.errors[0] ?? doc.warnings[0];
    if (issue !== undefined) {
      const at = lines.linePos(issue.pos[0]);
      return { ok: false, problem: `line ${at.line}, column ${at.col}: ${issue.message.split("\n")[0]!.slice(0, 200)}` };
    }
    const twice = keySetTwice(doc);
    if (twice !== null) {
      const at = lines.linePos(twice.at);
      return { ok: false, problem: `line ${at.line}, column ${at.col}: the key ${JSON.stringify(twice.key)} is set twice (once through an alias)` };
    }
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message.split("\n")[0]!.slice(0, 200) : String(error) };
  }
}
