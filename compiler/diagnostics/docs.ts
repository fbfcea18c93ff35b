// Renders a catalog entry's example as the lines docs/reference/diagnostic-codes.md shows (scripts/docs/codes-page.ts).
import type { CodeExample, ExampleFile, ExampleLibrary } from "../../core/diagnostics/code-example.js";

/** A file of an example: `# path` (`// path` for JSON), then its text; bytes and repeated text are described. */
function fileLines(path: string, file: ExampleFile): string[] {
  const head = path.endsWith(".json") ? `// ${path}` : `# ${path}`;
  if (typeof file === "string")
    return [
      head,
      ...file
        .replace(/\n$/, "")
        .split("\n")
        .map((l) => l.replace(/\r$/, "\\r").replace(/^\ufeff/, "<BOM>")),
    ];
  if ("bytes" in file) return [`${head}: the bytes ${file.bytes.match(/../g)!.join(" ")}`];
  return [`${head}: ${JSON.stringify(file.repeat)} repeated ${file.count} times`];
}

function libraryLine(lib: ExampleLibrary): string {
  const at = `# node_modules/${lib.name}`;
  if (lib.missing) return `${at}: not installed`;
  if (lib.notForge !== undefined) return `${at}: ${lib.notForge}`;
  if (lib.bundleText !== undefined) return `${at}/forge-bundle.json: ${lib.bundleText.trim()}`;
  const sources = Object.keys(lib.sources ?? {}).join(", ");
  return lib.tamper ? `${at}: built from ${sources}, then ${lib.tamper.pointer} set to ${JSON.stringify(lib.tamper.value)}` : `${at}: built from ${sources}`;
}

/** The example as the lines a reader would see in the files (or the session) it lives in. */
export function exampleLines(example: CodeExample): string[] {
  switch (example.kind) {
    case "compile":
      return [
        ...Object.entries(example.files).flatMap(([path, file]) => fileLines(path, file)),
        ...(example.generate ? [`# ${example.generate.count} more files: ${example.generate.path}`] : []),
        ...(example.symlinks ?? []).map((l) => `# ${l.path} is a symlink to ${l.target}`),
        ...(example.libraries ?? []).map(libraryLine),
        ...(example.policy ? [`$ forge build --policy ${example.policy.name}   ${libraryLine(example.policy)}`] : []),
      ];
    case "import":
      return [
        ...Object.entries(example.files).flatMap(([path, text]) => fileLines(path, text)),
        ...(example.existing ?? []).map((p) => `# .pi/forge/${p} exists`),
        `$ forge import ${example.format} <those files>`,
      ];
    case "export":
      return [
        ...Object.entries(example.files).flatMap(([path, text]) => fileLines(`.pi/forge/${path}`, text)),
        ...Object.entries(example.existing ?? {}).flatMap(([path, text]) => fileLines(path, text)),
        `$ forge build && forge export ${example.target}${example.preset ? ` --preset ${example.preset}` : ""}`,
      ];
    case "test":
      return [...Object.entries(example.files).flatMap(([path, text]) => fileLines(`.pi/forge/${path}`, text)), "$ forge test"];
    case "load":
      return [
        ...Object.entries(example.files).flatMap(([path, text]) => fileLines(path, text)),
        ...(example.symlinks ?? []).map((l) => `# ${l.path} is a symlink to ${l.target}`),
        "$ pi   # the forge extension loads the project's layer",
      ];
    case "policy":
      return [
        ...fileLines("~/.pi/agent/forge/forge.yaml", example.settings),
        ...(example.policy ? [`# ~/.pi/agent/forge/team-policy.json: built from ${Object.keys(example.policy.sources ?? {}).join(", ")}`] : []),
        ...(example.project ? [`# .pi/forge/bundle.json: built, unsigned, from ${Object.keys(example.project).join(", ")}`] : []),
        "$ pi   # the forge extension loads the team policy",
      ];
    case "replay":
      return example.branch.map((entry) => JSON.stringify(entry));
    case "compose": {
      const offered = Object.entries(example.modes).map(
        ([key, m]) => `${key} (${m.strategy ?? "append"}${m.conflictsWith ? `, conflictsWith: [${m.conflictsWith.join(", ")}]` : ""})`,
      );
      return [
        `# the trusted layers offer: ${offered.join(", ") || "no mode"}`,
        `# the session selected: base ${example.base ?? "(native)"}, overlays [${example.overlays.join(", ")}], driftPolicy ${example.driftPolicy}`,
        ...(example.changed ? [`# changed since activation: ${example.changed.join(", ")}`] : []),
        ...(example.unconfirmed ? ["# the replace_final base was never confirmed"] : []),
        ...(example.answer
          ? [`# asked before the prompt, the user answered: ${example.answer === "cancel" ? "cancel" : "send without the drifted modes"}`]
          : []),
      ];
    }
  }
}
