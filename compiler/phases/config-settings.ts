// What forge.yaml says, read before a compile: the I/O edge needs it first (the libraries to find in node_modules,
// whether to search for nested context files). An invalid forge.yaml says nothing here; the compile reports why.
import type { SourceTree } from "../types.js";
import { decodeFile } from "./1-decode.js";
import { CONFIG_FILE, parseOne } from "./2-parse.js";
import { validateConfigSource, type ConfigData } from "./3-validate.js";

/** forge.yaml's data when the tree holds a valid one, else null. */
export function configOf(tree: SourceTree): ConfigData | null {
  const file = tree.files.find((f) => f.path === CONFIG_FILE);
  if (file === undefined || file.tooLarge) return null;
  const { text } = decodeFile(file.path, file.bytes);
  if (text === null) return null;
  const { source } = parseOne("config", "forge", CONFIG_FILE, text, false);
  return source.value === undefined ? null : (validateConfigSource(source)?.data ?? null);
}

/** The library names forge.yaml lists (valid entries, each once), so the I/O edge can find them before compiling. */
export function listedLibraries(tree: SourceTree): string[] {
  return [...new Set(configOf(tree)?.libraries ?? [])];
}

/** Whether forge.yaml asks for nested context files as path rules (`contextFiles: nested`). */
export function wantsNestedContext(tree: SourceTree): boolean {
  return configOf(tree)?.contextFiles === "nested";
}

/** forge.yaml's signedBy (valid config only), for views that show what each library must be signed by. */
export function configuredSignedBy(tree: SourceTree): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, keys] of Object.entries(configOf(tree)?.signedBy ?? {}))
    Object.defineProperty(out, name, { value: [...(keys ?? [])], enumerable: true, writable: true, configurable: true });
  return out;
}
