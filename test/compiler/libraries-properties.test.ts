// Properties of forge libraries: reformatting a library's sources leaves the consuming project's lock and bundle
// unchanged, and a project builds to the same bytes wherever it and its node_modules sit.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compile, emitBundleText } from "../../compiler/compile.js";
import { readLibraries } from "../../compiler/io/read-libraries.js";
import { readSources } from "../../compiler/io/read-sources.js";
import type { LibraryInput } from "../../compiler/types.js";
import { treeOf } from "./source-tree.js";

const OPTIONS = { forgeVersion: "0.0.0-test" } as const;

/** One library mode's values; every formatting below must lower to exactly these. */
const REVIEW = {
  label: "House review",
  description: "The house checklist, with care.",
  strategy: "append",
  prompt: "Check the tests.\nCheck the errors.\n",
  requires: ["house-tone"],
  tools: ["read", "grep"],
};
const TONE = { label: "House tone", description: "Polite and short.", strategy: "append", prompt: "Be polite.\n" };

interface Style {
  order: number[];
  quote: "plain" | "single" | "double";
  block: boolean;
  indent: 2 | 4;
  comments: boolean;
}

const styleArb = (fields: number): fc.Arbitrary<Style> =>
  fc.record({
    order: fc.shuffledSubarray([...Array(fields).keys()], { minLength: fields, maxLength: fields }),
    quote: fc.constantFrom("plain" as const, "single" as const, "double" as const),
    block: fc.boolean(),
    indent: fc.constantFrom(2 as const, 4 as const),
    comments: fc.boolean(),
  });

/** The same mapping written in a given YAML style: key order, quoting, list and prompt styles, comments. */
function toYaml(value: Record<string, string | string[]>, style: Style): string {
  const pad = " ".repeat(style.indent);
  const scalar = (s: string): string =>
    style.quote === "double" || s.includes("\n") ? JSON.stringify(s) : style.quote === "single" ? `'${s.replaceAll("'", "''")}'` : s;
  const entries = Object.entries(value);
  const lines: string[] = style.comments ? ["# a comment that changes nothing"] : [];
  for (const i of style.order) {
    const [key, v] = entries[i]!;
    if (Array.isArray(v)) lines.push(style.block ? `${key}:\n${v.map((x) => `${pad}- ${scalar(x)}`).join("\n")}` : `${key}: [${v.map(scalar).join(", ")}]`);
    else if (key === "prompt" && style.block)
      lines.push(
        `${key}: |\n${v
          .replace(/\n$/, "")
          .split("\n")
          .map((l) => pad + l)
          .join("\n")}`,
      );
    else lines.push(`${key}: ${scalar(v)}`);
    if (style.comments) lines.push(`# after ${key}`);
  }
  return lines.join("\n") + "\n";
}

function buildLibrary(review: Style, tone: Style): string {
  const result = compile(treeOf({ "modes/house-review.yaml": toYaml(REVIEW, review), "modes/house-tone.yaml": toYaml(TONE, tone) }), {
    ...OPTIONS,
    scope: "library",
  });
  expect(result.diagnostics).toEqual([]);
  return emitBundleText(result.bundle!);
}

const PROJECT = {
  "forge.yaml": 'libraries: ["@acme/forge-house"]\n',
  "modes/strict-review.yaml": "extends: house-review\nprompt: Refuse changes without tests.\n",
  "presets/daily.yaml": "description: Daily.\noverlays: [house-tone, strict-review]\n",
};

function buildProject(libraryText: string): string {
  const libraries: LibraryInput[] = [
    {
      name: "@acme/forge-house",
      status: "installed",
      version: "1.0.0",
      bundleText: libraryText,
      bundlePath: "node_modules/@acme/forge-house/forge-bundle.json",
    },
  ];
  const result = compile(treeOf(PROJECT), { ...OPTIONS, scope: "project", libraries });
  expect(result.diagnostics).toEqual([]);
  return emitBundleText(result.bundle!);
}

describe("forge library properties", () => {
  test("a library built from reformatted sources gives the same lock (and the same project bundle)", () => {
    const canonical: Style = { order: [0, 1, 2, 3, 4, 5], quote: "plain", block: false, indent: 2, comments: false };
    const expected = buildProject(buildLibrary(canonical, { ...canonical, order: [0, 1, 2, 3] }));
    expect(JSON.parse(expected).lock[0].components.modes).toHaveProperty("house-review");
    fc.assert(
      fc.property(styleArb(6), styleArb(4), (review, tone) => {
        expect(buildProject(buildLibrary(review, tone))).toBe(expected);
      }),
      { numRuns: 60 },
    );
  });

  test("a project builds to the same bytes whatever node_modules path and layout it sits in", () => {
    const top = mkdtempSync(join(tmpdir(), "forge-lib-paths-"));
    try {
      const libraryText = buildLibrary(
        { order: [0, 1, 2, 3, 4, 5], quote: "plain", block: false, indent: 2, comments: false },
        { order: [0, 1, 2, 3], quote: "plain", block: false, indent: 2, comments: false },
      );
      const packageJson = JSON.stringify({ name: "@acme/forge-house", version: "1.0.0", forge: { bundle: "dist/forge-bundle.json" } });
      const store = join(top, "store");
      mkdirSync(join(store, "dist"), { recursive: true });
      writeFileSync(join(store, "package.json"), packageJson);
      writeFileSync(join(store, "dist", "forge-bundle.json"), libraryText);
      let run = 0;
      const texts = new Set<string>();
      fc.assert(
        fc.property(
          fc.array(fc.stringMatching(/^[a-z0-9][a-z0-9 ._-]{0,11}$/), { minLength: 0, maxLength: 3 }),
          fc.constantFrom("copy" as const, "symlink" as const, "hoisted" as const),
          fc.boolean(),
          (segments, layout, withPackageJson) => {
            const root = join(top, `p${run++}`, ...segments.map((s) => s.trim() || "x"));
            const forgeRoot = join(root, ".pi", "forge");
            for (const [rel, text] of Object.entries(PROJECT)) {
              mkdirSync(join(forgeRoot, rel, ".."), { recursive: true });
              writeFileSync(join(forgeRoot, rel), text);
            }
            if (withPackageJson) writeFileSync(join(root, "package.json"), JSON.stringify({ private: true }));
            // hoisted: node_modules one level above the project, as in an npm workspace.
            const modules = layout === "hoisted" ? join(root, "..", "node_modules") : join(root, "node_modules");
            mkdirSync(join(modules, "@acme"), { recursive: true });
            const pkg = join(modules, "@acme", "forge-house");
            rmSync(pkg, { recursive: true, force: true });
            if (layout === "symlink") symlinkSync(store, pkg, "dir");
            else cpSync(store, pkg, { recursive: true });
            const tree = readSources(forgeRoot);
            const result = compile(tree, { ...OPTIONS, scope: "project", libraries: readLibraries(root, tree) });
            expect(result.diagnostics).toEqual([]);
            texts.add(emitBundleText(result.bundle!));
            if (layout === "hoisted") rmSync(modules, { recursive: true, force: true });
          },
        ),
        { numRuns: 12 },
      );
      expect(texts.size).toBe(1);
      expect([...texts][0]).toBe(buildProject(libraryText));
    } finally {
      rmSync(top, { recursive: true, force: true });
    }
  });
});
