// Runs every fixture under test/fixtures/replay/: a session branch folded by the runtime's two pure reducers (mode
// state and system updates), against the expected state and diagnostics. UPDATE_SNAPSHOTS=1 rewrites the expectations.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reduceBranch, type BranchEntryLike } from "../core/mode-state-reducer.js";
import { foldUpdateEvents } from "../core/update-reducer.js";

const DIR = join(import.meta.dirname, "fixtures", "replay");
const UPDATE = process.env.UPDATE_SNAPSHOTS === "1";
const cases = readdirSync(DIR).filter((name) => !name.startsWith(".")).sort();

describe("replay fixtures", () => {
  test.each(cases)("%s", (name) => {
    const branch = JSON.parse(readFileSync(join(DIR, name, "branch.json"), "utf8")) as BranchEntryLike[];
    const modes = reduceBranch(branch);
    const updates = foldUpdateEvents(branch);
    const actual = {
      modeState: modes.state === null ? null : { entryId: modes.entryId, base: modes.state.base, overlays: modes.state.overlays },
      activeUpdates: updates.active.map((u) => ({ updateId: u.updateId, source: u.source, entryId: u.entryId })),
    };
    const diagnostics = [...modes.diagnostics, ...updates.diagnostics].map(({ code, severity, message, path }) => ({ code, severity, message, path }));
    const expectedFile = join(DIR, name, "expected.json");
    const diagnosticsFile = join(DIR, name, "diagnostics.json");
    if (UPDATE) {
      writeFileSync(expectedFile, JSON.stringify(actual, null, 2) + "\n");
      rmSync(diagnosticsFile, { force: true });
      if (diagnostics.length > 0) writeFileSync(diagnosticsFile, JSON.stringify(diagnostics, null, 2) + "\n");
    }
    expect(actual).toEqual(JSON.parse(readFileSync(expectedFile, "utf8")));
    expect(diagnostics).toEqual(existsSync(diagnosticsFile) ? JSON.parse(readFileSync(diagnosticsFile, "utf8")) : []);
  });
});
