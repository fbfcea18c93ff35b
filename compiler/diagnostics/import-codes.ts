// One constructor per `forge import` diagnostic code (the Import section of catalog.ts): the only place their messages are worded.
import type { Diagnostic } from "../../core/diagnostic.js";
import { makeDiagnostic as make, type Where } from "../../core/diagnostics/make-diagnostic.js";

const MAX_LISTED = 20;
const list = (items: readonly string[]): string =>
  (items.length > MAX_LISTED ? [...items.slice(0, MAX_LISTED), `... (${items.length - MAX_LISTED} more)`] : items).join(", ");

export const importUnreadable = (w: Where, problem: string, expected: string): Diagnostic =>
  make("import_unreadable", w, `cannot import: ${problem}; expected ${expected}. Nothing was written.`);

export const importInvalidEntry = (w: Where, entry: string, reason: string, example: string): Diagnostic =>
  make("import_invalid_entry", w, `${entry} cannot become a forge mode: ${reason}; it is skipped. Example: ${example}`);

export const importInvalidValue = (w: Where, field: string, problem: string, example: string): Diagnostic =>
  make("import_invalid_value", w, `${field} ${problem}; it is left out. Example: ${example}`);

export const importUnsupportedField = (w: Where, field: string, explanation: string): Diagnostic =>
  make("import_unsupported_field", w, `${field} is not imported: ${explanation}`);

export const importUnknownField = (w: Where, field: string, format: string, known: readonly string[], suggestion: string | null): Diagnostic =>
  make(
    "import_unknown_field",
    w,
    `unknown ${format} field "${field}"${suggestion ? `; did you mean "${suggestion}"?` : ";"} it is not imported. Known fields: ${list(known)}`,
  );

export const importKeyRenamed = (w: Where, what: string, from: string, to: string): Diagnostic =>
  make("import_key_renamed", w, `${what} "${from}" becomes the forge key "${to}" (forge keys are lowercase letters, digits and dashes starting with a letter, at most 64 characters: ^[a-z][a-z0-9-]*$)`);

export const importKeyCollision = (w: Where, kind: string, key: string, other: string): Diagnostic =>
  make("import_key_collision", w, `${kind} key "${key}" is also produced by ${other}; each key names one file, so rename one of them in the input, e.g. "${key}-2". Nothing was written.`);

/** `renamedTo`: the key the mode gets instead (null: the user chose the built-in key with --rename, so it shadows). */
export const importShadowsBuiltin = (w: Where, key: string, renamedTo: string | null): Diagnostic =>
  make(
    "import_shadows_builtin",
    w,
    renamedTo === null
      ? `mode "${key}" has the key of a built-in forge mode, as --rename asked, and replaces it wherever this scope applies (built-in presets that use "${key}" get this mode; forge build refuses it if that breaks one)`
      : `mode "${key}" has the key of a built-in forge mode; it is imported as "${renamedTo}" so the built-in mode and the presets using it stay intact (references in the input are renamed too). To choose the name, use --rename ${key}=<new-key>`,
  );

export const importStrategyDefaulted = (w: Where, strategy: string, reason: string): Diagnostic =>
  make("import_strategy_defaulted", w, `strategy ${strategy}: ${reason}`);

export const importTextJoined = (w: Where, fields: readonly string[], into: string): Diagnostic =>
  make("import_text_joined", w, `${fields.join(" and ")} are joined into ${into}, in that order, separated by a blank line`);

/** `tools`: the listed tools a mode cannot switch on (neither read-only built-ins nor, necessarily, active). */
export const importToolsNarrowOnly = (w: Where, tools: readonly string[]): Diagnostic =>
  make(
    "import_tools_narrow_only",
    w,
    `tools ${list(tools)} stay off unless already active: Pi's preset replaced the active tools with its list, while forge's tools narrow the active tools and switch on only the read-only built-ins (read, grep, find, ls). Example: tools: [read, grep, find, ls]`,
  );

export const importNoPrompt = (w: Where, entry: string, field: string): Diagnostic =>
  make("import_no_prompt", w, `${entry} has no ${field}: its mode gets an empty prompt (prompt: "") so its model, thinking and tools preferences still apply, and as an overlay it adds only its heading. Add text, e.g. "${field}": "Keep answers short."`);

export const importValueTooLong = (w: Where, field: string, length: number, max: number, outcome: string): Diagnostic =>
  make("import_value_too_long", w, `${field} has ${length} characters; forge allows at most ${max}, so ${outcome}`);

export const importFileExists = (w: Where, file: string): Diagnostic =>
  make("import_file_exists", w, `${file} already exists and forge import never overwrites without --force; rerun with --force to replace it, or move it away first. Nothing was written.`);
