// Phase 5, libraries: verify the forge libraries forge.yaml lists and layer them over the layers beneath (the built-in
// bundle, the project layers above): per key, what a source's reference finds beneath the sources.
import { layerComponents, type Layered } from "../../core/layering.js";
import type { LibraryInput } from "../types.js";
import type { Contextual } from "./4-context.js";
import { loadLibraries, type LayeredLibraries, type LoadedLibrary } from "./library-bundles.js";
import type { Phase } from "./pipeline.js";

/** Where a component beneath the sources comes from: a layer Pi offers (its name, null for built-in) or a library. */
export type BeneathOrigin = { kind: "offered"; name: string | null } | { kind: "library"; library: LoadedLibrary };

export interface Beneath {
  /** What Pi offers beside this bundle (options.layersBeneath), the deeper layer winning; the origin is its name. */
  offered: Layered<string | null>;
  /** The verified libraries forge.yaml lists, in order, each key won by the last library defining it. */
  libraries: LayeredLibraries;
  /** The libraries over what is offered: what a preset's mode or a mode's parent resolves to when no source defines it. */
  all: Layered<BeneathOrigin>;
}

/** The value of phase 5: the validated sources and what lies beneath them. */
export interface Libraries extends Contextual {
  beneath: Beneath;
}

/** What a library's verification depends on: its entry as the I/O edge read it. */
const libraryFacts = (input: LibraryInput): unknown[] =>
  input.status === "installed"
    ? [input.name, input.status, input.version, input.bundlePath, input.bundleText]
    : [input.name, input.status, input.status === "not-forge" ? input.reason : null];

/** Phase 5 (the verified libraries are kept while forge.yaml and every library's bundle text are the same). */
export const layerLibraries: Phase<Contextual, Libraries> = (validated, { options, memo }) => {
  const config = validated.valid.config;
  const inputs = options.libraries ?? [];
  const loaded = memo.reuse(
    "libraries",
    "forge.yaml",
    () => [config?.source ?? null, ...inputs.flatMap(libraryFacts)],
    () => loadLibraries(config, inputs),
  );
  const layers = options.layersBeneath ?? [];
  const offered = layerComponents(layers.map((l) => ({ origin: l.name, modes: l.modes, presets: l.presets })));
  const all = layerComponents<BeneathOrigin>([
    ...layers.map((l) => ({ origin: { kind: "offered" as const, name: l.name }, modes: l.modes, presets: l.presets })),
    ...loaded.layered.libraries.map((library) => ({
      origin: { kind: "library" as const, library },
      modes: library.bundle.modes,
      presets: library.bundle.presets,
    })),
  ]);
  return { value: { ...validated, beneath: { offered, libraries: loaded.layered, all } }, diagnostics: loaded.diagnostics };
};
