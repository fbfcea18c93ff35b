// Incremental rebuilds (compiler/incremental-compile.ts): after every step of a random edit sequence (sources, forge.yaml,
// nested context files) the bundle's bytes and the diagnostics equal a cold compile's, and an edit reruns only what it
// reaches through links, extends and partials.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compile, emitBundleText } from "../../compiler/compile.js";
import { createIncrementalCompiler } from "../../compiler/incremental-compile.js";
import type { CompileOptions, LayerBeneath, LibraryInput, SourceTree } from "../../compiler/types.js";
import { pickContextFiles } from "../../core/context-files.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";
import type { ForgeBundle } from "../../generated/types.js";
import { newKey, signed } from "../support/signing-keys.js";

const MODES = ["alpha", "beta", "gamma", "delta"] as const;

/** A small built-in layer beneath the sources: a mode to extend or shadow, a preset that uses it. */
const BUILTIN = compile(
  treeOf({
    "modes/base.yaml": "label: Base\ndescription: Built in.\nstrategy: replace_base\nprompt: Built-in base in {{cwd}}.\n",
    "modes/alpha.yaml": "label: Alpha\ndescription: Built in.\nstrategy: append\nprompt: Built-in alpha.\n",
    "presets/starter.yaml": "description: Built in.\nbase: base\noverlays: [alpha]\n",
  }),
  { scope: "builtin", forgeVersion: "0.0.0-test" },
).bundle!;
const BENEATH: LayerBeneath[] = [{ name: null, modes: BUILTIN.modes, presets: BUILTIN.presets }];

/** A library forge.yaml may list: its bundle text is what the I/O edge reads. */
const LIBRARY_UNSIGNED = compile(treeOf({ "modes/house.yaml": "label: House\ndescription: From a library.\nstrategy: append\nprompt: House rules.\n" }), {
  scope: "library",
  forgeVersion: "0.0.0-test",
}).bundle!;
/** Its signer, which forge.yaml's signedBy may require (another key's requirement refuses the library). */
const ADA = newKey("Ada");
const EVE = newKey("Eve");
const libraryInput = (bundle: ForgeBundle): LibraryInput => ({
  name: "@acme/house",
  status: "installed",
  version: "1.0.0",
  bundleText: emitBundleText(bundle),
  bundlePath: "node_modules/@acme/house/forge-bundle.json",
});
const LIBRARY = libraryInput(signed(LIBRARY_UNSIGNED, ADA));
/** The same version installed without its signature: a signedBy requirement that held must be checked again. */
const LIBRARY_STRIPPED = libraryInput(LIBRARY_UNSIGNED);
const requireSigner = (name: string, fingerprint: string) => `libraries: ['@acme/house']\nsignedBy:\n  '${name}': [${fingerprint}]\n`;

const quote = (s: string) => JSON.stringify(s);

// Two kinds of content: well-formed (the project keeps building, so the bundle's bytes are compared) and anything
// (broken YAML, wrong types, template mistakes, unknown names, cycles), so diagnostics are compared as well.
const goodPart = fc.constantFrom("Work carefully.", "Line\nbreak.", "{{cwd}}", "{{model}} and {{os}}", "{{date}}", "{{! note }}", "{{> intro}}");
const badPart = fc.constantFrom("{{nope}}", "{{> absent}}", "{{> nested}}", "{{cwd}", "{{#if x}}y", "{{}}", "{{{cwd}}", "{{time}}");
const goodTemplate = fc.array(goodPart, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(" "));
const anyTemplate = fc.array(fc.oneof({ arbitrary: goodPart, weight: 3 }, { arbitrary: badPart, weight: 1 }), { maxLength: 4 }).map((parts) => parts.join(" "));

/**
 * A mode. Well-formed: alpha, beta and gamma append, delta is a base; a mode extends only an earlier one of its role
 * (or a built-in one), and fields a child may inherit are often left out, each varying, so inheritance is exercised.
 */
function modeText(name: (typeof MODES)[number], good: boolean) {
  const role = name === "delta" ? "replace_base" : "append";
  const earlier = MODES.slice(0, MODES.indexOf(name)).filter((m) => (m === "delta") === (name === "delta"));
  const parents = good
    ? [...earlier, role === "append" ? "alpha" : "base"].filter((p) => p !== name || role === "append")
    : [...MODES, "base", "house", "missing"];
  return fc
    .record({
      label: fc.constantFrom<string | number | undefined>("Alpha", "Beta", "Ünïcode", undefined, ...(good ? [] : [5])),
      description: fc.constantFrom("A mode.", "Another mode.", undefined),
      strategy: fc.constantFrom(...(good ? [role, undefined] : ["append", "replace_base", "replace_final", undefined])),
      extends: fc.option(fc.constantFrom(...parents), { nil: undefined, freq: 2 }),
      extendsPrompt: fc.constantFrom("append", "replace", undefined),
      prompt: fc.oneof(
        (good ? goodTemplate : anyTemplate).map((t) => `prompt: ${quote(t)}\n`),
        fc.constant("promptFile: shared.md\n"),
      ),
      requires: good ? fc.constant([]) : fc.array(fc.constantFrom(...MODES, "missing"), { maxLength: 2 }),
      model: fc.constantFrom("", "model: acme/fast\n", "thinking: high\n"),
      edits: fc.constantFrom(
        "",
        "",
        "edits:\n  allow: [src/**]\n  deny: [src/gen/**]\n",
        "edits:\n  deny: [secrets/**]\n",
        ...(good ? [] : ["edits:\n  allow: ['[']\n"]),
      ),
      broken: fc.constantFrom(...(good ? [false] : [false, false, true])),
    })
    .map((m) => {
      if (m.broken) return "label: Broken\n  description: indented\nstrategy: append\n";
      const lines: string[] = [];
      // A mode without a parent must say what it is.
      const own = m.extends === undefined || m.extends === name;
      if (m.label !== undefined || (good && own)) lines.push(`label: ${m.label ?? "Own"}`);
      if (m.description !== undefined || (good && own)) lines.push(`description: ${m.description ?? "Own."}`);
      if (m.strategy !== undefined || (good && own)) lines.push(`strategy: ${m.strategy ?? role}`);
      if (m.extends !== undefined) lines.push(`extends: ${m.extends}`);
      if (m.extends !== undefined && m.extendsPrompt !== undefined) lines.push(`extendsPrompt: ${m.extendsPrompt}`);
      if (m.requires.length > 0) lines.push(`requires: [${m.requires.join(", ")}]`);
      return `${lines.join("\n")}\n${m.model}${m.prompt}${m.edits}`;
    });
}

function presetText(good: boolean) {
  return fc
    .record({
      base: fc.option(fc.constantFrom(...(good ? ["delta", "base"] : [...MODES, "base", "missing"])), { nil: undefined }),
      overlays: fc.uniqueArray(fc.constantFrom(...(good ? ["alpha", "beta", "gamma"] : [...MODES, "missing"])), { maxLength: 3 }),
      update: fc.option(good ? goodTemplate : anyTemplate, { nil: undefined }),
      when: fc.boolean(),
    })
    .map((p) => {
      const lines = ["description: A preset."];
      if (p.base !== undefined) lines.push(`base: ${p.base}`);
      lines.push(`overlays: [${p.overlays.join(", ")}]`);
      if (p.update !== undefined) {
        lines.push("systemUpdates:", "  - id: heads-up", "    name: Heads up", "    description: A block.", `    content: ${quote(p.update || "Careful.")}`);
        if (p.when) lines.push("    when:", "      paths: [docs/**]");
      }
      return `${lines.join("\n")}\n`;
    });
}

/** Nested context files (keys `project:<path>`), read as the I/O edge reads them when forge.yaml says contextFiles: nested. */
const CONTEXT_PATHS = [
  "packages/api/AGENTS.md",
  "packages/api/CLAUDE.md",
  "packages/web/CLAUDE.md",
  "packages/a-b/AGENTS.md",
  "packages/a/b/AGENTS.md",
] as const;
const contextText = (good: boolean) =>
  fc.constantFrom<string | Uint8Array>(
    "Use the API client.\n",
    "Ünïcode and {{cwd}} stay literal.\r\nSecond line.\r\n",
    "# Heading\n\nMore.\n",
    ...(good ? [] : ["\n\n", new Uint8Array([0x55, 0xff, 0x0a])]),
  );

/** A tree with the context files of `files` (read only when forge.yaml asks; the phase decides, as a read tree would give them). */
function treeWithContext(files: Record<string, string | Uint8Array>): SourceTree {
  const sources: Record<string, string | Uint8Array> = {};
  const context: Record<string, string | Uint8Array> = {};
  for (const [path, text] of Object.entries(files)) {
    if (path.startsWith("project:")) context[path.slice("project:".length)] = text;
    else sources[path] = text;
  }
  const tree = treeOf(sources);
  const picked = pickContextFiles(Object.keys(context));
  const bytes = (v: string | Uint8Array) => (typeof v === "string" ? new TextEncoder().encode(v) : v);
  return { ...tree, context: { fromForgeRoot: "../../", files: picked.map((path) => ({ path, bytes: bytes(context[path]!) })), skipped: [], problem: null } };
}

const ruleText = (good: boolean) =>
  (good ? goodTemplate : anyTemplate).map((t) => `name: Docs\ndescription: For docs.\nwhen:\n  paths: [docs/**]\ncontent: ${quote(t || "Docs.")}\n`);

/** One step: write a file (new or changed, well-formed or not) or delete one, over the paths a small project has. */
function writes(good: boolean) {
  return fc.oneof(
    fc.constantFrom(...MODES).chain((m) => fc.tuple(fc.constant(`modes/${m}.yaml`), modeText(m, good))),
    fc.tuple(fc.constantFrom("presets/daily.yaml", "presets/solo.yaml"), presetText(good)),
    // intro inlines nothing, nested inlines intro (a well-formed partial never makes a cycle).
    fc.tuple(fc.constant("partials/intro.md"), good ? goodTemplate.map((t) => t.replaceAll("{{> intro}}", "")) : anyTemplate),
    fc.tuple(fc.constant("partials/nested.md"), good ? goodTemplate : anyTemplate),
    fc.tuple(fc.constant("modes/shared.md"), good ? goodTemplate : anyTemplate),
    fc.tuple(fc.constant("rules/docs.yaml"), ruleText(good)),
    fc.tuple(
      fc.constant("forge.yaml"),
      fc.constantFrom(
        ...(good
          ? [
              "libraries: ['@acme/house']\n",
              "libraries: []\n",
              requireSigner("@acme/house", ADA.fingerprint),
              "contextFiles: nested\n",
              "libraries: ['@acme/house']\ncontextFiles: nested\n",
            ]
          : [
              "libraries: 5\n",
              "libraries: ['@acme/none']\n",
              requireSigner("@acme/house", EVE.fingerprint),
              requireSigner("@acme/hose", ADA.fingerprint),
              "contextFiles: all\n",
            ]),
      ),
    ),
    fc.tuple(fc.constantFrom(...CONTEXT_PATHS.map((p) => `project:${p}`)), contextText(good)),
    // A rules/ file that takes a context file's id.
    ...(good ? [] : [fc.tuple(fc.constant("rules/context-packages-web.yaml"), ruleText(true))]),
  );
}
const deletion = fc.tuple(
  fc.constantFrom(
    "modes/beta.yaml",
    "modes/gamma.yaml",
    "partials/nested.md",
    "modes/shared.md",
    "presets/solo.yaml",
    "rules/docs.yaml",
    "forge.yaml",
    "rules/context-packages-web.yaml",
    ...CONTEXT_PATHS.map((p) => `project:${p}`),
  ),
  fc.constant(null),
);
const step = fc.oneof({ arbitrary: writes(true), weight: 6 }, { arbitrary: writes(false), weight: 1 }, { arbitrary: deletion, weight: 1 });

/** A project that builds, where every sequence starts. */
const START: Record<string, string> = {
  "partials/intro.md": "Hello from {{cwd}}.\n",
  "partials/nested.md": "Nested: {{> intro}}\n",
  "modes/shared.md": "Shared text in {{os}}.\n",
  "modes/alpha.yaml": "label: A\ndescription: A.\nstrategy: append\nprompt: '{{> intro}}'\n",
  "modes/beta.yaml": "extends: alpha\nprompt: Beta.\n",
  "modes/delta.yaml": "label: D\ndescription: D.\nstrategy: replace_base\npromptFile: shared.md\n",
  "presets/daily.yaml": "description: Daily.\nbase: delta\noverlays: [alpha, beta]\n",
};

/** The options of a step: with or without the layers beneath and the library, signed or not (a changed layer must not reuse stale results). */
const stepOptions = fc.constantFrom<CompileOptions>(
  { ...FIXED_OPTIONS, layersBeneath: BENEATH, libraries: [LIBRARY] },
  { ...FIXED_OPTIONS, layersBeneath: BENEATH, libraries: [LIBRARY] },
  { ...FIXED_OPTIONS, layersBeneath: BENEATH, libraries: [LIBRARY] },
  { ...FIXED_OPTIONS, libraries: [] },
  { ...FIXED_OPTIONS, layersBeneath: BENEATH, libraries: [LIBRARY_STRIPPED] },
);

describe("incremental rebuilds", () => {
  test("after every step of a random edit sequence, the bundle bytes and diagnostics equal a cold compile's", () => {
    let stepsRun = 0;
    let built = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(step, stepOptions), { minLength: 1, maxLength: 14 }), (steps) => {
        const files: Record<string, string | Uint8Array> = { ...START };
        const incremental = createIncrementalCompiler();
        for (const [[path, text], options] of steps) {
          if (text === null) delete files[path];
          else files[path] = text;
          const tree = treeWithContext(files);
          const cold = compile(tree, options);
          const warm = incremental.compile(tree, options);
          expect(warm.diagnostics).toEqual(cold.diagnostics);
          expect(warm.bundle === null ? null : incremental.bundleText(warm.bundle)).toBe(cold.bundle === null ? null : emitBundleText(cold.bundle));
          stepsRun++;
          if (cold.bundle !== null) built++;
        }
      }),
      { numRuns: 100 },
    );
    // Not only broken trees: a good share of the steps build a bundle, so its bytes are compared too.
    console.log(`incremental property: ${built} of ${stepsRun} steps built a bundle`);
    expect(built / stepsRun).toBeGreaterThan(0.2);
  });

  test("forge.yaml's signedBy and a library's signatures are compile inputs: each change is checked again", () => {
    const withLibrary = { ...FIXED_OPTIONS, layersBeneath: BENEATH, libraries: [LIBRARY] };
    const stripped = { ...withLibrary, libraries: [LIBRARY_STRIPPED] };
    // The same libraries list throughout; only the signer forge.yaml requires, or the library's signature, changes.
    const sequence: Array<[string, CompileOptions]> = [
      ["libraries: ['@acme/house']\n", withLibrary],
      [requireSigner("@acme/house", EVE.fingerprint), withLibrary],
      [requireSigner("@acme/house", ADA.fingerprint), withLibrary],
      [requireSigner("@acme/house", ADA.fingerprint), stripped],
      [requireSigner("@acme/house", ADA.fingerprint), withLibrary],
      [requireSigner("@acme/hose", ADA.fingerprint), withLibrary],
      ["libraries: ['@acme/house']\n", withLibrary],
    ];
    const incremental = createIncrementalCompiler();
    const codes: string[][] = [];
    for (const [config, options] of sequence) {
      const tree = treeOf({ ...START, "forge.yaml": config });
      const cold = compile(tree, options);
      const warm = incremental.compile(tree, options);
      expect(warm.diagnostics).toEqual(cold.diagnostics);
      expect(warm.bundle === null ? null : incremental.bundleText(warm.bundle)).toBe(cold.bundle === null ? null : emitBundleText(cold.bundle));
      codes.push(cold.diagnostics.map((d) => d.code));
    }
    // The control: the sequence does move between refused and accepted, so a stale reuse would show.
    expect(codes.map((c) => c.includes("library_signer_required"))).toEqual([false, true, false, true, false, false, false]);
    expect(codes[5]).toContain("signed_by_unknown_library");
  });

  const PROJECT: Record<string, string> = {
    "partials/intro.md": "Intro in {{cwd}}.\n",
    "partials/outro.md": "Outro.\n",
    "partials/signature.md": "Signed.\n",
    "modes/parent.yaml": "label: Parent\ndescription: P.\nstrategy: append\nprompt: Parent. {{> signature}}\n",
    "modes/child.yaml": "extends: parent\nprompt: Child.\n",
    "modes/own-text.yaml": "extends: parent\nextendsPrompt: replace\nprompt: Own text only.\n",
    "modes/uses-intro.yaml": "label: I\ndescription: I.\nstrategy: append\nprompt: '{{> intro}}'\n",
    "modes/plain.yaml": "label: Plain\ndescription: Plain.\nstrategy: append\nprompt: Plain.\n",
    "presets/daily.yaml": "description: Daily.\noverlays: [plain]\n",
    "presets/family.yaml": "description: Family.\noverlays: [child]\n",
  };

  /** Which entries of the second build are new objects (recomputed), and that its bytes equal a cold build's. */
  function rebuilt(edit: Record<string, string>): string[] {
    const incremental = createIncrementalCompiler();
    const before = incremental.compile(treeOf(PROJECT), FIXED_OPTIONS).bundle!;
    const sources = { ...PROJECT, ...edit };
    const after = incremental.compile(treeOf(sources), FIXED_OPTIONS).bundle!;
    expect(incremental.bundleText(after)).toBe(emitBundleText(compile(treeOf(sources), FIXED_OPTIONS).bundle!));
    const changed = (kind: "modes" | "presets") =>
      Object.keys(after[kind])
        .filter((k) => after[kind][k] !== before[kind][k])
        .map((k) => `${kind}/${k}`);
    return [...changed("modes"), ...changed("presets")];
  }

  test("an edit reruns what it reaches and reuses every other entry as it was", () => {
    // Nothing changed: every entry is the very object of the build before.
    expect(rebuilt({})).toEqual([]);
    // A mode's own text: that mode and the preset that pins its digest.
    expect(rebuilt({ "modes/plain.yaml": PROJECT["modes/plain.yaml"]!.replace("prompt: Plain.", "prompt: Plainer.") })).toEqual([
      "modes/plain",
      "presets/daily",
    ]);
    // A partial: the modes that inline it.
    expect(rebuilt({ "partials/intro.md": "Intro, changed.\n" })).toEqual(["modes/uses-intro"]);
    // A partial no one uses: nothing.
    expect(rebuilt({ "partials/outro.md": "Outro, changed.\n" })).toEqual([]);
    // An extends parent: the parent and its children (inherited text, or only the parent's digest for a child that
    // replaces the text), and what pins them.
    expect(rebuilt({ "modes/parent.yaml": PROJECT["modes/parent.yaml"]!.replace("prompt: Parent.", "prompt: Parent, changed.") })).toEqual([
      "modes/parent",
      "modes/child",
      "modes/own-text",
      "presets/family",
    ]);
    // A partial the parent inlines: the same three (the child that replaces the text pins the parent's new digest).
    expect(rebuilt({ "partials/signature.md": "Signed, changed.\n" })).toEqual(["modes/parent", "modes/child", "modes/own-text", "presets/family"]);
    // A field a child inherits (its label): the parent and both children.
    expect(rebuilt({ "modes/parent.yaml": PROJECT["modes/parent.yaml"]!.replace("label: Parent", "label: Parent, renamed") })).toEqual([
      "modes/parent",
      "modes/child",
      "modes/own-text",
      "presets/family",
    ]);
    // Reformatting a file (a comment): its mode is built again, with the same digest, so no preset is.
    expect(rebuilt({ "modes/plain.yaml": `# a comment\n${PROJECT["modes/plain.yaml"]!}` })).toEqual(["modes/plain"]);
  });
});
