// One constructor per compiler diagnostic code: the only place their messages are worded (compiler/diagnostics/code-docs.ts documents every code).
import type { Diagnostic } from "../../core/diagnostic.js";
import { makeDiagnostic, NOWHERE, type Where } from "../../core/diagnostics/make-diagnostic.js";



/** A readable list; long ones (a repo may define a thousand modes) are cut so a message stays one screen. */
const MAX_LISTED = 12;
const cut = (items: readonly string[]): string[] =>
  items.length > MAX_LISTED ? [...items.slice(0, MAX_LISTED), `... (${items.length - MAX_LISTED} more)`] : [...items];
const make = makeDiagnostic;
const list = (items: readonly string[]): string => cut(items).join(", ");
const quoted = (items: readonly string[]): string => cut(items.map((i) => JSON.stringify(i))).join(", ");
/** Joins "did you mean" into a sentence: `; did you mean "x"?` or just `;`. */
const didYouMean = (s: string | null): string => (s ? `; did you mean "${s}"?` : ";");

// Decode
// The reader stops counting one past the bound, so "more than" is the true statement.
export const tooManyFiles = (max: number): Diagnostic =>
  make("too_many_files", NOWHERE, `the forge root holds more than ${max} files; at most ${max} are allowed. Move unrelated files out of .pi/forge/.`);
// The reader stops after max + 1 bytes, so the true size is unknown: say "more than".
export const fileTooLarge = (w: Where, max: number): Diagnostic =>
  make("file_too_large", w, `file has more than ${max} bytes, the documented bound. Split long prompts into partials, e.g. {{> rules}}.`);
export const invalidUtf8 = (w: Where): Diagnostic =>
  make("invalid_utf8", w, "file is not valid UTF-8; save it as UTF-8 (without BOM).");
export const utf8Bom = (w: Where): Diagnostic =>
  make("utf8_bom", w, "file starts with a UTF-8 byte order mark, which is ignored; save it as UTF-8 without BOM.");
export const mixedLineEndings = (w: Where): Diagnostic =>
  make("mixed_line_endings", w, "file mixes CRLF and LF line endings; use LF everywhere (or CRLF everywhere).");

// Parse
export const yamlSyntaxError = (w: Where, detail: string): Diagnostic =>
  make("yaml_syntax_error", w, `${detail}. A source is one YAML mapping, e.g. label: Plan`);
export const yamlTooDeep = (w: Where, max: number): Diagnostic =>
  make("yaml_too_deep", w, `the document nests more than ${max} levels deep here, the documented bound, so it is not parsed; forge sources are flat mappings, e.g. label: Plan`);
export const yamlWarning = (w: Where, detail: string): Diagnostic =>
  make("yaml_warning", w, `${detail}; forge sources use plain YAML without custom tags, e.g. label: Plan`);
export const invalidJson = (w: Where, detail: string): Diagnostic =>
  make("invalid_json", w, `not strict JSON: ${detail}. No comments or trailing commas, e.g. {"label": "Plan"}`);
export const duplicateKey = (w: Where, key: string): Diagnostic =>
  make("duplicate_key", w, `key "${key}" appears more than once in this mapping; keep exactly one, e.g. ${key}: ...`);
export const invalidKey = (w: Where, key: string, kind: string): Diagnostic =>
  make("invalid_key", w, `"${key}" is not a valid ${kind} key: expected lowercase letters, digits and dashes starting with a letter (^[a-z][a-z0-9-]*$), e.g. "plan-mode"`);
export const reservedKey = (w: Where, key: string): Diagnostic =>
  make("reserved_key", w, `"${key}" is reserved (__proto__, constructor and prototype cannot be used as keys); choose another name, e.g. "${key.replace(/[^a-z]/g, "") || "custom"}-mode"`);
export const duplicateDefinition = (w: Where, key: string, kind: string, other: string): Diagnostic =>
  make("duplicate_definition", w, `${kind} "${key}" is also defined by ${other}; keep exactly one file per key (e.g. only ${other}).`);
export const unrecognizedSourceFile = (w: Where, folder: string): Diagnostic =>
  make("unrecognized_source_file", w, `ignored: files in ${folder}/ must be <key>.yaml, <key>.yml or <key>.json directly in ${folder}/, e.g. ${folder}/plan.yaml`);

// Validate
export const unknownField = (w: Where, field: string, allowed: readonly string[], suggestion: string | null, example: string): Diagnostic =>
  // The allowed fields come from a schema, so the list is short and bounded: never cut, so every field shows.
  make("unknown_field", w, `unknown field "${field}"${didYouMean(suggestion)} allowed: ${allowed.join(", ")}. Example: ${example}`);
export const missingField = (w: Where, field: string, example: string): Diagnostic =>
  make("missing_field", w, `missing required field "${field}". Example: ${example}`);
export const wrongType = (w: Where, expected: string, actual: string, example: string): Diagnostic =>
  make("wrong_type", w, `expected ${expected}, got ${actual}. Example: ${example}`);
export const invalidValue = (w: Where, detail: string, example: string): Diagnostic =>
  make("invalid_value", w, `${detail}. Example: ${example}`);
export const tooLong = (w: Where, what: string, limit: number, unit: string): Diagnostic =>
  make("too_long", w, `${what} is too long: at most ${limit} ${unit} allowed; shorten it (long prompts belong in promptFile or partials).`);
export const tooShort = (w: Where, what: string, limit: number, example: string): Diagnostic =>
  make("too_short", w, `${what} must have at least ${limit} character${limit === 1 ? "" : "s"}. Example: ${example}`);
export const promptConflict = (w: Where, inline: string, file: string): Diagnostic =>
  make("prompt_conflict", w, `both "${inline}" and "${file}" are given; keep exactly one, e.g. ${file}: prompts/plan.md`);
export const promptMissing = (w: Where, inline: string, file: string): Diagnostic =>
  make("prompt_missing", w, `one of "${inline}" or "${file}" is required, e.g. ${inline}: "You are in plan mode."`);
export const duplicateListEntry = (w: Where, field: string, entry: string): Diagnostic =>
  // A package name such as @acme/x must be quoted in YAML; keys and tool names need not be.
  make("duplicate_list_entry", w, `"${entry}" is listed more than once in ${field}; the duplicate is ignored. Example: ${field}: [${/^[A-Za-z_][A-Za-z0-9_-]*$/.test(entry) ? entry : JSON.stringify(entry)}]`);

// Link
export const pathEscapesRoot = (w: Where, ref: string): Diagnostic =>
  make("path_escapes_root", w, `"${ref}" leaves the forge root (.pi/forge/); paths must be relative and stay inside it (no "..", absolute paths or outward symlinks), e.g. prompts/plan.md`);
export const fileNotFound = (w: Where, ref: string, resolved: string): Diagnostic =>
  make("file_not_found", w, `"${ref}" resolves to ${resolved}, which does not exist under the forge root; paths are relative to the defining file, e.g. ../prompts/plan.md`);
export const outputAsSource = (w: Where, ref: string): Diagnostic =>
  make("output_as_source", w, `"${ref}" is forge's own output (bundle.json), directly or through a symlink; the output can never be an input, or every build would embed the previous one. Point it at a prompt file instead, e.g. prompts/plan.md`);
export const unknownMode = (w: Where, key: string, suggestion: string | null, known: readonly string[]): Diagnostic =>
  make("unknown_mode", w, `unknown mode "${key}"${didYouMean(suggestion)} known modes: ${list(known) || "(none)"}. Define modes/${key}.yaml or fix the name.`);
export const invalidBase = (w: Where, key: string, strategy: string): Diagnostic =>
  make("invalid_base", w, `base "${key}" has strategy ${strategy}; a base must be a replace_base or replace_final mode. List append modes under overlays instead, e.g. overlays: [${key}]`);
export const invalidOverlay = (w: Where, key: string, strategy: string): Diagnostic =>
  make("invalid_overlay", w, `overlay "${key}" has strategy ${strategy}; overlays must be append modes and a preset has at most one base. Use base: ${key}`);
export const duplicateOverlay = (w: Where, key: string): Diagnostic =>
  make("duplicate_overlay", w, `overlay "${key}" is listed more than once; list each overlay once, e.g. overlays: [${key}]`);
export const duplicateUpdateId = (w: Where, id: string): Diagnostic =>
  make("duplicate_update_id", w, `system update id "${id}" is used more than once in this preset; ids must be unique, e.g. id: ${id}-2`);
export const exactBaseWithOverlays = (w: Where, base: string, overlays: readonly string[]): Diagnostic =>
  make("exact_base_with_overlays", w, `base "${base}" is replace_final (the exact final prompt), so the overlays ${overlays.map((o) => `"${o}"`).join(", ")} could never apply; remove them (overlays: []) or use a replace_base mode as the base`);
export const contractRequires = (w: Where, mode: string, required: string): Diagnostic =>
  make("contract_requires", w, `mode "${mode}" requires "${required}", which this preset does not select; contracts never auto-add, so select "${required}" explicitly as the base or an overlay, e.g. overlays: [${required}]`);
export const contractConflict = (w: Where, mode: string, other: string): Diagnostic =>
  make("contract_conflict", w, `mode "${mode}" conflicts with "${other}", and this preset selects both; remove one of them.`);
/** `modeFrom`/`presetFrom`: where the shadowed mode and the preset come from, null for the built-in bundle. */
export const shadowedPresetBroken = (w: Where, key: string, preset: string, problem: string, modeFrom: string | null = null, presetFrom: string | null = null): Diagnostic =>
  make(
    "shadowed_preset_broken",
    w,
    `mode "${key}" takes the key of ${modeFrom === null ? `the built-in mode "${key}"` : `the mode "${key}" of ${modeFrom}`}, and ${presetFrom === null ? `the built-in preset "${preset}"` : `the preset "${preset}" of ${presetFrom}`} uses it: with this mode ${problem}. Rename this mode (e.g. ${key}-custom) or make it fit the preset; the deepest scope wins at runtime.`,
  );
export const contractOrder = (w: Where, first: string, second: string, declaredBy: string): Diagnostic =>
  make("contract_order", w, `overlay "${first}" must come before "${second}" (declared by "${declaredBy}"); contracts never reorder, so write overlays: [${first}, ${second}]`);
export const unknownContractReference = (w: Where, field: string, key: string, suggestion: string | null): Diagnostic =>
  make("unknown_contract_reference", w, `${field} names "${key}", which is neither a mode of this bundle nor built in (it may exist in another scope)${suggestion ? `; did you mean "${suggestion}"?` : "."} Example: ${field}: [${suggestion ?? "plan"}]`);

// Extends (compiler/phases/extends.ts)
export const extendsUnknown = (w: Where, key: string, parent: string, suggestion: string | null): Diagnostic =>
  make("extends_unknown", w, `mode "${key}" extends "${parent}", which is neither a mode of this bundle, of a forge library listed in forge.yaml, nor built in${parent === key ? " (a mode may extend its own key only to build on a library or built-in mode of that key)" : ""}${suggestion ? `; did you mean "${suggestion}"?` : "."} Example: extends: ${suggestion ?? "review"}`);
export const extendsCycle = (w: Where, chain: readonly string[]): Diagnostic =>
  make("extends_cycle", w, `modes extend each other in a cycle: ${chain.join(" -> ")}; a parent cannot inherit from its own child. Remove one extends to break it.`);
export const extendsRole = (w: Where, chain: readonly string[], strategy: string, parentStrategy: string): Diagnostic =>
  make("extends_role", w, `mode "${chain[0]}" is ${strategy} but extends a ${parentStrategy} mode (${chain.join(" -> ")}); a child keeps its parent's role (an append overlay, or a replace_base/replace_final base). Drop strategy to inherit ${parentStrategy}, or extend a mode of that role.`);

// Libraries (compiler/phases/libraries.ts, carry-libraries.ts)
export const libraryNotInstalled = (w: Where, name: string): Diagnostic =>
  make("library_not_installed", w, `forge library "${name}" is listed but not installed in this project's node_modules; run \`npm install ${name}\` (or npm install / npm ci when package.json already depends on it).`);
export const libraryNotForge = (w: Where, name: string, reason: string): Diagnostic =>
  make("library_not_forge", w, `"${name}" is not a forge library: ${reason}. A forge library's package.json names its built bundle, e.g. "forge": { "bundle": "forge-bundle.json" }, written by forge build --library.`);
export const libraryUnsupportedFormat = (w: Where, name: string, format: unknown, supported: number): Diagnostic =>
  make("library_unsupported_format", w, `the bundle of forge library "${name}" has format ${JSON.stringify(format ?? null)}; this forge reads format ${supported}. Install a version of "${name}" built for it, or upgrade forge.`);
export const libraryInvalid = (w: Where, name: string, path: string, problem: string, more: number): Diagnostic =>
  make("library_invalid", w, `the bundle of forge library "${name}" (${path}) does not verify: ${problem}${more > 0 ? ` (and ${more} more problem${more === 1 ? "" : "s"})` : ""}; it was changed after forge build --library and is refused. Reinstall it (npm ci) or rebuild it in its package.`);
export const libraryPatternRefused = (w: Where, name: string, path: string, problem: string): Diagnostic =>
  make("library_pattern_refused", w, `forge library "${name}" (${path}) holds a path pattern this forge refuses: ${problem}. forge compiles every library pattern again from its source; ask the library's maintainers to rewrite it (e.g. *a for *(*a)) and publish a new build.`);
export const libraryPresetBroken = (w: Where, preset: string, library: string, cause: string | null, problems: string): Diagnostic =>
  make("library_preset_broken", w, `${cause === null ? "" : `${cause}, and `}the preset "${preset}" of library "${library}" breaks in this project: ${problems}. Define presets/${preset}.yaml to replace it, rename the mode that takes the key, or reorder libraries in forge.yaml.`);

// Templates
export const templateSyntaxError = (w: Where, detail: string): Diagnostic =>
  make("template_syntax_error", w, `invalid template: ${detail}. Allowed: text, {{cwd}}-style variables, {{! comments }} and {{> partial}}`);
export const unknownVariable = (w: Where, name: string, suggestion: string | null, allowed: readonly string[]): Diagnostic =>
  make("unknown_variable", w, `unknown variable {{${name}}}${didYouMean(suggestion)} allowed: ${list(allowed)}. Example: "Working in {{cwd}}"; for literal braces write \\{{${name}}}`);
export const tripleStash = (w: Where, name: string): Diagnostic =>
  make("triple_stash", w, `{{{${name}}}} is not allowed: variables are always inserted raw (never HTML-escaped), so write {{${name}}}`);
export const unsupportedHelper = (w: Where, name: string): Diagnostic =>
  make("unsupported_helper", w, `{{${name} ...}} uses a helper, parameters or hash arguments, which are not allowed; templates hold only text, variables and partials, e.g. {{cwd}}`);
export const unsupportedBlock = (w: Where, name: string): Diagnostic =>
  make("unsupported_block", w, `block {{#${name}}} / {{^${name}}} is not allowed: templates have no logic. Write the text out, or move variants into separate modes.`);
export const unsupportedPartialBlock = (w: Where, name: string): Diagnostic =>
  make("unsupported_partial_block", w, `partial block {{#> ${name}}} is not allowed; use a plain partial, e.g. {{> ${name}}}`);
export const dynamicPartial = (w: Where, name: string): Diagnostic =>
  make("dynamic_partial", w, `partial ${name} is dynamic or has arguments; only {{> name}} with a fixed name and no arguments is allowed, e.g. {{> rules}}`);
export const unsupportedDecorator = (w: Where, name: string): Diagnostic =>
  make("unsupported_decorator", w, `decorator {{* ${name}}} is not allowed; templates hold only text, variables and partials, e.g. {{> rules}}`);
export const missingPartial = (w: Where, name: string, suggestion: string | null, known: readonly string[]): Diagnostic =>
  make("missing_partial", w, `partial "${name}" not found: expected partials/${name}.md${didYouMean(suggestion)} known partials: ${quoted(known) || "(none)"}`);
export const partialCycle = (w: Where, chain: readonly string[]): Diagnostic =>
  make("partial_cycle", w, `partials include each other in a cycle: ${chain.join(" -> ")}; remove one {{> ...}} to break it.`);
export const partialTooDeep = (w: Where, chain: readonly string[], max: number): Diagnostic =>
  make("partial_too_deep", w, `partials nest more than ${max} levels deep (${chain.join(" -> ")}); flatten them.`);
export const promptTooLarge = (w: Where, chars: number, max: number): Diagnostic =>
  make("prompt_too_large", w, `the prompt is ${chars} characters after inlining partials; at most ${max} are allowed. Shorten it or split it across modes.`);
export const volatileTime = (w: Where): Diagnostic =>
  make("volatile_time", w, "{{time}} changes on every request, which defeats prompt caching; prefer {{date}} or drop it.");
export const dateVariable = (w: Where): Diagnostic =>
  make("date_variable", w, "{{date}} changes once a day, so the cached prompt prefix is invalidated daily. Example: \"Today is {{date}}.\"");
export const emptyPrompt = (w: Where, what: string): Diagnostic =>
  make("empty_prompt", w, `${what} is empty; write some text, e.g. "You are in plan mode."`);

// Paths (edits, when.paths, allowRegex): compiled to regular-expression data at build time (compiler/phases/compile-paths.ts)
export const invalidGlob = (w: Where, glob: string, detail: string): Diagnostic =>
  make("invalid_glob", w, `"${glob}" is not a usable glob: ${detail}. Globs use picomatch syntax over project-relative paths, e.g. src/db/** or **/*.sql`);
export const globNeverMatches = (w: Where, glob: string, detail: string): Diagnostic =>
  make("glob_never_matches", w, `"${glob}" can never match: ${detail}. Paths are relative to the project root, without .. or a trailing /, e.g. src/db/**`);
export const globNotLinear = (w: Where, glob: string, detail: string): Diagnostic =>
  make("glob_not_linear", w, `"${glob}" is refused: ${detail}. Every path pattern must run in linear time, e.g. docs/**/*.md`);
export const invalidPathRegex = (w: Where, regex: string, detail: string): Diagnostic =>
  make("invalid_path_regex", w, `"${regex}" is not a valid regular expression (${detail}); it is searched in the project-relative path, e.g. \\.(md|mdx)$`);
export const pathRegexBacktracking = (w: Where, regex: string): Diagnostic =>
  make("path_regex_backtracking", w, `"${regex}" nests quantifiers (a quantified group that itself holds a quantifier, like (a+)+), which takes exponential time on some paths in a backtracking matcher (JavaScript's RegExp, as other readers of the bundle and earlier forge versions use); write the repeat once, e.g. ^docs/[^/]+\\.md$, or use a glob, e.g. allow: [docs/**/*.md]`);
