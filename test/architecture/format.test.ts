// The formatter check in npm test: every TypeScript and JavaScript source is as Biome formats it (biome.json), and
// the check itself fails on a file Biome would change, so it cannot pass by checking nothing.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const BIOME = join(ROOT, "node_modules", "@biomejs", "biome", "bin", "biome");

const scratch = mkdtempSync(join(tmpdir(), "forge-format-"));
// Biome keeps its logs under the home's cache (~/.cache/biome): a home of its own, removed with the scratch project.
const home = mkdtempSync(join(tmpdir(), "forge-format-home-"));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function biomeFormat(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [BIOME, "format", ...args], { cwd, env: { ...process.env, HOME: home }, encoding: "utf8", timeout: 60_000 });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("formatting", () => {
  test("the tree is formatted (npm run format writes it)", () => {
    const run = biomeFormat(["."], ROOT);
    expect(run.code, run.output).toBe(0);
    // It looked at the sources: a check that formats no file would pass on anything.
    expect(run.output).toMatch(/Checked [1-9]\d{2,} files/);
  });

  test("a file the formatter would change fails the check, with this repository's settings", () => {
    writeFileSync(join(scratch, "biome.json"), readFileSync(join(ROOT, "biome.json")));
    writeFileSync(join(scratch, ".gitignore"), "node_modules/\n"); // biome.json reads the ignore file
    writeFileSync(join(scratch, "bad.ts"), "export const a = { b:1,   c : 'x' }\n");
    const run = biomeFormat(["."], scratch);
    expect(run.code).not.toBe(0);
    expect(run.output).toContain("bad.ts");
  });
});
