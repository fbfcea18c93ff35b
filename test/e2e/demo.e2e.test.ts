// `npm run demo` (scripts/demo.ts) as the README's first command runs it: offline on both hosts, and, piped into a
// file or a CI log, it prints no terminal escapes and writes nothing under the user's home.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/demo/pi-host.js";

const home = mkdtempSync(join(tmpdir(), "forge-demo-home-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** The demo as npm runs it (the Node that runs npm, with tsx), its stdout a pipe; the run's cache variable unset. */
function runDemo(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
  for (const name of ["FORGE_CACHE_DIR", "XDG_CACHE_HOME", "NO_COLOR", "FORCE_COLOR", "PI_CODING_AGENT_DIR"]) delete env[name];
  const child = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT, "scripts", "demo.ts")], { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), 230_000);
  return new Promise((resolve) => child.once("close", (code) => (clearTimeout(timer), resolve({ code, stdout, stderr }))));
}

describe("npm run demo", () => {
  it("piped: the prompt tests pass in both tiers, both hosts compose the modes, no ANSI escape is printed, nothing is written under HOME", {
    timeout: 240_000,
  }, async () => {
    const r = await runDemo();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("  | forge test: 4 passed (2 tests, 4 results; pure tier)");
    expect(r.stdout).toMatch(/ {2}\| pi-0\.73: Pi 0\.73\.1\n {2}\| pi-1: Pi 1\.\d+\.\d+\n/);
    expect(r.stdout).toContain("  | forge test: 2 passed (1 test, 2 results; captured from Pi)");
    expect(r.stdout).toContain("demo done: both Pi hosts composed the selected modes");
    expect(r.stdout).toContain("== @earendil-works/pi-coding-agent (Node 22) ==");
    expect(r.stdout + r.stderr).not.toContain("\x1b");
    expect(readdirSync(home)).toEqual([]);
    expect(existsSync(join(home, ".cache", "forge"))).toBe(false);
  });
});
