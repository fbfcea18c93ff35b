// Runs every fixture under test/fixtures/replay/: a session branch folded by the runtime's session model (mode state and
// system updates in one pass) and the pi-modes migration (planned against the fixture's catalog.json modes, when it has
// one), against the expected state and diagnostics. UPDATE_SNAPSHOTS=1 rewrites the expectations.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { BranchEntryLike } from "../core/mode-state-reducer.js";
import { reduceSession } from "../core/session-state.js";
import { buildCatalog } from "../core/component-catalog.js";
import { findPendingLegacy, planLegacyMigration } from "../core/legacy-state.js";
import { makeBundle } from "./runtime/helpers.js";

const DIR = join(import.meta.dirname, "fixtures", "replay");
const UPDATE = process.env.UPDATE_SNAPSHOTS === "1";
const cases = readdirSync(DIR)
  .filter((name) => !name.startsWith("."))
  .sort();

describe("replay fixtures", () => {
  test.each(cases)("%s", (name) => {
    const branch = JSON.parse(readFileSync(join(DIR, name, "branch.json"), "utf8")) as BranchEntryLike[];
    // The session model folds both in one pass (core/session-state.ts); it equals the two reducers (test/core/session-state.test.ts).
    const session = reduceSession(branch);
    const modes = session.selection;
    const updates = session.updates;
    const actual = {
      modeState: modes.state === null ? null : { entryId: modes.entryId, base: modes.state.base, overlays: modes.state.overlays },
      activeUpdates: updates.active.map((u) => ({ updateId: u.updateId, source: u.source, entryId: u.entryId })),
    };
    // The pi-modes migration: only in fixtures with pi-modes entries, so the other expectations keep their shape.
    const pending = findPendingLegacy(branch);
    const catalogFile = join(DIR, name, "catalog.json");
    const plan =
      pending.legacy && existsSync(catalogFile)
        ? planLegacyMigration(buildCatalog({ global: makeBundle("global", JSON.parse(readFileSync(catalogFile, "utf8"))) }), pending.legacy)
        : null;
    if (pending.legacy) {
      Object.assign(actual, {
        legacy: {
          entryId: pending.legacy.ref.id,
          keys: pending.legacy.keys,
          plan: plan?.kind ?? null,
          ...(plan?.kind === "migrate" ? { candidate: plan.candidate } : {}),
        },
      });
    }
    const planned = plan && plan.kind !== "none" ? [plan.diagnostic] : [];
    const diagnostics = [...modes.diagnostics, ...updates.diagnostics, ...pending.diagnostics, ...planned].map(({ code, severity, message, path }) => ({
      code,
      severity,
      message,
      path,
    }));
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
