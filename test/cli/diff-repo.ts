// Temp git repositories for the forge diff tests: an isolated git (no user config), forge build and forge diff in them.
import { spawnSync } from "node:child_process";
import { dirname } from "node:path";
import { expect } from "vitest";
import { cleanEnv, makeProject, makeTempDir, runCli, type CliResult } from "./helpers.js";

/** The review mode with its prompt edited: the change most diff tests make. */
export const REVIEW_TWICE = "label: Review\ndescription: Review the change.\nstrategy: append\nprompt: Review twice.\n";

/** No user or system git config (signing, hooks), an identity for commits, and no repository above the temp dir. */
export function gitEnv(root: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return cleanEnv({
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_AUTHOR_NAME: "forge test",
    GIT_AUTHOR_EMAIL: "forge@example.invalid",
    GIT_COMMITTER_NAME: "forge test",
    GIT_COMMITTER_EMAIL: "forge@example.invalid",
    GIT_CEILING_DIRECTORIES: dirname(root),
    ...extra,
  });
}

export function git(root: string, ...args: string[]): string {
  const r = spawnSync("git", args, { cwd: root, env: gitEnv(root), encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${r.stderr}`);
  return r.stdout.trim();
}

export function initRepo(root: string): void {
  git(root, "init", "-q");
  git(root, "config", "user.name", "forge test");
  git(root, "config", "user.email", "forge@example.invalid");
  git(root, "config", "commit.gpgsign", "false");
}

export function commitAll(root: string, message: string): void {
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", message);
}

export function diff(args: string[], root: string): CliResult {
  return runCli(["diff", ...args], root, gitEnv(root));
}

export function build(root: string): void {
  const r = runCli(["build"], root, gitEnv(root));
  expect(r.code, r.stderr).toBe(0);
}

/** A built project committed in a fresh repo. */
export function committedProject(overrides: Record<string, string> = {}): string {
  const root = makeTempDir("forge-diff-");
  makeProject(root, overrides);
  initRepo(root);
  build(root);
  commitAll(root, "forge sources and bundle");
  return root;
}
