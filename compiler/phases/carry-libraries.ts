// Carrying forge libraries into a bundle: each library component this bundle does not define, re-digested under its
// scope (so the runtime verifies it like any other entry), the lock, and a check that carried presets still fit.
import type { ContractComponent } from "../../core/contracts.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { atFile } from "../../core/diagnostics/make-diagnostic.js";
import { digestComponent, type BundleScope } from "../../core/digest.js";
import type { Layered, LayeredMode, LayeredPreset } from "../../core/layering.js";
import type { LockedLibrary, Mode, Preset, SystemUpdate } from "../../generated/types.js";
import { libraryPresetBroken } from "../diagnostics/codes.js";
import { signersOf } from "../../core/bundle-signature.js";
import type { LayeredLibraries, LoadedLibrary } from "./library-bundles.js";
import { presetProblems, type OwnMode, type Role } from "./shadowing.js";

/** The library components a bundle carries: every winning one whose key the bundle's own sources do not define. */
export interface CarryPlan {
  modes: ReadonlyMap<string, LayeredMode<LoadedLibrary>>;
  presets: ReadonlyMap<string, LayeredPreset<LoadedLibrary>>;
}

export function planCarry(layered: Layered<LoadedLibrary>, ownModeKeys: ReadonlySet<string>, ownPresetKeys: ReadonlySet<string>): CarryPlan {
  return {
    modes: new Map([...layered.modes].filter(([key]) => !ownModeKeys.has(key))),
    presets: new Map([...layered.presets].filter(([key]) => !ownPresetKeys.has(key))),
  };
}

/**
 * The carried modes: content as the library built it, marked with the library's name and digested under `scope`. A
 * carried mode whose parent is carried from the same library points its extendsDigest at the carried parent, so the
 * bundle stays self-consistent (explain follows the chain by digest).
 */
export function emitCarriedModes(plan: CarryPlan, scope: BundleScope): Map<string, Mode> {
  const out = new Map<string, Mode>();
  const visiting = new Set<string>();
  const emit = (key: string): Mode | undefined => {
    const done = out.get(key);
    if (done) return done;
    const carried = plan.modes.get(key);
    // A cycle can only come from a hand-made (yet digest-valid) library bundle: its digests are then left as they are.
    if (!carried || visiting.has(key)) return undefined;
    visiting.add(key);
    const { digest: _digest, ...entry } = carried.mode;
    const parent = entry.extends === undefined || entry.extends === key ? undefined : plan.modes.get(entry.extends);
    if (parent && parent.origin === carried.origin && parent.mode.digest === entry.extendsDigest) {
      const carriedParent = emit(entry.extends!);
      if (carriedParent) entry.extendsDigest = carriedParent.digest;
    }
    visiting.delete(key);
    const marked = { ...entry, library: carried.origin.name };
    const mode = { ...marked, digest: digestComponent("mode", key, scope, marked) };
    out.set(key, mode);
    return mode;
  };
  for (const key of plan.modes.keys()) emit(key);
  return out;
}

/** A carried preset: its update blocks re-digested, its pins taken from this bundle's modes, marked with its library. */
export function carryPreset(key: string, library: LoadedLibrary, preset: Preset, scope: BundleScope, modeDigest: (key: string) => string | undefined): Preset {
  const systemUpdates = preset.systemUpdates.map((u): SystemUpdate => {
    const { digest: _digest, ...entry } = u;
    return { ...entry, digest: digestComponent("update", entry.id, scope, entry) };
  });
  const modeDigests: Record<string, string> = {};
  for (const mode of [...(preset.base === undefined ? [] : [preset.base]), ...preset.overlays]) {
    const digest = modeDigest(mode);
    if (digest !== undefined) Object.defineProperty(modeDigests, mode, { value: digest, enumerable: true, writable: true, configurable: true });
  }
  const { digest: _digest, ...rest } = preset;
  const entry = { ...rest, systemUpdates, modeDigests, library: library.name };
  return { ...entry, digest: digestComponent("preset", key, scope, entry) };
}

/**
 * The lock: per library in listed order, its version and bundleHash and every component taken from it (carried, or
 * a parent an own mode extends) with its digest in the library's own bundle, so a reviewer can check it there.
 */
export function buildLock(layered: LayeredLibraries, plan: CarryPlan, parents: ReadonlyArray<{ library: string; key: string }>): LockedLibrary[] {
  return layered.libraries.map((library) => {
    const modes: Record<string, string> = {};
    const presets: Record<string, string> = {};
    const put = (record: Record<string, string>, key: string, digest: string) =>
      Object.defineProperty(record, key, { value: digest, enumerable: true, writable: true, configurable: true });
    for (const [key, c] of plan.modes) if (c.origin === library) put(modes, key, c.mode.digest);
    for (const p of parents) {
      const entry = layered.modes.get(p.key);
      if (p.library === library.name && entry?.origin === library) put(modes, p.key, entry.mode.digest);
    }
    for (const [key, c] of plan.presets) if (c.origin === library) put(presets, key, c.preset.digest);
    // Who signed the installed bundle (verified with it): a change of signer is a lock change a review sees.
    const signers = signersOf(library.bundle).sort((a, b) => (a.fingerprint < b.fingerprint ? -1 : 1));
    return {
      name: library.name,
      version: library.version,
      bundleHash: library.bundle.bundleHash,
      ...(signers.length > 0 ? { signers } : {}),
      components: { modes, presets },
    };
  });
}

interface OwnRole extends Role {
  file: string;
}

const contractsOf = (key: string, m: Mode): ContractComponent => ({
  key,
  requires: m.requires,
  conflictsWith: m.conflictsWith,
  before: m.before,
  after: m.after,
});

/**
 * Carried presets were checked when their library was built, against that library's modes. Here a key can resolve to
 * another mode (this bundle's own, a later library's, or a different built-in): every carried preset is checked again
 * against what its keys resolve to now, and a break is reported where the replacing mode comes from.
 */
export function checkCarriedPresets(plan: CarryPlan, layered: LayeredLibraries, ownModes: readonly OwnMode[], offered: Layered<string | null>): Diagnostic[] {
  const own = new Map(
    ownModes.map(({ key, file, data: d }): [string, OwnRole] => [
      key,
      {
        file,
        strategy: d.strategy,
        contracts: { key, requires: d.requires ?? [], conflictsWith: d.conflictsWith ?? [], before: d.before ?? [], after: d.after ?? [] },
      },
    ]),
  );
  const builtinMode = (key: string) => offered.modes.get(key)?.mode;
  /** Who provides a key now: this bundle ("own"), a library (its name), "builtin", or null. */
  const provider = (key: string): string | null => (own.has(key) ? "own" : (layered.modes.get(key)?.origin.name ?? (builtinMode(key) ? "builtin" : null)));
  const role = (key: string): Role | undefined => {
    const mine = own.get(key);
    if (mine) return mine;
    const mode = layered.modes.get(key)?.mode ?? builtinMode(key);
    return mode ? { strategy: mode.strategy, contracts: contractsOf(key, mode) } : undefined;
  };
  const diagnostics: Diagnostic[] = [];
  for (const [key, { origin: library, preset }] of plan.presets) {
    const uses = [...(preset.base === undefined ? [] : [preset.base]), ...preset.overlays];
    const problems = [...uses.filter((k) => role(k) === undefined).map((k) => `its mode "${k}" is in no layer`), ...presetProblems(preset, role)];
    if (problems.length === 0) continue;
    // What the library built against: its own mode of that key, else the built-in one.
    const expected = (k: string) => (Object.hasOwn(library.bundle.modes, k) ? library.name : "builtin");
    const shadowers = uses.filter((k) => provider(k) !== null && provider(k) !== expected(k));
    if (shadowers.length === 0) {
      diagnostics.push(libraryPresetBroken(library.where, key, library.name, null, problems.join("; ")));
      continue;
    }
    for (const k of shadowers) {
      const by = provider(k)!;
      const where = by === "own" ? atFile(own.get(k)!.file) : by === "builtin" ? library.where : layered.listed.get(by)!;
      const from = by === "own" ? "this project" : by === "builtin" ? "the built-in library" : `library "${by}"`;
      const replaced = expected(k) === "builtin" ? "built-in" : `"${library.name}"`;
      diagnostics.push(libraryPresetBroken(where, key, library.name, `mode "${k}" from ${from} takes the place of the ${replaced} one`, problems.join("; ")));
    }
  }
  return diagnostics;
}
