// `forge explain` for paths: each rule with its globs, each edit limit, the bash warning, and what one path would trigger.
import type { Catalog } from "../../core/component-catalog.js";
import type { Scope } from "../../core/digest.js";
import { checkEdit, compileLimit, describeRefusal } from "../../core/edit-limits.js";
import { compilePatterns, describePattern, firstMatch } from "../../core/path-match.js";
import { globRoot, type RuleRef } from "../../core/rule-catalog.js";
import { PATH_TOOLS, projectRelative } from "../../core/tool-paths.js";
import type { Mode, PathTrigger } from "../../generated/types.js";

export interface ExplainRule {
  id: string;
  /** rule: rules/<id>; block: a preset's system-update block with `when`. */
  kind: "rule" | "block";
  /** The preset that declares the block (it switches on only while that preset is active); null for a rule. */
  preset: string | null;
  scope: Scope;
  source: string;
  description: string;
  /** Globs as written (a regex between slashes). */
  paths: string[];
  /** The tools whose calls trigger it; null: read, edit, write, grep, find and ls. */
  tools: string[] | null;
  /** A nested context file's rule (forge.yaml contextFiles: nested): the file, relative to its layer's root; else null. */
  contextFile: string | null;
}

/** A rule with its compiled trigger, for path queries (the report shows only the globs). */
export interface TriggeredRule {
  rule: ExplainRule;
  trigger: PathTrigger;
  /** The project layer whose bundle holds it: its globs are relative to that layer's root (null: the target's root). */
  layer: string | null;
}

/** A selected mode, with the project layer it comes from (its edit limit's globs are relative to that layer's root). */
export interface LayeredMode {
  key: string;
  mode: Mode;
  layer?: string | null;
}

type DescribeSource = (scope: Scope, source: string, layer: string | null) => string;

export interface ExplainEditLimit {
  mode: string;
  /** null: any path not denied. */
  allow: string[] | null;
  deny: string[];
  /**
   * The mode declares `edits.bash: unchecked` and bash is (or may be) among its tools: bash stays on under the limit and
   * can change any file. Without the declaration forge turns bash off while the limit is active.
   */
  bashUnchecked: boolean;
}

export interface ExplainPath {
  /** As given on the command line. */
  path: string;
  /** Relative to the project root; null when outside it. */
  relative: string | null;
  /** The rules a call naming it would switch on, with the glob that matches. */
  rules: Array<{ id: string; kind: ExplainRule["kind"]; preset: string | null; glob: string; tools: string[] }>;
  /** Per limit: whether edit/write may change it, and the refusal the model would get. */
  editLimits: Array<{ mode: string; allowed: boolean; refusal: string | null }>;
}

export interface PathQuery {
  path: string;
  /** Where the path is resolved from (the shell's working directory), and the home directory for ~. */
  cwd: string;
  home: string;
}

/** Rules of the scopes, then the blocks with `when` of `presets` (the selected one, or every preset without a selection). */
export function explainRules(rules: readonly RuleRef[], catalog: Catalog, presets: readonly string[], describeSource: DescribeSource): TriggeredRule[] {
  const paths = (t: PathTrigger) => t.paths.map(describePattern);
  const out: TriggeredRule[] = rules.map((r) => ({
    rule: {
      id: r.key,
      kind: "rule",
      preset: null,
      scope: r.scope,
      source: describeSource(r.scope, r.rule.source, r.layer),
      description: r.rule.description,
      paths: paths(r.rule.when),
      tools: r.rule.when.tools ?? null,
      contextFile: r.rule.contextFile ?? null,
    },
    trigger: r.rule.when,
    layer: r.layer,
  }));
  for (const key of presets) {
    const entry = catalog.presets.get(key);
    for (const b of entry?.preset.systemUpdates ?? []) {
      if (!b.when || !entry) continue;
      out.push({
        rule: {
          id: b.id,
          kind: "block",
          preset: key,
          scope: entry.scope,
          source: describeSource(entry.scope, entry.preset.source, entry.layer),
          description: b.description,
          paths: paths(b.when),
          tools: b.when.tools ?? null,
          contextFile: null,
        },
        trigger: b.when,
        layer: entry.layer,
      });
    }
  }
  return out;
}

/** The edit limits of `modes`; `tools` is each mode's effective tool list (undefined: Pi's tools, bash included by default). */
export function explainEditLimits(
  modes: ReadonlyArray<{ key: string; mode: Mode }>,
  tools: (key: string) => readonly string[] | undefined,
): ExplainEditLimit[] {
  return modes.flatMap(({ key, mode }) => {
    if (!mode.edits) return [];
    const t = tools(key);
    return [
      {
        mode: key,
        allow: mode.edits.allow === undefined ? null : mode.edits.allow.map(describePattern),
        deny: mode.edits.deny.map(describePattern),
        bashUnchecked: mode.edits.bash === "unchecked" && (t === undefined || t.includes("bash")),
      },
    ];
  });
}

/** The warning explain prints for each limit whose mode keeps bash on (`edits.bash: unchecked`): bash can get around it. */
export function bashWarnings(limits: readonly ExplainEditLimit[]): string[] {
  return limits
    .filter((l) => l.bashUnchecked)
    .map(
      (l) =>
        `mode "${l.mode}" limits edits, but bash is among its tools (edits.bash: unchecked): bash can change any file and forge cannot check it (remove edits.bash: unchecked, and forge turns bash off while the limit is active)`,
    );
}

/**
 * What `query` would trigger: matching rules, and the verdict of each edit limit (all must allow: they intersect).
 * `root` is the target's root; a component of another project layer (a monorepo's root layer) judges the path
 * relative to its own layer's root, as the runtime does.
 */
export function explainPath(query: PathQuery, root: string, rules: readonly TriggeredRule[], modes: readonly LayeredMode[]): ExplainPath {
  const relativeTo = (layer: string | null | undefined) => projectRelative(query.path, query.cwd, globRoot(layer, root), query.home);
  const relative = relativeTo(null);
  const matched: ExplainPath["rules"] = [];
  for (const { rule: r, trigger, layer } of rules) {
    const own = relativeTo(layer);
    const hit = own === null ? null : firstMatch(compilePatterns(trigger.paths), own);
    if (hit) matched.push({ id: r.id, kind: r.kind, preset: r.preset, glob: describePattern(hit), tools: r.tools ?? [...PATH_TOOLS] });
  }
  const editLimits = modes.flatMap(({ key, mode, layer }) => {
    if (!mode.edits) return [];
    const limit = compileLimit(key, mode.edits);
    const verdict = checkEdit([limit], [relativeTo(layer)], query.path);
    return [{ mode: key, allowed: verdict.ok, refusal: verdict.ok ? null : describeRefusal(verdict, [limit]) }];
  });
  return { path: query.path, relative, rules: matched, editLimits };
}

/**
 * `forge explain --path P` without a selection: every rule (each preset's blocks with `when` too) and every
 * mode's edit limit, judged for P.
 */
export function explainPathOnly(
  catalog: Catalog,
  rules: readonly RuleRef[],
  query: PathQuery,
  root: string,
  describeSource: DescribeSource,
): { rules: ExplainRule[]; editLimits: ExplainEditLimit[]; warnings: string[]; path: ExplainPath } {
  const triggered = explainRules(rules, catalog, [...catalog.presets.keys()].sort(), describeSource);
  const modes = [...catalog.modes.values()]
    .filter((m) => m.mode.edits)
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((m) => ({ key: m.key, mode: m.mode, layer: m.layer }));
  const editLimits = explainEditLimits(modes, (key) => catalog.modes.get(key)?.mode.tools);
  return { rules: triggered.map((t) => t.rule), editLimits, warnings: bashWarnings(editLimits), path: explainPath(query, root, triggered, modes) };
}
