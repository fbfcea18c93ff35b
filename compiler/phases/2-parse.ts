// Phase 2, parse: classify files by folder, check keys, parse YAML/JSON keeping the Document for positions.
import { LineCounter, isScalar, parseDocument, visit } from "yaml";
import type { Diagnostic } from "../../core/diagnostic.js";
import { KEY_PATTERN, LIMITS } from "../../generated/constants.js";
import {
  duplicateDefinition,
  duplicateKey,
  invalidJson,
  invalidKey,
  pathEscapesRoot,
  reservedKey,
  unrecognizedSourceFile,
  yamlSyntaxError,
  yamlTooDeep,
  yamlWarning,
} from "../diagnostics/codes.js";
import { atFile, type Where } from "../../core/diagnostics/make-diagnostic.js";
import { useFile, type Decoded } from "./1-decode.js";
import type { Phase } from "./pipeline.js";
import { yamlMistakes } from "./yaml-errors.js";
import { duplicateKeys, parseWithinDepth, positionDoc, rangeAt, type PositionedDoc } from "./yaml-positions.js";

/** `test`: a forge test file (.pi/forge/tests/), parsed the same way by forge test, never by the build. */
export type SourceKind = "mode" | "preset" | "rule" | "config" | "policy" | "test";

/** The forge root's settings file (schema/forge-config.schema.json): the libraries a bundle builds on. */
export const CONFIG_FILE = "forge.yaml";
/** A team policy package's rules (schema/policy.schema.json), read in a library build (phases/11-policy.ts). */
export const POLICY_FILE = "policy.yaml";

export interface ParsedSource extends PositionedDoc {
  kind: SourceKind;
  key: string;
  text: string;
  /** The plain JS value; undefined when the document has errors (it is then not validated further). */
  value: unknown;
}

export interface ParsedSources {
  modes: ParsedSource[];
  presets: ParsedSource[];
  /** rules/<id>.yaml: blocks that switch on by path. */
  rules: ParsedSource[];
  /** Partial name -> path of partials/<name>.md. */
  partials: ReadonlyMap<string, string>;
  /** forge.yaml, when the root has one (null also when it cannot be decoded). */
  config: ParsedSource | null;
  /** policy.yaml, when the root has one. */
  policy: ParsedSource | null;
  /** Every mode key a source file defines, valid or not (an invalid mode is not also "unknown"). */
  modeKeys: ReadonlySet<string>;
  /** Every preset key a source file defines. */
  presetKeys: ReadonlySet<string>;
}

/** The value of phase 2: the decoded files, and the sources among them parsed. */
export interface Parsed extends Decoded {
  parsed: ParsedSources;
}

/** The kinds of source that live in a folder, one file per key (forge.yaml and policy.yaml are single files). */
type FolderKind = Exclude<SourceKind, "config" | "policy" | "test">;

/** Names that would reach Object.prototype machinery if they ever became object keys. */
const RESERVED_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);
// A Map, not an object literal: a folder named "constructor" or "__proto__" must not look like a source folder.
const SOURCE_FOLDERS: ReadonlyMap<string, FolderKind> = new Map([
  ["modes", "mode"],
  ["presets", "preset"],
  ["rules", "rule"],
]);
const SOURCE_EXTENSIONS = new Set(["yaml", "yml", "json"]);

/** Checks a key (file stem); returns a diagnostic or null. */
function checkKey(where: Where, key: string, kind: string): Diagnostic | null {
  if (RESERVED_KEYS.has(key)) return reservedKey(where, key);
  if (!KEY_PATTERN.test(key) || key.length > LIMITS.maxKeyLength) return invalidKey(where, key, kind);
  return null;
}

function splitName(name: string): { stem: string; ext: string } {
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? { stem: name, ext: "" } : { stem: name.slice(0, dot), ext: name.slice(dot + 1) };
}

function whereRange(file: string, lc: LineCounter, from: number, to: number): Where {
  return { file, ...rangeAt(lc, from, to), path: "" };
}

export function parseOne(kind: SourceKind, key: string, file: string, text: string, isJson: boolean): { source: ParsedSource; diagnostics: Diagnostic[] } {
  // prettyErrors off: positions become our own ranges, messages stay one line. uniqueKeys off: yaml checks each key
  // against every earlier one (quadratic in a mapping's size), so duplicates are found below with one set per mapping.
  const parsed = parseWithinDepth(text, LIMITS.maxYamlDepth, { uniqueKeys: false, prettyErrors: false, strict: true });
  if ("deep" in parsed) {
    // Not composed at all; the key still counts as defined, so presets naming it do not cascade into unknown_mode.
    const lineCounter = new LineCounter();
    lineCounter.addNewLine(0);
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lineCounter.addNewLine(i + 1);
    const source = { kind, key, text, value: undefined, ...positionDoc(file, parseDocument(""), lineCounter) };
    return { source, diagnostics: [yamlTooDeep(whereRange(file, lineCounter, parsed.deep, parsed.deep + 1), LIMITS.maxYamlDepth)] };
  }
  const { doc, lineCounter } = parsed;
  const diagnostics: Diagnostic[] = [];
  for (const m of yamlMistakes(text, doc, lineCounter, doc.errors))
    diagnostics.push(yamlSyntaxError(whereRange(file, lineCounter, m.from, m.to), m.detail, m.hint ?? undefined));
  // Underline the whole duplicated key.
  if (doc.errors.length === 0)
    for (const key of duplicateKeys(doc)) diagnostics.push(duplicateKey(whereRange(file, lineCounter, key.range![0], key.range![1]), String(key.value)));
  for (const warning of doc.warnings) diagnostics.push(yamlWarning(whereRange(file, lineCounter, warning.pos[0], warning.pos[1]), warning.message));
  if (isJson && doc.errors.length === 0) {
    try {
      JSON.parse(text);
    } catch (err) {
      const detail = (err as Error).message;
      const offset = Number(/position (\d+)/.exec(detail)?.[1] ?? 0);
      // Node 22 adds " (line L column C)" to the message; the position is already ours, so every Node words it alike.
      diagnostics.push(invalidJson(whereRange(file, lineCounter, offset, offset + 1), detail.split("\n")[0]!.replace(/ \(line \d+ column \d+\)$/, "")));
    }
  }
  // Reserved names are rejected as keys anywhere in a document, before any toJS() could touch a prototype.
  // The substring test is only a fast path (a backslash may spell a key with escapes, "\x5f_proto__"): the walk decides.
  if (text.includes("\\") || [...RESERVED_KEYS].some((k) => text.includes(k)))
    visit(doc, {
      Pair(_, pair) {
        if (isScalar(pair.key) && RESERVED_KEYS.has(String(pair.key.value))) {
          const range = pair.key.range ?? [0, 0, 0];
          diagnostics.push(reservedKey(whereRange(file, lineCounter, range[0], range[1]), String(pair.key.value)));
        }
      },
    });
  let value: unknown = undefined;
  if (!diagnostics.some((d) => d.severity === "error")) {
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (err) {
      diagnostics.push(yamlSyntaxError(atFile(file), (err as Error).message));
    }
  }
  return { source: { kind, key, text, value, ...positionDoc(file, doc, lineCounter) }, diagnostics };
}

/** Phase 2: files classified by folder, keys checked, YAML and JSON parsed (a file is kept while its text is the same). */
export const parseSources: Phase<Decoded, Parsed> = (decoded, { memo }) => {
  const diagnostics: Diagnostic[] = [];
  const byKey = new Map<string, ParsedSource[]>();
  const partials = new Map<string, string>();
  let config: ParsedSource | null = null;
  let policy: ParsedSource | null = null;
  for (const link of decoded.escapingLinks) {
    const top = link.split("/")[0]!;
    if (SOURCE_FOLDERS.has(top) || top === "partials" || link === CONFIG_FILE || link === POLICY_FILE) diagnostics.push(pathEscapesRoot(atFile(link), link));
  }
  for (const path of [...decoded.files.keys()].sort()) {
    if (path === "bundle.json") continue; // the output is never a source
    if (path === CONFIG_FILE || path === POLICY_FILE) {
      const text = useFile(decoded, path, diagnostics);
      if (text === null) continue;
      const kind = path === CONFIG_FILE ? "config" : "policy";
      const parsed = memo.reuse(
        "parse",
        path,
        () => [decoded.files.get(path)],
        () => parseOne(kind, kind === "config" ? "forge" : "policy", path, text, false),
      );
      diagnostics.push(...parsed.diagnostics);
      if (kind === "config") config = parsed.source;
      else policy = parsed.source;
      continue;
    }
    const slash = path.indexOf("/");
    const top = slash < 0 ? "" : path.slice(0, slash);
    const rest = path.slice(slash + 1);
    const { stem, ext } = splitName(rest);
    const kind = SOURCE_FOLDERS.get(top);
    if (top === "partials" && !rest.includes("/") && ext === "md") {
      const bad = checkKey(atFile(path), stem, "partial");
      if (bad) diagnostics.push(bad);
      else partials.set(stem, path);
      continue;
    }
    if (!kind) continue; // other files are only reachable through promptFile/file references
    if (rest.includes("/") || !SOURCE_EXTENSIONS.has(ext)) {
      diagnostics.push(unrecognizedSourceFile(atFile(path), top));
      continue;
    }
    const bad = checkKey(atFile(path), stem, kind);
    const text = useFile(decoded, path, diagnostics);
    if (bad) {
      diagnostics.push(bad);
      continue;
    }
    if (text === null) continue;
    const parsed = memo.reuse(
      "parse",
      path,
      () => [decoded.files.get(path)],
      () => parseOne(kind, stem, path, text, ext === "json"),
    );
    diagnostics.push(...parsed.diagnostics);
    const id = `${kind}:${stem}`;
    byKey.set(id, [...(byKey.get(id) ?? []), parsed.source]);
  }
  const byKind: Record<FolderKind, ParsedSource[]> = { mode: [], preset: [], rule: [] };
  for (const group of byKey.values()) {
    if (group.length > 1) {
      for (const s of group) {
        const others = group
          .filter((o) => o !== s)
          .map((o) => o.file)
          .join(" and ");
        diagnostics.push(duplicateDefinition(atFile(s.file), s.key, s.kind, others));
      }
    }
    // Keep the first (path order) so references to the key do not cascade into unknown_mode errors.
    const first = group[0]!;
    byKind[first.kind as FolderKind].push(first);
  }
  const modeKeys = new Set(byKind.mode.map((m) => m.key));
  const presetKeys = new Set(byKind.preset.map((p) => p.key));
  const parsed = { modes: byKind.mode, presets: byKind.preset, rules: byKind.rule, partials, config, policy, modeKeys, presetKeys };
  return { value: { ...decoded, parsed }, diagnostics };
};
