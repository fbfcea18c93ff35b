// Phase 6, emit: assemble the ForgeBundle per schema/bundle.schema.json and fill every digest and the bundleHash.
import { computeBundleHash, digestComponent, type BundleScope } from "../../core/digest.js";
import type { EditLimit, ForgeBundle, Mode, Preset, Rule, SystemUpdate } from "../../generated/types.js";
import type { LoweredMode, LoweredPreset, LoweredRule } from "./5-lower-templates.js";
import { buildLock, carryPreset, emitCarriedModes, planCarry } from "./carry-libraries.js";
import { updateKey, type CompiledPaths } from "./compile-paths.js";
import { NO_LIBRARIES, type LayeredLibraries } from "./libraries.js";

export interface EmitOptions {
  scope: BundleScope;
  forgeVersion: string;
  builtinModes: Readonly<Record<string, Mode | undefined>>;
  /** The verified forge libraries (compiler/phases/libraries.ts); their components are carried into the bundle. */
  libraries?: LayeredLibraries;
  /** Compiled globs and regexes (compile-paths.ts); absent: the sources declare none. */
  paths?: Pick<CompiledPaths, "edits" | "updateWhen" | "ruleWhen">;
}

const NO_PATHS: Pick<CompiledPaths, "edits" | "updateWhen" | "ruleWhen"> = { edits: new Map(), updateWhen: new Map(), ruleWhen: new Map() };

const sortedUnique = (list: readonly string[] | undefined): string[] => [...new Set(list ?? [])].sort();
/** Every string is NFC here already, so the returned object equals what bundle.json holds (canonical JSON is NFC). */
const nfc = (text: string): string => text.normalize("NFC");

/** Sets a key as an own data property: keys are validated, but never let one reach a prototype setter. */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
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
  // Present only when declared or inherited, so bundles without limits keep their digests. The mode's own
  // `edits.bash: unchecked` (the hole it accepts) travels with its limit; the globs are compiled in compile-paths.ts.
  if (edits !== undefined) entry.edits = d.edits?.bash === "unchecked" ? { ...edits, bash: "unchecked" } : edits;
  // The parent's digest is hashed too: a parent change changes the child's digest (drift where it is pinned).
  if (m.inherit !== null) entry.extends = m.inherit.parent;
  if (m.inherit !== null && parentDigest !== undefined) entry.extendsDigest = parentDigest;
  return { ...entry, digest: digestComponent("mode", m.key, scope, entry) };
}

function emitPreset(p: LoweredPreset, scope: BundleScope, modeDigest: (key: string) => string | undefined, paths: EmitOptions["paths"] & object): Preset {
  const d = p.data;
  const systemUpdates = p.updates.map((u, i): SystemUpdate => {
    const entry: Omit<SystemUpdate, "digest"> = {
      id: u.data.id,
      name: nfc(u.data.name),
      description: nfc(u.data.description),
      modelCallable: u.data.modelCallable ?? false,
      content: u.content,
    };
    const when = paths.updateWhen.get(updateKey(p.key, i));
    if (when !== undefined) entry.when = when;
    return { ...entry, digest: digestComponent("update", entry.id, scope, entry) };
  });
  const modeDigests: Record<string, string> = {};
  for (const key of [...(d.base === undefined ? [] : [d.base]), ...(d.overlays ?? [])]) {
    const digest = modeDigest(key);
    if (digest !== undefined) setOwn(modeDigests, key, digest);
  }
  const entry: Omit<Preset, "digest"> = { description: nfc(d.description), overlays: [...(d.overlays ?? [])], modeDigests, systemUpdates, source: p.file };
  if (d.base !== undefined) entry.base = d.base;
  if (d.driftPolicy !== undefined) entry.driftPolicy = d.driftPolicy;
  // Computed after modeDigests: a preset's digest changes when any mode it uses changes.
  return { ...entry, digest: digestComponent("preset", p.key, scope, entry) };
}

function emitRule(r: LoweredRule, scope: BundleScope, paths: EmitOptions["paths"] & object): Rule {
  const entry: Omit<Rule, "digest"> = {
    name: nfc(r.data.name),
    description: nfc(r.data.description),
    when: paths.ruleWhen.get(r.key) ?? { paths: [] },
    content: r.content,
    source: r.file,
  };
  return { ...entry, digest: digestComponent("rule", r.key, scope, entry) };
}

export function emitBundle(
  lowered: { modes: readonly LoweredMode[]; presets: readonly LoweredPreset[]; rules?: readonly LoweredRule[] },
  options: EmitOptions,
): ForgeBundle {
  const paths = options.paths ?? NO_PATHS;
  const libraries = options.libraries ?? NO_LIBRARIES;
  const builtinDigest = (key: string) => (Object.hasOwn(options.builtinModes, key) ? options.builtinModes[key]?.digest : undefined);
  const plan = planCarry(libraries, new Set(lowered.modes.map((m) => m.key)), new Set(lowered.presets.map((p) => p.key)));
  const modes: Record<string, Mode> = {};
  for (const [key, mode] of emitCarriedModes(plan, options.scope)) setOwn(modes, key, mode);
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
    else if (inherit?.origin === "library") parentDigest = inherit.parent !== m.key && plan.modes.has(inherit.parent) ? modes[inherit.parent]!.digest : inherit.entry!.digest;
    else if (inherit?.origin === "builtin") parentDigest = inherit.entry!.digest;
    // A mode that sets no edits inherits its parent's limit as compiled (an own parent's was emitted just above), like
    // every other field it does not set (extends.ts): a child of a limited mode is limited the same way.
    let edits = paths.edits.get(m.key);
    if (edits === undefined && inherit != null) edits = inherit.origin === "own" ? modes[inherit.parent]!.edits : inherit.entry!.edits;
    setOwn(modes, m.key, emitMode(m, options.scope, parentDigest, edits));
  };
  for (const m of lowered.modes) emitOwn(m);
  const modeDigest = (key: string) => (Object.hasOwn(modes, key) ? modes[key]!.digest : builtinDigest(key));
  const presets: Record<string, Preset> = {};
  for (const [key, { library, preset }] of plan.presets) setOwn(presets, key, carryPreset(key, library, preset, options.scope, modeDigest));
  for (const p of lowered.presets) setOwn(presets, p.key, emitPreset(p, options.scope, modeDigest, paths));
  const bundle: Omit<ForgeBundle, "bundleHash"> = {
    generated: "by forge build, do not edit",
    format: 1,
    forgeVersion: options.forgeVersion,
    scope: options.scope,
    modes,
    presets,
  };
  // Only a bundle with rules has the field: bundles without keep their bundleHash.
  if ((lowered.rules ?? []).length > 0) {
    const rules: Record<string, Rule> = {};
    for (const r of lowered.rules ?? []) setOwn(rules, r.key, emitRule(r, options.scope, paths));
    bundle.rules = rules;
  }
  if (libraries.libraries.length > 0) {
    const parents = lowered.modes.flatMap((m) => (m.inherit?.origin === "library" ? [{ library: m.inherit.library!, key: m.inherit.parent }] : []));
    bundle.lock = buildLock(libraries, plan, parents);
  }
  return { ...bundle, bundleHash: computeBundleHash(bundle) };
}
