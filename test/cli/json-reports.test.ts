// Every command's --json output is described by schema/cli-report.schema.json: real outputs of the built CLI (successes,
// refusals and failures) validated against it, and each one matched to the report kind its command prints.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateCliReport } from "../../generated/report-validators.js";
import { assertBuilt, makeProject, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

let root: string;

beforeAll(() => {
  assertBuilt();
  root = makeTempDir("forge-json-");
  makeProject(root, { ".pi/forge/modes/broken.yaml": "label: Broken\ndescription: x\nstrategy: append\npromt: typo\n" });
});
afterAll(() => removeTempDirs());

function report(args: string[], cwd = root): Record<string, unknown> {
  const r = runCli([...args, "--json"], cwd);
  const value = JSON.parse(r.stdout) as Record<string, unknown>;
  expect(validateCliReport(value), `${args.join(" ")}: ${JSON.stringify(validateCliReport.errors?.slice(0, 3))}\n${r.stdout.slice(0, 400)}`).toBe(true);
  return value;
}

describe("--json reports match schema/cli-report.schema.json", () => {
  it("build: errors, then written, unchanged, --check fresh; a build outside any forge root fails", () => {
    expect(report(["build"])).toMatchObject({ command: "build", status: "errors" });
    writeFileSync(join(root, ".pi/forge/modes/broken.yaml"), "label: Broken\ndescription: x\nstrategy: append\nprompt: fixed\n");
    expect(report(["build"])).toMatchObject({ command: "build", status: "written" });
    expect(report(["build"])).toMatchObject({ status: "unchanged" });
    expect(report(["build", "--check"])).toMatchObject({ status: "fresh", check: true });
    expect(report(["build"], makeTempDir("forge-json-none-"))).toMatchObject({ command: "build", status: "failed" });
  });

  it("build --all, init, preview, explain (a path too) and a refused preview", () => {
    const repo = makeTempDir("forge-json-all-");
    writeTree(repo, { "package.json": "{}\n" });
    makeProject(repo);
    expect(report(["build", "--all"], repo)).toMatchObject({ command: "build", all: true });
    expect(report(["init", "--root", makeTempDir("forge-json-init-")])).toMatchObject({ command: "init" });
    expect(report(["preview", "daily"])).toMatchObject({ command: "preview", status: "ok" });
    expect(report(["preview", "nope"])).toMatchObject({ command: "preview", status: "refused" });
    expect(report(["explain", "daily", "--path", "src/a.ts"])).toMatchObject({ command: "explain", status: "ok" });
    expect(report(["explain"])).toMatchObject({ command: "explain", status: "ok", overview: { scope: "project" } });
  });

  it("diff of two bundle files, and a diff that cannot compare", () => {
    const a = join(root, "a.json");
    report(["build"]);
    writeFileSync(a, readFileSync(join(root, ".pi/forge/bundle.json"), "utf8"));
    writeFileSync(join(root, ".pi/forge/modes/review.yaml"), "label: Review\ndescription: Review the change.\nstrategy: append\nprompt: Review twice.\n");
    report(["build"]);
    expect(report(["diff", a, join(root, ".pi/forge/bundle.json")])).toMatchObject({ command: "diff", semantic: true });
    expect(report(["diff", join(root, "missing.json"), a])).toMatchObject({ command: "diff", status: "failed" });
  });

  it("export: written, --check fresh and stale, and a failure without a bundle", () => {
    report(["build"]);
    expect(report(["export", "cursor"])).toMatchObject({ command: "export", target: "cursor" });
    expect(report(["export", "cursor", "--check"])).toMatchObject({ command: "export", status: "fresh" });
    expect(report(["export", "roo", "--check"])).toMatchObject({ command: "export", status: "stale" });
    expect(report(["export", "cursor"], makeTempDir("forge-json-export-"))).toMatchObject({ command: "export", status: "failed" });
  });

  it("import (dry run), preset export and import, source, and their refusals", () => {
    const input = makeTempDir("forge-json-in-");
    writeTree(input, {
      "notes.json": JSON.stringify({
        schemaVersion: 2,
        key: "notes",
        label: "Notes",
        description: "Takes notes.",
        promptStrategy: "append",
        prompt: "Take notes.",
      }),
    });
    expect(report(["import", "pi-modes", input, "--dry-run"])).toMatchObject({ command: "import", status: "dry-run" });
    const file = join(root, "daily.json");
    expect(report(["preset", "export", "daily", file])).toMatchObject({ command: "preset export", status: "written" });
    expect(report(["preset", "export", "daily", file])).toMatchObject({ command: "preset export", status: "exists" });
    writeFileSync(join(root, ".pi/forge/presets/daily.yaml"), "description: gone\noverlays: [plan]\n");
    expect(report(["preset", "import", file])).toMatchObject({ command: "preset import", status: "exists" });
    expect(report(["preset", "import", file, "--force"])).toMatchObject({ command: "preset import", status: "written" });
    expect(report(["source", JSON.stringify({ kind: "mode-template", key: "notes", strategy: "append" })])).toMatchObject({ command: "source", status: "ok" });
    expect(report(["source", JSON.stringify({ kind: "set-prompt", file: "relative.yaml", promptFile: "/x" })])).toMatchObject({
      command: "source",
      status: "failed",
    });
  });

  it("the schema refuses what no command prints", () => {
    expect(validateCliReport({ command: "build", status: "written" })).toBe(false);
    expect(validateCliReport({ command: "source", status: "ok", text: "x", extra: 1 })).toBe(false);
  });
});
