// Test helpers: modes, presets and bundles with valid digests, as the compiler would write them.
import { computeBundleHash, digestComponent, type Scope } from "../../core/digest.js";
import type { ForgeBundle, Mode, Preset } from "../../generated/types.js";

export type ModeSpec = Partial<Omit<Mode, "digest" | "prompt">> & { text?: string; prompt?: Mode["prompt"] };
export type PresetSpec = Partial<Omit<Preset, "digest" | "modeDigests">>;

export function makeMode(key: string, spec: ModeSpec, scope: Scope): Mode {
  const entry: Omit<Mode, "digest"> = {
    label: spec.label ?? key[0]!.toUpperCase() + key.slice(1),
    description: spec.description ?? `The ${key} mode.`,
    strategy: spec.strategy ?? "append",
    prompt: spec.prompt ?? [{ text: spec.text ?? `${key} instructions` }],
    requires: spec.requires ?? [],
    conflictsWith: spec.conflictsWith ?? [],
    before: spec.before ?? [],
    after: spec.after ?? [],
    source: spec.source ?? `modes/${key}.yaml`,
    ...(spec.model ? { model: spec.model } : {}),
    ...(spec.thinking ? { thinking: spec.thinking } : {}),
    ...(spec.tools ? { tools: spec.tools } : {}),
  };
  return { ...entry, digest: digestComponent("mode", key, scope, entry) } as Mode;
}

/** A bundle with every digest, modeDigests and the bundleHash computed as the compiler would. */
export function makeBundle(
  scope: Scope,
  modes: Record<string, ModeSpec>,
  presets: Record<string, PresetSpec> = {},
  otherModes: Record<string, Mode> = {},
): ForgeBundle {
  const builtModes: Record<string, Mode> = {};
  for (const [key, spec] of Object.entries(modes)) builtModes[key] = makeMode(key, spec, scope);
  const builtPresets: Record<string, Preset> = {};
  for (const [key, spec] of Object.entries(presets)) {
    const overlays = spec.overlays ?? [];
    const refs = [...(spec.base ? [spec.base] : []), ...overlays];
    const modeDigests: Record<string, string> = {};
    for (const ref of refs) {
      const m = builtModes[ref] ?? otherModes[ref];
      if (m) modeDigests[ref] = m.digest;
    }
    const entry: Omit<Preset, "digest"> = {
      description: spec.description ?? `The ${key} preset.`,
      overlays,
      modeDigests,
      systemUpdates: spec.systemUpdates ?? [],
      source: spec.source ?? `presets/${key}.yaml`,
      ...(spec.base ? { base: spec.base } : {}),
      ...(spec.driftPolicy ? { driftPolicy: spec.driftPolicy } : {}),
    };
    builtPresets[key] = { ...entry, digest: digestComponent("preset", key, scope, entry) } as Preset;
  }
  const bundle = {
    generated: "by forge build, do not edit",
    format: 1,
    forgeVersion: "0.0.0-test",
    scope,
    bundleHash: "",
    modes: builtModes,
    presets: builtPresets,
  } as ForgeBundle;
  bundle.bundleHash = computeBundleHash(bundle);
  return bundle;
}

/** Re-seals a hand-edited bundle's bundleHash (the component digests are left as they are). */
export function resealHash(bundle: ForgeBundle): ForgeBundle {
  bundle.bundleHash = computeBundleHash(bundle);
  return bundle;
}
