// GET /api/tests: forge test's pure tier on the sources as they are now, read from disk per request (never writes).
import { join, relative, sep } from "node:path";
import { forgeCommand } from "../../../core/forge-command.js";
import { describeFailure } from "../../io/describe-failure.js";
import type { ForgeTarget } from "../../io/forge-target.js";
import { readTestSide } from "../../io/test-side.js";
import { runPureTier } from "../../prompt-tests/run-pure.js";
import type { TestsData } from "../model/studio-api.js";
import { testsView } from "../model/tests-view.js";

export function testsRequest(target: ForgeTarget): TestsData {
  const show = (file: string) =>
    relative(target.root, join(target.forgeRoot, ...file.split("/")))
      .split(sep)
      .join("/");
  try {
    const side = readTestSide(target);
    if (side.testFiles === 0) return testsView([], show, "no test files: .pi/forge/tests/ holds no *.yaml test (forge init writes an example)");
    const errors = side.diagnostics.filter((d) => d.severity === "error").length;
    if (side.ctx === null) return testsView([], show, `the sources have ${errors} error(s): see Live`);
    // The command a failing snapshot names, from the directory the studio was started in.
    const from = relative(target.cwd, target.root);
    const updateCommand = forgeCommand("test", "--update", ...(from === "" ? [] : ["--root", from]));
    const run = runPureTier(side.ctx, side.tests, side.sources, { stored: side.stored, update: false, hosts: null, updateCommand });
    return testsView(run.results, show, errors > 0 ? `${errors} error(s) in the test files: those tests are left out (forge test lists them)` : null);
  } catch (err) {
    return testsView([], show, describeFailure(err));
  }
}
