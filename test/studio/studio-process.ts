// Runs `forge studio` (the built dist/cli.js) on a temp project for the tests: the printed URL, its token, and a clean stop.
import type { ChildProcess } from "node:child_process";
import { spawnSync } from "node:child_process";
import { cleanEnv, outputWatcher, startCli } from "../cli/helpers.js";

export interface RunningStudio {
  url: string;
  origin: string;
  token: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM, then the exit code (null if it had to be killed). */
  stop(): Promise<number | null>;
}

export async function startStudio(root: string, args: string[] = []): Promise<RunningStudio> {
  const child = startCli(["studio", ...args], root, cleanEnv());
  const out = outputWatcher(child);
  let stdout = "";
  child.stdout?.on("data", (d: Buffer) => (stdout += d.toString()));
  await out.waitFor(() => /^http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/m.test(stdout), "forge studio to print its URL");
  // The URL goes to stdout, the "serving ..." note to stderr: two pipes, so wait for the note as well.
  await out.waitFor((all) => all.includes("forge studio: serving ") || child.exitCode !== null, "forge studio to say what it serves");
  const url = /^(http:\/\/127\.0\.0\.1:(\d+))\/\?token=(\S+)$/m.exec(stdout)!;
  return {
    url: url[0],
    origin: url[1]!,
    port: Number(url[2]),
    token: url[3]!,
    child,
    output: out.text,
    stop() {
      if (child.exitCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          resolve(null);
        }, 10_000);
        child.once("exit", (code) => {
          clearTimeout(timer);
          resolve(code);
        });
        child.kill("SIGTERM");
      });
    },
  };
}

/** git in a temp repository, with a fixed identity so commits work on any machine. */
export function git(cwd: string, ...args: string[]): string {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: "forge test",
    GIT_AUTHOR_EMAIL: "test@example.invalid",
    GIT_COMMITTER_NAME: "forge test",
    GIT_COMMITTER_EMAIL: "test@example.invalid",
  };
  const r = spawnSync("git", ["-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main", ...args], { cwd, env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${r.stderr}`);
  return r.stdout;
}
