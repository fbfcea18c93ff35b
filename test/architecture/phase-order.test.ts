// The compile pipeline reads in order: compiler/phases/<n>-<name>.ts are numbered 1..N, compiler/compile.ts runs each
// once in that order, and no phase imports a later one, directly or through a helper (a probe tree proves the check).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { afterAll, describe, expect, test } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const NUMBERED = /^(\d+)-[a-z0-9-]+\.ts$/;

/** The relative imports of a TypeScript file (static, re-exports, dynamic), resolved to .ts paths under `root`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"/g), ...text.matchAll(/\bimport\(\s*"(\.[^"]+)"\s*\)/g)].map(
    (m) => m[1]!,
  );
  return specs.map((spec) => resolve(dirname(file), spec).replace(/\.js$/, ".ts")).filter((path) => existsSync(path));
}

/** Every problem with the pipeline's order under `root` (a repository, or a probe tree shaped like one). */
export function phaseOrderProblems(root: string): string[] {
  const dir = join(root, "compiler", "phases");
  const phases = readdirSync(dir)
    .filter((name) => NUMBERED.test(name))
    .map((name) => ({ name, n: Number(NUMBERED.exec(name)![1]), path: join(dir, name) }))
    .sort((a, b) => a.n - b.n);
  const problems: string[] = [];
  phases.forEach((p, i) => {
    if (p.n !== i + 1) problems.push(`phases are numbered 1..${phases.length} without gaps or repeats, but ${p.name} is number ${i + 1}`);
  });
  const numberOf = new Map(phases.map((p) => [p.path, p] as const));
  for (const phase of phases) {
    // Walk everything the phase reaches: a later phase reached through a helper counts too.
    const via = new Map<string, string[]>([[phase.path, []]]);
    const queue = [phase.path];
    while (queue.length > 0) {
      const file = queue.shift()!;
      for (const target of importsOf(file)) {
        if (via.has(target)) continue;
        const path = [...via.get(file)!, relative(dir, target)];
        via.set(target, path);
        const later = numberOf.get(target);
        if (later && later.n > phase.n)
          problems.push(`${phase.name} imports a later phase, ${later.name}${path.length > 1 ? ` (through ${path.slice(0, -1).join(" -> ")})` : ""}`);
        else if (!later) queue.push(target);
      }
    }
  }
  // compile.ts runs every phase once, in number order.
  const compile = readFileSync(join(root, "compiler", "compile.ts"), "utf8");
  const imported = new Map([...compile.matchAll(/import \{ (\w+) \} from "\.\/phases\/(\d+)-[a-z0-9-]+\.js"/g)].map((m) => [m[1]!, Number(m[2])] as const));
  const runs = [...compile.matchAll(/run\.(?:through|finish)\((\w+),/g)].map((m) => imported.get(m[1]!) ?? -1);
  const expected = phases.map((p) => p.n);
  if (JSON.stringify(runs) !== JSON.stringify(expected))
    problems.push(`compiler/compile.ts runs the phases ${JSON.stringify(runs)}, not 1..${phases.length} in order`);
  return problems;
}

describe("the compile pipeline's order", () => {
  test("the phases are numbered 1..N, compile.ts runs them in that order, and none imports a later one", () => {
    expect(phaseOrderProblems(ROOT)).toEqual([]);
  });

  const probes: string[] = [];
  afterAll(() => {
    for (const dir of probes) rmSync(dir, { recursive: true, force: true });
  });
  /** A throwaway tree with compiler/compile.ts and compiler/phases/ holding `files`. */
  const probe = (
    files: Record<string, string>,
    compile = 'import { a } from "./phases/1-a.js";\nimport { b } from "./phases/2-b.js";\nrun.through(a, x);\nrun.finish(b, y);\n',
  ) => {
    const root = mkdtempSync(join(tmpdir(), "forge-phase-order-"));
    probes.push(root);
    mkdirSync(join(root, "compiler", "phases"), { recursive: true });
    writeFileSync(join(root, "compiler", "compile.ts"), compile);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, "compiler", "phases", name), text);
    return phaseOrderProblems(root);
  };

  test("the check passes a well-ordered probe (the control for the cases below)", () => {
    expect(
      probe({
        "1-a.ts": 'import { h } from "./helper.js";\nexport const a = h;\n',
        "2-b.ts": 'import { a } from "./1-a.js";\nexport const b = a;\n',
        "helper.ts": "export const h = 1;\n",
      }),
    ).toEqual([]);
  });

  test("it fails a phase that imports a later one, directly or through a helper", () => {
    expect(probe({ "1-a.ts": 'import { b } from "./2-b.js";\nexport const a = b;\n', "2-b.ts": "export const b = 1;\n" })).toEqual([
      "1-a.ts imports a later phase, 2-b.ts",
    ]);
    expect(
      probe({
        "1-a.ts": 'import type { H } from "./helper.js";\nexport const a = 1;\n',
        "2-b.ts": "export const b = 1;\n",
        "helper.ts": 'export { b as H } from "./2-b.js";\n',
      }),
    ).toEqual(["1-a.ts imports a later phase, 2-b.ts (through helper.ts)"]);
  });

  test("it fails a gap in the numbers and a compile.ts that runs the phases out of order", () => {
    expect(
      probe(
        { "1-a.ts": "export const a = 1;\n", "3-b.ts": "export const b = 1;\n" },
        'import { a } from "./phases/1-a.js";\nimport { b } from "./phases/3-b.js";\nrun.through(a, x);\nrun.finish(b, y);\n',
      ),
    ).toContain("phases are numbered 1..2 without gaps or repeats, but 3-b.ts is number 2");
    const swapped = 'import { a } from "./phases/1-a.js";\nimport { b } from "./phases/2-b.js";\nrun.through(b, x);\nrun.finish(a, y);\n';
    expect(probe({ "1-a.ts": "export const a = 1;\n", "2-b.ts": "export const b = 1;\n" }, swapped)).toEqual([
      "compiler/compile.ts runs the phases [2,1], not 1..2 in order",
    ]);
  });
});
