// Temporary directories a test makes and removes: each one goes when the test that made it ends, passed or failed.
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

/** A fresh directory (its real path) in the temp folder, removed when the current test ends; call it in a test or a beforeEach. */
export function testTempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
