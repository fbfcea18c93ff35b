// Phase 12, emit: assemble the ForgeBundle per schema/bundle.schema.json and fill every digest and the bundleHash.
import { computeBundleHash, digestComponent, type BundleScope } from "../../core/digest.js";
import type { EditLimit, EditLimitSource, ForgeBundle, Mode, Preset, Rule, SystemUpdate, ToolDelivery } from "../../generated/types.js";
import type { CompiledPaths } from "./8-paths.js";
import { updateKey } from "./8-paths.js";
import { contextRuleLabel, type ContextRule } from "./4-context.js";
import type { LoweredMode, LoweredPreset, LoweredRule } from "./9-lower.js";
import type { PolicyChecked } from "./11-policy.js";
import { buildLock, carryPreset, emitCarriedModes, planCarry } from "./carry-libraries.js";
import type { Phase } from "./pipeline.js";
import { presetBlockEntries } from "./preset-blocks.js";
import { atFile } from "../../core/diagnostics/make-diagnostic.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { describeLargest, MAX_PATTERN_COST, patternCosts } from "../../core/pattern-check.js";
import { patternBudgetExceeded } from "../diagnostics/codes.js";

const sortedUnique = (list: readonly string[] | undefined): string[] => [...new Set(list ?? [])].sort();
/** Every string is NFC here already, so the returned object equals what bundle.json holds (canonical JSON is NFC). */
const nfc = (text: string): string => text.normalize("NFC");

/** Sets a key as an own data property: keys are validated, but never let one reach a prototype setter. */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A compiled limit with what the mode's own `edits` accepts (an inherited limit already carries its parent's). */
function withAccepted(edits: EditLimit, own: EditLimitSource | undefined): EditLimit {
  const out: EditLimit = { ...edits };
  if (own?.bash === "unchecked") out.bash = "unchecked";
  if (own?.trustReadOnlyHints === true) out.trustReadOnlyHints = true;
  else if (own?.trustReadOnlyHints === false) delete out.trustReadOnlyHints;
  return out;
}

function emitMode(m: LoweredMode, scope: BundleScope, parentDigest: string | undefined, edits: EditLimit | undefined): Mode {
  const d = m.data;
  const entry: Omit<Mode, "digest"> & { digest?: string } = {
    label: nfc(d.label),
    description: nfc(d.description),
    strategy: d.strategy,
    prompt: m.prompt,
    requires: sortedUnique(d.requires),
    conflictsWith: sortedUnique(d.conflictsWith),
    before: sortedUnique(d.before),
    after: sortedUnique(d.after),
    source: m.file,
  };
  if (d.model !== undefined) entry.model = nfc(d.model);
  if (d.thinking !== undefined) entry.thinking = d.thinking;
  // tools is an allow-list set: order carries no meaning, so sort it for digest stability.
  if (d.tools !== undefined) entry.tools = sortedUnique(d.tools);
  // The servers a mode allows whole: those it names and those it brings (each present only when set, so bundles
  // without MCP keep their digests).
  if (d.mcp !== undefined || d.mcpServers !== undefined) entry.mcp = sortedUnique([...(d.mcp ?? []), ...Object.keys(d.mcpServers ?? {})]);
  if (d.mcpServers !== undefined) entry.mcpServers = Object.fromEntries(Object.entries(d.mcpServers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  // Present only when declared or inherited, so bundles without limits keep their digests. The mode's own
  // `edits.bash: unchecked` and `edits.trustReadOnlyHints` (the holes it accepts) travel with its limit; the globs are
  // compiled in 8-paths.ts.
  if (edits !== undefined) entry.edits = withAccepted(edits, d.edits);
  // The parent's digest is hashed too: a parent change changes the child's digest (drift where it is pinned).
  if (m.inherit !== null) entry.extends = m.inherit.parent;
  if (m.inherit !== null && parentDigest !== undefined) entry.extendsDigest = parentDigest;
  return { ...entry, digest: digestComponent("mode", m.key, scope, entry) };
}

function emitPreset(
  p: LoweredPreset,
  scope: BundleScope,
  modeDigests: Record<string, string>,
  paths: CompiledPaths,
  delivery: ToolDelivery | undefined,
): Preset {
  const d = p.data;
  const systemUpdates = presetBlockEntries(p, paths).map((entry): SystemUpdate => ({ ...entry, digest: digestComponent("update", entry.id, scope, entry) }));
  const entry: Omit<Preset, "digest"> = { description: nfc(d.description), overlays: [...(d.overlays ?? [])], modeDigests, systemUpdates, source: p.file };
  if (d.base !== undefined) entry.base = d.base;
  if (d.driftPolicy !== undefined) entry.driftPolicy = d.driftPolicy;
  // The preset's own, else forge.yaml's; absent (declare) keeps the digests of bundles that set neither.
  const toolDelivery = d.toolDelivery ?? delivery;
  if (toolDelivery !== undefined) entry.toolDelivery = toolDelivery;
  // Computed after modeDigests: a preset's digest changes when any mode it uses changes.
  return { ...entry, digest: digestComponent("preset", p.key, scope, entry) };
}

function emitRule(r: LoweredRule, scope: BundleScope, paths: CompiledPaths): Rule {
  const entry: Omit<Rule, "digest"> = {
    name: nfc(r.data.name),
    description: nfc(r.data.description),
    when: paths.ruleWhen.get(r.key) ?? { paths: [] },
    content: r.content,
    source: r.file,
  };
  return { ...entry, digest: digestComponent("rule", r.key, scope, entry) };
}

/** A nested context file's rule: named after the file, its path in `contextFile` (hashed), its source beside it. */
function emitContextRule(c: ContextRule, scope: BundleScope): Rule {
  const { path, when, content } = c.entry;
  const entry: Omit<Rule, "digest"> = {
    ...contextRuleLabel(c.entry),
    when,
    content,
    contextFile: path,
    source: c.source,
  };
  return { ...entry, digest: digestComponent("rule", c.key, scope, entry) };
}

/**
 * Phase 12: the bundle, own components over the carried library ones. It runs only when no phase reported an error. A
 * component's entry is kept while everything it is built from (its data, text, limit, parent's and modes' digests) is.
 */
export const emitBundle: Phase<PolicyChecked, ForgeBundle> = (input, { options, memo }) => {
  const { scope } = options;
  const { paths, lowered } = input;
  const libraries = input.beneath.libraries;
  const offered = input.beneath.offered.modes;
  const plan = planCarry(libraries, input.parsed.modeKeys, input.parsed.presetKeys);
  const modes: Record<string, Mode> = {};
  const carried = memo.reuse(
    "emit",
    "carried modes",
    () => [scope, ...[...plan.modes].flatMap(([key, c]) => [key, c.mode, c.origin])],
    () => emitCarriedModes(plan, scope),
  );
  for (const [key, mode] of carried) setOwn(modes, key, mode);
  const own = new Map(lowered.modes.map((m) => [m.key, m] as const));
  const emitted = new Set<string>();
  // Parents first: a child records its parent's digest (own parents were resolved without cycles).
  const emitOwn = (m: LoweredMode): void => {
    if (emitted.has(m.key)) return;
    emitted.add(m.key);
    const inherit = m.inherit;
    if (inherit?.origin === "own") emitOwn(own.get(inherit.parent)!);
    let parentDigest: string | undefined;
    if (inherit?.origin === "own") parentDigest = modes[inherit.parent]!.digest;
    // A library parent of another key is carried (own keys win): point at the carried entry, else at the library's.
    else if (inherit?.origin === "library")
      parentDigest = inherit.parent !== m.key && plan.modes.has(inherit.parent) ? modes[inherit.parent]!.digest : inherit.entry!.digest;
    else if (inherit?.origin === "builtin") parentDigest = inherit.entry!.digest;
    // A mode that sets no edits inherits its parent's limit as compiled (an own parent's was emitted just above), like
    // every other field it does not set (5-extends.ts): a child of a limited mode is limited the same way.
    let edits = paths.edits.get(m.key);
    if (edits === undefined && inherit != null) edits = inherit.origin === "own" ? modes[inherit.parent]!.edits : inherit.entry!.edits;
    const deps = () => [m.data, m.prompt, m.file, scope, parentDigest, edits, inherit?.parent];
    setOwn(
      modes,
      m.key,
      memo.reuse("emit mode", m.key, deps, () => emitMode(m, scope, parentDigest, edits)),
    );
  };
  for (const m of lowered.modes) emitOwn(m);
  const modeDigest = (key: string) => (Object.hasOwn(modes, key) ? modes[key]!.digest : offered.get(key)?.mode.digest);
  const digestsOf = (preset: { base?: string; overlays?: readonly string[] }): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const key of [...(preset.base === undefined ? [] : [preset.base]), ...(preset.overlays ?? [])]) {
      const digest = modeDigest(key);
      if (digest !== undefined) setOwn(out, key, digest);
    }
    return out;
  };
  const presets: Record<string, Preset> = {};
  for (const [key, { origin, preset }] of plan.presets) {
    const pins = JSON.stringify(digestsOf(preset));
    setOwn(
      presets,
      key,
      memo.reuse(
        "emit carried preset",
        key,
        () => [origin, preset, scope, pins],
        () => carryPreset(key, origin, preset, scope, modeDigest),
      ),
    );
  }
  for (const p of lowered.presets) {
    const modeDigests = digestsOf(p.data);
    const when = p.updates.map((_, i) => paths.updateWhen.get(updateKey(p.key, i)));
    const delivery = input.valid.config?.data.toolDelivery;
    const deps = () => [p.data, p.file, scope, JSON.stringify(modeDigests), delivery, ...p.updates.map((u) => u.content), ...when];
    setOwn(
      presets,
      p.key,
      memo.reuse("emit preset", p.key, deps, () => emitPreset(p, scope, modeDigests, paths, delivery)),
    );
  }
  const bundle: Omit<ForgeBundle, "bundleHash"> = {
    generated: "by forge build, do not edit",
    format: 1,
    forgeVersion: options.forgeVersion,
    scope,
    modes,
    presets,
    // Build-time data covered by bundleHash, not by the components' digests: counts never make drift.
    tokens: input.tokens,
  };
  // Only a bundle with rules has the field: bundles without keep their bundleHash.
  if (lowered.rules.length > 0 || input.contextRules.length > 0) {
    const rules: Record<string, Rule> = {};
    for (const r of lowered.rules) {
      const deps = () => [r.data, r.file, r.content, paths.ruleWhen.get(r.key), scope];
      setOwn(
        rules,
        r.key,
        memo.reuse("emit rule", r.key, deps, () => emitRule(r, scope, paths)),
      );
    }
    // Phase 4 refused a context rule whose id a rules/ file takes, so none replaces another here.
    for (const c of input.contextRules)
      setOwn(
        rules,
        c.key,
        memo.reuse(
          "emit context rule",
          c.key,
          () => [c.entry, c.source, scope],
          () => emitContextRule(c, scope),
        ),
      );
    bundle.rules = rules;
  }
  // Only a team policy package has the field (phases/11-policy.ts): every other bundle keeps its bundleHash.
  if (input.policies.own !== null) bundle.policy = input.policies.own;
  if (libraries.libraries.length > 0) {
    const parents = lowered.modes.flatMap((m) => (m.inherit?.origin === "library" ? [{ library: m.inherit.library!, key: m.inherit.parent }] : []));
    bundle.lock = buildLock(libraries, plan, parents);
  }
  return { value: { ...bundle, bundleHash: computeBundleHash(bundle, memo.canonical) }, diagnostics: checkPatternBudget(bundle) };
};

/**
 * The bundle's path patterns within the one bound the runtime checks again when it loads (core/pattern-check.ts),
 * reported at the file of the costliest pattern with the three largest named.
 */
function checkPatternBudget(bundle: Pick<ForgeBundle, "modes" | "presets" | "rules">): Diagnostic[] {
  const costs = patternCosts(bundle);
  if (costs.total <= MAX_PATTERN_COST) return [];
  const top = costs.largest[0]!;
  const [kind, key] = [top.where.split(" ")[0], /"([^"]*)"/.exec(top.where)?.[1] ?? ""];
  const component = kind === "mode" ? bundle.modes[key] : kind === "preset" ? bundle.presets[key] : bundle.rules?.[key];
  const file = component?.source ?? "bundle.json";
  return [patternBudgetExceeded(atFile(file), costs.total, MAX_PATTERN_COST, describeLargest(costs.largest.slice(0, 3)))];
}
