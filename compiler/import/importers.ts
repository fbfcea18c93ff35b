// The importer for each `forge import` format, and which files a directory argument stands for.
import { compareCodeUnits } from "../../core/canonical-json.js";
import { importPiModes } from "./pi-modes.js";
import { importPiPresets } from "./pi-presets.js";
import { importRoo } from "./roo.js";
import type { Importer } from "./types.js";

export type ImportFormatName = "pi-modes" | "pi-presets" | "roo";

export const IMPORTERS: Readonly<Record<ImportFormatName, Importer>> = {
  "pi-modes": importPiModes,
  "pi-presets": importPiPresets,
  roo: importRoo,
};

/**
 * The files of a directory argument, in the order they are imported: pi-modes keeps one mode per
 * JSON file (~/.pi/agent/modes/*.json, sorted by name so every machine agrees), Pi's preset
 * extension reads presets.json, and Roo reads .roomodes in a project or custom_modes.yaml in its
 * global settings folder (custom_modes.json in older Roo versions).
 */
export function pickInputFiles(format: ImportFormatName, names: readonly string[]): string[] {
  const sorted = [...names].sort(compareCodeUnits);
  switch (format) {
    case "pi-modes":
      return sorted.filter((n) => n.endsWith(".json") && !n.startsWith("."));
    case "pi-presets":
      return sorted.filter((n) => n === "presets.json");
    case "roo":
      return sorted.filter((n) => n === ".roomodes" || n === "custom_modes.yaml" || n === "custom_modes.json");
  }
}

/** What a directory argument should contain, for the "nothing to import" message. */
export const DIRECTORY_CONTENTS: Readonly<Record<ImportFormatName, string>> = {
  "pi-modes": "pi-modes *.json mode files",
  "pi-presets": "presets.json",
  roo: ".roomodes, custom_modes.yaml or custom_modes.json",
};

/** The suffix an imported mode gets when its key is a built-in mode's (plan -> plan-roo). */
export const KEY_SUFFIX: Readonly<Record<ImportFormatName, string>> = {
  "pi-modes": "pi",
  "pi-presets": "pi",
  roo: "roo",
};
