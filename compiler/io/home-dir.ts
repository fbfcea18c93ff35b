// The user's home as a command's own environment names it: HOME, which is what Node's homedir() reads on POSIX. A CLI
// run in-process with its own environment (the tests' worker, compiler/cli/run-cli.ts) then finds the home a spawned
// forge would, where homedir() would read the hosting process's.
import { homedir } from "node:os";

export function homeDirOf(env: NodeJS.ProcessEnv): string {
  return env.HOME !== undefined && env.HOME !== "" ? env.HOME : homedir();
}
