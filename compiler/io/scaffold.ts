// `forge init`: scaffolds a forge root with an example mode, preset and partial; never overwrites a file.
import { mkdirSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { InitReport } from "../output/render-init.js";
import { EXAMPLE_PARTIAL_MD, examplePresetYaml, exampleModeYaml } from "./scaffold-templates.js";
import { packagePath, type ForgeTarget } from "./forge-target.js";
import { posixRelative } from "./read-sources.js";
import { createTextExclusive } from "../../io/atomic-write.js";

/**
 * How a scaffolded YAML file points at the shipped schema. When forge is installed as a package
 * (its directory is under node_modules), a path relative to the YAML file: it survives cloning
 * the repo elsewhere, as long as node_modules is installed there too. Otherwise (a development
 * checkout or a global link), an absolute file:// URL: a relative path into some unrelated
 * checkout would be meaningless to anyone else, and the URL at least works on this machine.
 * The line is only an editor hint; the compiler ignores comments.
 */
export function schemaReference(yamlFile: string, schemaFile: string): string {
  if (schemaFile.split(sep).includes("node_modules")) {
    const rel = posixRelative(dirname(yamlFile), schemaFile);
    return rel.startsWith(".") ? rel : `./${rel}`;
  }
  return pathToFileURL(schemaFile).href;
}

export function runInit(target: ForgeTarget): InitReport {
  const modeFile = join(target.forgeRoot, "modes", "example.yaml");
  const presetFile = join(target.forgeRoot, "presets", "example.yaml");
  const files: Array<[string, string]> = [
    [modeFile, exampleModeYaml(schemaReference(modeFile, packagePath("schema", "mode.schema.json")))],
    [presetFile, examplePresetYaml(schemaReference(presetFile, packagePath("schema", "preset.schema.json")))],
    [join(target.forgeRoot, "partials", "example.md"), EXAMPLE_PARTIAL_MD],
  ];
  const report: InitReport = { command: "init", scope: target.scope, path: target.displayForgeRoot, created: [], skipped: [] };
  for (const [file, text] of files) {
    mkdirSync(dirname(file), { recursive: true });
    const shown = posixRelative(target.root, file);
    (createTextExclusive(file, text) ? report.created : report.skipped).push(shown);
  }
  return report;
}
