// Types of `forge export`: the targets, what the bundle offers them (the always-on selection), and the plan a target
// renders (files to write, the directories it owns, diagnostics), all pure data the CLI edge acts on.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { ForgeBundle, Mode, Preset, Rule, SystemUpdate } from "../../generated/types.js";

export const EXPORT_TARGETS = ["claude", "cursor", "roo", "agents-md"] as const;
export type ExportTarget = (typeof EXPORT_TARGETS)[number];

export interface ExportContext {
  bundle: ForgeBundle;
  target: ExportTarget;
  /** How output names the forge root, e.g. `.pi/forge/` (sources are named under it). */
  forgeRoot: string;
  /** How output names the bundle, e.g. `.pi/forge/bundle.json`. */
  bundleFile: string;
  /** --preset: the selection the target gets always on (its overlays) with its blocks; null without one. */
  preset: { key: string; preset: Preset } | null;
  diagnostics: Diagnostic[];
}

/** One file the export writes, by its path relative to the project root (posix). */
export interface PlannedFile {
  path: string;
  text: string;
}

/**
 * What a target renders. `owned` are the directories (with the file suffix) whose forge-generated files the target
 * replaces: a generated file there that the plan no longer lists is stale and is removed.
 */
export interface ExportPlan {
  files: PlannedFile[];
  owned: Array<{ dir: string; suffix: string }>;
}

/** The pieces of the bundle a target renders, in a stable order (keys sorted, as the bundle holds them). */
export interface BundleParts {
  modes: Array<[string, Mode]>;
  rules: Array<[string, Rule]>;
  presets: Array<[string, Preset]>;
  /** The --preset's blocks, in its order. */
  blocks: SystemUpdate[];
  /** The --preset's overlays: the always-on modes. */
  always: string[];
}

/** A record's entries, with noUncheckedIndexedAccess's undefined values left out (a bundle has none). */
function entries<T>(record: Readonly<Record<string, T | undefined>>): Array<[string, T]> {
  return Object.entries(record).flatMap(([k, v]): Array<[string, T]> => (v === undefined ? [] : [[k, v]]));
}

export function bundleParts(ctx: ExportContext): BundleParts {
  return {
    modes: entries(ctx.bundle.modes),
    rules: entries(ctx.bundle.rules ?? {}),
    presets: entries(ctx.bundle.presets),
    blocks: ctx.preset?.preset.systemUpdates ?? [],
    always: ctx.preset?.preset.overlays ?? [],
  };
}
