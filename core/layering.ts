// The one layering rule for modes and presets: layers listed shallow to deep, the deeper scope and then the deeper layer
// last, and per key the deepest layer that defines it wins. The runtime's and the studio's catalog, the compiler's view
// of what a layer builds on (built-in, the project layers above, forge libraries) all take their winners from here.
import type { Mode, Preset } from "../generated/types.js";

/** One layer's components and where they come from (`origin` is the caller's: a scope, a layer, a library). */
export interface ComponentLayer<O> {
  origin: O;
  modes: Readonly<Record<string, Mode | undefined>>;
  presets: Readonly<Record<string, Preset | undefined>>;
}

export interface LayeredMode<O> {
  key: string;
  mode: Mode;
  origin: O;
}

export interface LayeredPreset<O> {
  key: string;
  preset: Preset;
  origin: O;
}

/** Per key, the winning component and the layer it comes from. */
export interface Layered<O> {
  modes: ReadonlyMap<string, LayeredMode<O>>;
  presets: ReadonlyMap<string, LayeredPreset<O>>;
}

/**
 * The rule itself: per key, the entry of the last (deepest) layer that defines it. A Map, never an object, so a key
 * such as "__proto__" or "constructor" is a plain key; an absent (undefined) entry defines nothing.
 */
export function layerByKey<T, O>(
  layers: ReadonlyArray<{ origin: O; entries: Readonly<Record<string, T | undefined>> }>,
): Map<string, { key: string; value: T; origin: O }> {
  const out = new Map<string, { key: string; value: T; origin: O }>();
  for (const { origin, entries } of layers) {
    for (const key of Object.keys(entries)) {
      const value = entries[key];
      if (value !== undefined && value !== null) out.set(key, { key, value, origin });
    }
  }
  return out;
}

/** Layers `layers` (shallow first): a later layer's mode or preset replaces an earlier one of the same key. */
export function layerComponents<O>(layers: readonly ComponentLayer<O>[]): Layered<O> {
  const modes = new Map<string, LayeredMode<O>>();
  const presets = new Map<string, LayeredPreset<O>>();
  for (const [key, { value, origin }] of layerByKey(layers.map((l) => ({ origin: l.origin, entries: l.modes })))) modes.set(key, { key, mode: value, origin });
  for (const [key, { value, origin }] of layerByKey(layers.map((l) => ({ origin: l.origin, entries: l.presets }))))
    presets.set(key, { key, preset: value, origin });
  return { modes, presets };
}

/** The winning modes as a record (own data properties only), for lookups that take a plain record. */
export function modeRecord<O>(layered: Layered<O>): Record<string, Mode> {
  const out: Record<string, Mode> = {};
  for (const [key, { mode }] of layered.modes) Object.defineProperty(out, key, { value: mode, enumerable: true, writable: true, configurable: true });
  return out;
}
