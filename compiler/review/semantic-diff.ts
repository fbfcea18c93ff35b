// The pure comparison behind `forge diff`: modes and presets by key, field changes, prompt diffs and affected presets.
import { compareCodeUnits, stringifyCanonical } from "../../core/canonical-json.js";
import type { Mode, Preset, Rule, SystemUpdate, Template, TokenCounts } from "../../generated/types.js";
import type {
  AffectedPreset,
  AffectingMode,
  FieldChange,
  FieldValue,
  ModeChange,
  ModeChangeKind,
  ModeOnOneSide,
  PinChange,
  PresetChange,
  PresetOnOneSide,
  SemanticDiff,
  UpdateChange,
  UpdateOnOneSide,
} from "./diff-report.js";
import { unifiedDiff } from "./unified-diff.js";
import { compareRules, EDITS_FIELDS, MCP_FIELDS, WHEN_FIELDS, withPathFields } from "./path-diff.js";
import { diffLocks } from "./bundle-changes.js";
import { findAffectedModes } from "./extends-diff.js";
import { compareTokens } from "./token-diff.js";

/** What the comparison reads from a bundle; a side without a bundle is EMPTY_BUNDLE. */
export interface BundleView {
  scope: string | null;
  forgeVersion: string | null;
  modes: Readonly<Record<string, Mode | undefined>>;
  presets: Readonly<Record<string, Preset | undefined>>;
  rules?: Readonly<Record<string, Rule | undefined>>;
  /** The forge libraries the bundle was built with (absent: none). */
  lock?: unknown;
  /** Its token counts (absent: built before forge counted them). */
  tokens?: TokenCounts;
}

/** No bundle on a side: nothing in it, so every component's tokens count from 0. */
export const EMPTY_BUNDLE: BundleView = {
  scope: null,
  forgeVersion: null,
  modes: {},
  presets: {},
  tokens: { tokenizer: "o200k_base", modes: {}, presets: {} },
};

/** Names the sides in diff headers: `<a>:mode/plan` and `<b>:mode/plan`. */
export interface SideLabels {
  a: string;
  b: string;
}

const MODE_FIELDS = [
  "label",
  "description",
  "strategy",
  "requires",
  "conflictsWith",
  "before",
  "after",
  "model",
  "thinking",
  "tools",
  ...MCP_FIELDS,
  ...EDITS_FIELDS,
  "extends",
  "library",
] as const;
const PRESET_FIELDS = ["description", "base", "overlays", "driftPolicy", "toolDelivery", "library"] as const;
const UPDATE_FIELDS = ["name", "description", "modelCallable", ...WHEN_FIELDS] as const;

/** The prompt as a reviewer reads it: text verbatim, each slot as its `{{name}}` placeholder. */
export function renderTemplate(template: Template): string {
  return template.map((s) => ("text" in s ? s.text : `{{${s.slot}}}`)).join("");
}

const sortedKeys = (record: object): string[] => Object.keys(record).sort(compareCodeUnits);

/** Canonical JSON of an entry without the named fields: equal strings mean equal meaning. */
function contentOf(entry: object, without: readonly string[]): string {
  return stringifyCanonical(Object.fromEntries(Object.entries(entry).filter(([k]) => !without.includes(k))));
}

const BOOKKEEPING = ["source", "digest"];

function fieldChanges(a: object, b: object, fields: readonly string[]): FieldChange[] {
  const value = (entry: object, field: string): FieldValue => (entry as Record<string, FieldValue | undefined>)[field] ?? null;
  return fields
    .filter((f) => stringifyCanonical(value(a, f)) !== stringifyCanonical(value(b, f)))
    .map((f) => ({ field: f, from: value(a, f), to: value(b, f) }));
}

function templateDiff(from: Template | null, to: Template | null, fromLabel: string, toLabel: string): string {
  return unifiedDiff(from === null ? "" : renderTemplate(from), to === null ? "" : renderTemplate(to), {
    fromLabel: from === null ? "/dev/null" : fromLabel,
    toLabel: to === null ? "/dev/null" : toLabel,
  });
}

/** Splits two keyed records into keys only in A, only in B, and in both (each sorted). */
function partitionKeys(a: object, b: object): { removed: string[]; added: string[]; both: string[] } {
  return {
    removed: sortedKeys(a).filter((k) => !Object.hasOwn(b, k)),
    added: sortedKeys(b).filter((k) => !Object.hasOwn(a, k)),
    both: sortedKeys(a).filter((k) => Object.hasOwn(b, k)),
  };
}

function compareModes(a: BundleView, b: BundleView, labels: SideLabels, notes: string[]): SemanticDiff["modes"] {
  const keys = partitionKeys(a.modes, b.modes);
  const oneSide = (mode: Mode, key: string, side: "a" | "b"): ModeOnOneSide => ({
    key,
    strategy: mode.strategy,
    diff: side === "a" ? templateDiff(mode.prompt, null, `${labels.a}:mode/${key}`, "") : templateDiff(null, mode.prompt, "", `${labels.b}:mode/${key}`),
  });
  const changed: ModeChange[] = [];
  for (const key of keys.both) {
    const from = a.modes[key]!;
    const to = b.modes[key]!;
    if (from.source !== to.source) notes.push(`mode ${key}: source ${from.source} -> ${to.source} (not a semantic change)`);
    const sameContent = contentOf(from, BOOKKEEPING) === contentOf(to, BOOKKEEPING);
    if (sameContent && from.digest === to.digest) continue;
    if (sameContent) notes.push(`mode ${key}: the digests differ but the content is the same (a hand-edited digest or another scope)`);
    const promptChanged = stringifyCanonical(from.prompt) !== stringifyCanonical(to.prompt);
    changed.push({
      key,
      digest: { from: from.digest, to: to.digest },
      fields: fieldChanges(withPathFields(from), withPathFields(to), MODE_FIELDS),
      promptChanged,
      diff: promptChanged ? templateDiff(from.prompt, to.prompt, `${labels.a}:mode/${key}`, `${labels.b}:mode/${key}`) : "",
    });
  }
  return {
    added: keys.added.map((k) => oneSide(b.modes[k]!, k, "b")),
    removed: keys.removed.map((k) => oneSide(a.modes[k]!, k, "a")),
    changed,
  };
}

function compareUpdates(from: readonly SystemUpdate[], to: readonly SystemUpdate[], prefix: SideLabels): PresetChange["systemUpdates"] {
  const index = (list: readonly SystemUpdate[]) => Object.fromEntries(list.map((u) => [u.id, u]));
  const a = index(from);
  const b = index(to);
  const keys = partitionKeys(a, b);
  const label = (side: "a" | "b", id: string) => `${prefix[side]}/update/${id}`;
  const added: UpdateOnOneSide[] = keys.added.map((id) => ({ id, diff: templateDiff(null, b[id]!.content, "", label("b", id)) }));
  const removed: UpdateOnOneSide[] = keys.removed.map((id) => ({ id, diff: templateDiff(a[id]!.content, null, label("a", id), "") }));
  const changed: UpdateChange[] = [];
  for (const id of keys.both) {
    const u = a[id]!;
    const v = b[id]!;
    if (contentOf(u, ["digest"]) === contentOf(v, ["digest"]) && u.digest === v.digest) continue;
    const contentChanged = stringifyCanonical(u.content) !== stringifyCanonical(v.content);
    changed.push({
      id,
      fields: fieldChanges(withPathFields(u), withPathFields(v), UPDATE_FIELDS),
      contentChanged,
      diff: contentChanged ? templateDiff(u.content, v.content, label("a", id), label("b", id)) : "",
    });
  }
  return { added, removed, changed };
}

function comparePins(from: Preset, to: Preset): PinChange[] {
  const keys = [...new Set([...Object.keys(from.modeDigests), ...Object.keys(to.modeDigests)])].sort(compareCodeUnits);
  return keys.map((key) => ({ key, from: from.modeDigests[key] ?? null, to: to.modeDigests[key] ?? null })).filter((p) => p.from !== p.to);
}

function comparePresets(a: BundleView, b: BundleView, labels: SideLabels, notes: string[]): SemanticDiff["presets"] {
  const keys = partitionKeys(a.presets, b.presets);
  const oneSide = (p: Preset, key: string): PresetOnOneSide => ({ key, base: p.base ?? null, overlays: [...p.overlays] });
  const changed: PresetChange[] = [];
  for (const key of keys.both) {
    const from = a.presets[key]!;
    const to = b.presets[key]!;
    if (from.source !== to.source) notes.push(`preset ${key}: source ${from.source} -> ${to.source} (not a semantic change)`);
    const sameContent = contentOf(from, BOOKKEEPING) === contentOf(to, BOOKKEEPING);
    if (sameContent && from.digest === to.digest) continue;
    const prefix = { a: `${labels.a}:preset/${key}`, b: `${labels.b}:preset/${key}` };
    const fields = fieldChanges(from, to, PRESET_FIELDS);
    const systemUpdates = compareUpdates(from.systemUpdates, to.systemUpdates, prefix);
    const modeDigests = comparePins(from, to);
    const updatesChanged = systemUpdates.added.length + systemUpdates.removed.length + systemUpdates.changed.length > 0;
    // A digest difference that no content explains is a hand edit: show it as the preset's own change.
    const ownChange = fields.length > 0 || updatesChanged || sameContent;
    if (sameContent) notes.push(`preset ${key}: the digests differ but the content is the same (a hand-edited digest or another scope)`);
    changed.push({ key, digest: { from: from.digest, to: to.digest }, fields, systemUpdates, modeDigests, ownChange });
  }
  return {
    added: keys.added.map((k) => oneSide(b.presets[k]!, k)),
    removed: keys.removed.map((k) => oneSide(a.presets[k]!, k)),
    changed,
  };
}

/** Digests presets pin for modes that are not in the bundle itself: the built-in modes they use. */
function builtinPins(view: BundleView): Map<string, string> {
  const pins = new Map<string, string>();
  for (const key of sortedKeys(view.presets)) {
    for (const [mode, digest] of Object.entries(view.presets[key]!.modeDigests)) {
      if (!Object.hasOwn(view.modes, mode) && digest !== undefined && !pins.has(mode)) pins.set(mode, digest);
    }
  }
  return pins;
}

function compareBuiltinPins(a: BundleView, b: BundleView): PinChange[] {
  const from = builtinPins(a);
  const to = builtinPins(b);
  return [...from.keys()]
    .filter((k) => to.has(k) && to.get(k) !== from.get(k))
    .sort(compareCodeUnits)
    .map((key) => ({ key, from: from.get(key)!, to: to.get(key)! }));
}

/**
 * Every preset kept from A to B whose base or overlays (in either version) name a mode that was
 * added, removed or changed, own or built-in. A preset is named even when its own digest did not
 * change: a hand-edited mode keeps its stale digest, and so do the presets pinning it. Added and
 * removed presets are reported as such: "affected" would say nothing more about them.
 */
function findAffectedPresets(a: BundleView, b: BundleView, modes: SemanticDiff["modes"], builtin: readonly PinChange[]): AffectedPreset[] {
  const status = new Map<string, { change: ModeChangeKind; builtin: boolean }>();
  for (const m of modes.added) status.set(m.key, { change: "added", builtin: false });
  for (const m of modes.removed) status.set(m.key, { change: "removed", builtin: false });
  for (const m of modes.changed) status.set(m.key, { change: "changed", builtin: false });
  for (const p of builtin) if (!status.has(p.key)) status.set(p.key, { change: "changed", builtin: true });
  const refs = (p: Preset | undefined): string[] => (p === undefined ? [] : [...(p.base === undefined ? [] : [p.base]), ...p.overlays]);
  const out: AffectedPreset[] = [];
  for (const preset of sortedKeys(a.presets).filter((k) => Object.hasOwn(b.presets, k))) {
    const keys = [...new Set([...refs(a.presets[preset]), ...refs(b.presets[preset])])].sort(compareCodeUnits);
    const affecting: AffectingMode[] = keys.flatMap((key) => {
      const s = status.get(key);
      return s === undefined ? [] : [{ key, ...s }];
    });
    if (affecting.length > 0) out.push({ preset, modes: affecting });
  }
  return out;
}

/** Compares bundle A with bundle B. Pure: the same inputs always give the same result. */
export function compareBundles(a: BundleView, b: BundleView, labels: SideLabels): SemanticDiff {
  const notes: string[] = [];
  const scope = a.scope !== null && b.scope !== null && a.scope !== b.scope ? { from: a.scope, to: b.scope } : null;
  const modes = compareModes(a, b, labels, notes);
  const presets = comparePresets(a, b, labels, notes);
  const builtinModes = compareBuiltinPins(a, b);
  const affectedPresets = findAffectedPresets(a, b, modes, builtinModes);
  const rules = compareRules(a.rules ?? {}, b.rules ?? {}, labels, { fieldChanges, templateDiff });
  const affectedModes = findAffectedModes(a.modes, b.modes, modes);
  const libraries = diffLocks(a.lock, b.lock);
  if (a.forgeVersion !== null && b.forgeVersion !== null && a.forgeVersion !== b.forgeVersion) {
    notes.push(`forgeVersion ${a.forgeVersion} -> ${b.forgeVersion} (not a semantic change)`);
  }
  const summary = {
    modesAdded: modes.added.length,
    modesRemoved: modes.removed.length,
    modesChanged: modes.changed.length,
    presetsAdded: presets.added.length,
    presetsRemoved: presets.removed.length,
    presetsChanged: presets.changed.filter((p) => p.ownChange).length,
    presetsAffected: affectedPresets.length,
    rulesAdded: rules.added.length,
    rulesRemoved: rules.removed.length,
    rulesChanged: rules.changed.length,
    modesAffected: affectedModes.length,
    librariesChanged: libraries.length,
  };
  const semantic =
    scope !== null ||
    builtinModes.length > 0 ||
    libraries.length > 0 ||
    [modes.added, modes.removed, modes.changed, presets.added, presets.removed, presets.changed, rules.added, rules.removed, rules.changed].some(
      (list) => list.length > 0,
    );
  const found = { semantic, scope, modes, presets, rules, builtinModes, affectedPresets, affectedModes, libraries, notes, summary };
  return { ...found, tokens: compareTokens(a.tokens, b.tokens, found) };
}
