// The layout's import boundaries (.dependency-cruiser.cjs): the real tree has no violation, and each rule catches the
// wrong import it exists for, in a throwaway tree that copies the layout.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const require = createRequire(import.meta.url);

const ROOT = join(import.meta.dirname, "..", "..");
const CONFIG = join(ROOT, ".dependency-cruiser.cjs");
const CLI = join(ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

function cruise(cwd: string, dirs: string[]): Violation[] {
  const r = spawnSync(process.execPath, [CLI, ...dirs, "--config", CONFIG, "--output-type", "json"], { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.stdout.trim() === "") throw new Error(`dependency-cruiser failed: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe("import rules", () => {
  test("the tree has no violation", () => {
    const violations = cruise(ROOT, ["core", "compiler", "runtime", "io", "generated"]);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  });

  // One throwaway tree holds a wrong import per rule (each from its own file), cruised once.
  const cases: Array<{ rule: string; from: string; files: Record<string, string> }> = [
    {
      rule: "core-is-shared",
      from: "core/a1.ts",
      files: { "core/a1.ts": 'import { b } from "../compiler/b1.js";\nexport const a = b;\n', "compiler/b1.ts": "export const b = 1;\n" },
    },
    { rule: "core-does-no-io", from: "core/a2.ts", files: { "core/a2.ts": 'import { readFileSync } from "node:fs";\nexport const a = readFileSync;\n' } },
    {
      rule: "compiler-not-runtime",
      from: "compiler/a3.ts",
      files: { "compiler/a3.ts": 'import { b } from "../runtime/b3.js";\nexport const a = b;\n', "runtime/b3.ts": "export const b = 1;\n" },
    },
    {
      rule: "runtime-not-compiler",
      from: "runtime/a4.ts",
      files: { "runtime/a4.ts": 'import { b } from "../compiler/b4.js";\nexport const a = b;\n', "compiler/b4.ts": "export const b = 1;\n" },
    },
    {
      rule: "io-edge-is-shared",
      from: "io/a5.ts",
      files: { "io/a5.ts": 'import { b } from "../runtime/b5.js";\nexport const a = b;\n', "runtime/b5.ts": "export const b = 1;\n" },
    },
    {
      rule: "generated-is-a-leaf",
      from: "generated/a6.ts",
      files: { "generated/a6.ts": 'import { b } from "../core/b6.js";\nexport const a = b;\n', "core/b6.ts": "export const b = 1;\n" },
    },
    {
      rule: "compiler-no-upward-imports",
      from: "compiler/review/a7.ts",
      files: { "compiler/review/a7.ts": 'import { b } from "../cli/b7.js";\nexport const a = b;\n', "compiler/cli/b7.ts": "export const b = 1;\n" },
    },
    {
      rule: "compiler-io-not-cli",
      from: "compiler/io/a8.ts",
      files: { "compiler/io/a8.ts": 'import { b } from "../cli/b8.js";\nexport const a = b;\n', "compiler/cli/b8.ts": "export const b = 1;\n" },
    },
    {
      rule: "compiler-pure-does-no-io",
      from: "compiler/phases/a9.ts",
      files: { "compiler/phases/a9.ts": 'import { spawnSync } from "node:child_process";\nexport const a = spawnSync;\n' },
    },
    {
      rule: "adapter-not-updates",
      from: "runtime/host-adapter/a10.ts",
      files: {
        "runtime/host-adapter/a10.ts": 'import { b } from "../updates/index.js";\nexport const a = b;\n',
        "runtime/updates/index.ts": "export const b = 1;\n",
      },
    },
    {
      rule: "updates-through-facade",
      from: "runtime/a11.ts",
      files: { "runtime/a11.ts": 'import { b } from "./updates/b11.js";\nexport const a = b;\n', "runtime/updates/b11.ts": "export const b = 1;\n" },
    },
    {
      rule: "studio-model-is-pure",
      from: "compiler/studio/model/a13.ts",
      files: {
        "compiler/studio/model/a13.ts": 'import { b } from "../server/b13.js";\nexport const a = b;\n',
        "compiler/studio/server/b13.ts": "export const b = 1;\n",
      },
    },
    {
      rule: "studio-model-does-no-io",
      from: "compiler/studio/model/a14.ts",
      files: { "compiler/studio/model/a14.ts": 'import { readFileSync } from "node:fs";\nexport const a = readFileSync;\n' },
    },
    {
      rule: "compiler-pure-not-studio",
      from: "compiler/review/a15.ts",
      files: {
        "compiler/review/a15.ts": 'import { b } from "../studio/model/b15.js";\nexport const a = b;\n',
        "compiler/studio/model/b15.ts": "export const b = 1;\n",
      },
    },
    {
      rule: "studio-not-cli",
      from: "compiler/studio/server/a16.ts",
      files: {
        "compiler/studio/server/a16.ts": 'import { b } from "../../cli/b16.js";\nexport const a = b;\n',
        "compiler/cli/b16.ts": "export const b = 1;\n",
      },
    },
    {
      rule: "studio-page-is-browser-code",
      from: "compiler/studio/page/a17.ts",
      files: { "compiler/studio/page/a17.ts": 'import { b } from "../../../core/b17.js";\nexport const a = b;\n', "core/b17.ts": "export const b = 1;\n" },
    },
    {
      rule: "studio-page-no-node",
      from: "compiler/studio/page/a18.ts",
      files: { "compiler/studio/page/a18.ts": 'import { join } from "node:path";\nexport const a = join;\n' },
    },
    {
      rule: "build-libraries-only-in-compiler",
      from: "runtime/a19.ts",
      files: { "runtime/a19.ts": 'import picomatch from "picomatch";\nexport const a = picomatch;\n' },
    },
    {
      rule: "build-libraries-only-in-compiler",
      from: "core/a20.ts",
      files: { "core/a20.ts": 'import { parseDocument } from "yaml";\nexport const a = parseDocument;\n' },
    },
    {
      rule: "build-libraries-only-in-compiler",
      from: "runtime/a21.ts",
      files: { "runtime/a21.ts": 'import { countTokens } from "gpt-tokenizer/encoding/o200k_base";\nexport const a = countTokens;\n' },
    },
    {
      rule: "no-circular",
      from: "core/a12.ts",
      files: {
        "core/a12.ts": 'import { b } from "./b12.js";\nexport const a = 1;\nexport const c = b;\n',
        "core/b12.ts": 'import { a } from "./a12.js";\nexport const b = a;\n',
      },
    },
  ];
  let probed: Violation[] = [];
  const probes = mkdtempSync(join(tmpdir(), "forge-arch-"));
  beforeAll(() => {
    const files = Object.assign({ "tsconfig.json": '{"compilerOptions":{"module":"ESNext","moduleResolution":"Bundler"}}' }, ...cases.map((c) => c.files));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(probes, path)), { recursive: true });
      writeFileSync(join(probes, path), text as string);
    }
    probed = cruise(probes, ["core", "compiler", "runtime", "io", "generated"]);
  });
  afterAll(() => rmSync(probes, { recursive: true, force: true }));

  test("every rule has a probe", () => {
    const names = (require(CONFIG) as { forbidden: Array<{ name: string }> }).forbidden.map((r) => r.name);
    expect([...new Set(cases.map((c) => c.rule))].sort()).toEqual([...names].sort());
  });

  test.each(cases)("a wrong import fails $rule", ({ rule, from }) => {
    expect(probed.filter((v) => v.rule.name === rule).map((v) => v.from)).toContain(from);
  });
});
