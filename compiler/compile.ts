// The pure compiler: SourceTree -> ForgeBundle plus every diagnostic, through the six phases in compiler/phases/
// (with libraries and extends resolved between validate and link, path globs compiled beside link, and inherited
// text joined after lowering).
import { stringifyCanonicalPretty } from "../core/canonical-json.js";
import { hasErrors, type Diagnostic } from "../core/diagnostic.js";
import type { ForgeBundle } from "../generated/types.js";
import { decodeTree } from "./phases/1-decode.js";
import { parseSources } from "./phases/2-parse.js";
import { validateSources } from "./phases/3-validate.js";
import { linkSources } from "./phases/4-link.js";
import { lowerTemplates } from "./phases/5-lower-templates.js";
import { emitBundle } from "./phases/6-emit.js";
import { compilePaths } from "./phases/compile-paths.js";
import { checkShadowing } from "./phases/shadowing.js";
import { checkCarriedPresets, planCarry } from "./phases/carry-libraries.js";
import { resolveExtends } from "./phases/extends.js";
import { inheritPrompts } from "./phases/extends-prompts.js";
import { libraryModeRecord, loadLibraries } from "./phases/libraries.js";
import type { CompileOptions, CompileResult, SourceTree } from "./types.js";

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Deterministic order (file, line, column, code, message); file-less diagnostics first. Exact duplicates dropped. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const unique = diagnostics.filter((d) => {
    const id = JSON.stringify([d.code, d.file, d.start, d.end, d.path, d.message]);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return unique.sort(
    (a, b) =>
      cmp(a.file ?? "", b.file ?? "") ||
      cmp(a.start?.line ?? 0, b.start?.line ?? 0) ||
      cmp(a.start?.column ?? 0, b.start?.column ?? 0) ||
      cmp(a.code, b.code) ||
      cmp(SEVERITY_ORDER[a.severity], SEVERITY_ORDER[b.severity]) ||
      cmp(a.message, b.message),
  );
}

export function compile(tree: SourceTree, options: CompileOptions): CompileResult {
  const builtinModes = options.builtinModes ?? {};
  const decoded = decodeTree(tree);
  const parsed = parseSources(decoded);
  const validated = validateSources(parsed);
  const libraries = loadLibraries(validated.config, options.libraries ?? []);
  const layered = libraries.layered;
  const definedModeKeys = new Set(parsed.modes.map((m) => m.key));
  const resolved = resolveExtends(validated.modes, definedModeKeys, { library: layered.modes, builtin: builtinModes });
  const linked = linkSources({
    modes: resolved.modes,
    presets: validated.presets,
    rules: validated.rules,
    definedModeKeys,
    decoded,
    // Library modes win over built-in ones of the same key, as they are layered above them.
    builtinModes: { ...builtinModes, ...libraryModeRecord(layered) },
  });
  const shadowing = checkShadowing(linked.modes, builtinModes, options.builtinPresets ?? {}, options.inheritedOrigins);
  const carryPlan = planCarry(layered, definedModeKeys, new Set(parsed.presets.map((p) => p.key)));
  const carried = checkCarriedPresets(carryPlan, layered, linked.modes, builtinModes);
  const paths = compilePaths(validated);
  const lowered = lowerTemplates(linked, parsed.partials, decoded);
  const inherited = inheritPrompts(lowered.modes);
  const diagnostics = sortDiagnostics([
    ...decoded.diagnostics,
    ...parsed.diagnostics,
    ...validated.diagnostics,
    ...libraries.diagnostics,
    ...resolved.diagnostics,
    ...linked.diagnostics,
    ...shadowing,
    ...carried,
    ...paths.diagnostics,
    ...lowered.diagnostics,
    ...inherited.diagnostics,
  ]);
  if (hasErrors(diagnostics)) return { bundle: null, diagnostics };
  const bundle = emitBundle(
    { modes: inherited.modes, presets: lowered.presets, rules: lowered.rules },
    { scope: options.scope, forgeVersion: options.forgeVersion, builtinModes, libraries: layered, paths },
  );
  return { bundle, diagnostics };
}

/** The exact bytes of bundle.json: canonical JSON, 2-space indent, LF, trailing newline. */
export function emitBundleText(bundle: ForgeBundle): string {
  return stringifyCanonicalPretty(bundle);
}
