// Types shared by the pure importers (pi-modes, pi-presets, roo, agent rules) that turn another tool's files into forge sources.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";

/** One input file as read by the CLI edge: `path` is how diagnostics name it (relative to cwd when inside it, posix). */
export interface ImportInput {
  path: string;
  text: string;
  /** Agent rule formats: the file's path inside the rules directory (posix), which names its key (`studio/cards/RULE.md`). */
  rel?: string;
}

export interface ImportOptions {
  /** Roo: roleDefinition becomes an append overlay instead of a replace_base mode. */
  overlay: boolean;
  /**
   * Keys of the built-in forge modes. An imported mode with one of these keys would replace the built-in one wherever
   * its scope applies (and could break built-in presets), so it is renamed with `suffix` unless `renames` says otherwise.
   */
  builtinModeKeys: readonly string[];
  /** The suffix of such a rename, e.g. "roo" turns plan into plan-roo. */
  suffix: string;
  /** --rename old=new: keys (as normalized) the user chose; mapping to a built-in key shadows it deliberately. */
  renames?: Readonly<Record<string, string>>;
}

/** An input entry that was not imported (its diagnostic says why). */
export interface SkippedEntry {
  file: string;
  /** JSON pointer of the entry inside its file; "" for the whole file. */
  path: string;
}

export interface ImportResult {
  /** Source text by path relative to the forge root (posix), e.g. `modes/plan.yaml`; sorted by path. */
  sources: Record<string, string>;
  diagnostics: Diagnostic[];
  skipped: SkippedEntry[];
}

export type Importer = (inputs: readonly ImportInput[], options: ImportOptions) => ImportResult;

/** The fields of a forge mode source (schema/mode.schema.json), in the order they are written. */
export interface ModeSource {
  label: string;
  description: string;
  strategy: "append" | "replace_base" | "replace_final";
  /** Already escaped for handlebars (template-text.ts): the bundle carries the input text literally. */
  prompt: string;
  requires?: string[];
  conflictsWith?: string[];
  before?: string[];
  after?: string[];
  model?: string;
  thinking?: string;
  tools?: string[];
  /** Roo's fileRegex, kept as a regex (schema/mode.schema.json `edits`). */
  edits?: { allowRegex: string[]; bash?: "unchecked" };
}

/** A dormant system-update block of a preset (schema/preset.schema.json `systemUpdates`). */
export interface BlockSource {
  id: string;
  name: string;
  description: string;
  modelCallable: boolean;
  /** Already escaped for handlebars, like ModeSource.prompt. */
  content: string;
}

/** The fields of a forge preset source (schema/preset.schema.json) that imports produce. */
export interface PresetSource {
  description: string;
  base?: string;
  overlays?: string[];
  systemUpdates?: BlockSource[];
}

/** The fields of a forge rule source (schema/rule.schema.json, `rules/<id>.yaml`). */
export interface RuleSource {
  name: string;
  description: string;
  when: { paths: string[] };
  /** Already escaped for handlebars, like ModeSource.prompt. */
  content: string;
}

/** A definition ready to be written, with where its key came from (for collisions) and header comment lines. */
export interface Draft<T> {
  key: string;
  keyWhere: Where;
  /** Human name of the input entry, e.g. `pi-modes file plan.json`, for collision messages. */
  entry: string;
  /** Comment lines at the top of the written file: where it came from and what was not imported. */
  comments: string[];
  source: T;
}

export type ModeDraft = Draft<ModeSource>;
export type PresetDraft = Draft<PresetSource>;
export type RuleDraft = Draft<RuleSource>;
