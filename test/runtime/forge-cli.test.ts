// The extension's way to the CLI: the real dist/cli.js on this Node with an argument list, its JSON report, and clear
// failures when the CLI is missing, crashes or prints no report.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForgeCli, defaultCliPath } from "../../runtime/forge-cli.js";
import { assertBuilt, CLI, makeTempDir, removeTempDirs } from "../cli/helpers.js";
import { bareEnv } from "../support/home-guard.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

describe("createForgeCli", () => {
  it("resolves dist/cli.js from the module, as dist/extension.js resolves its sibling", () => {
    expect(defaultCliPath()).toBe(CLI);
  });

  it("runs forge build with an argument list (a root with spaces and quotes stays one argument) and parses its report", async () => {
    const root = join(makeTempDir(), `a "quoted" dir; echo hi`);
    mkdirSync(join(root, ".pi", "forge", "modes"), { recursive: true });
    writeFileSync(join(root, ".pi", "forge", "modes", "a.yaml"), "label: A\ndescription: a\nstrategy: append\nprompt: x\n");
    const cli = createForgeCli({ ...process.env, FORGE_NO_CACHE: "1" });
    const answer = await cli(["build", "--root", root, "--json"], root);
    expect(answer).toMatchObject({ ok: true, code: 0, json: { command: "build", status: "written" } });
  });

  it("says what went wrong: a missing CLI, a crash, output without a report", async () => {
    const dir = makeTempDir();
    expect(await createForgeCli(bareEnv(), join(dir, "nope.js"))(["build"], dir)).toMatchObject({
      ok: false,
      failure: expect.stringContaining("nope.js is missing"),
    });
    writeFileSync(join(dir, "crash.mjs"), "process.stderr.write('boom'); process.exit(3);");
    expect(await createForgeCli(bareEnv(), join(dir, "crash.mjs"))(["build"], dir)).toEqual({
      ok: false,
      failure: "forge build exited with 3 without a JSON report: boom",
    });
  });
});
