// The registry edge of `forge outdated`: each library's latest version from `npm view`, run in the project root so npm
// applies the project's .npmrc (scoped registries, auth) as it does for every install. Offline is an answer, not a failure.
import { spawn } from "node:child_process";
import type { LatestVersion } from "../review/outdated-report.js";

/** One `npm view` at most this long: a registry that hangs is "unreachable", never a hung CI step. */
const NPM_TIMEOUT_MS = 20_000;
const NETWORK_CODES =
  /\b(ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|ECONNABORTED|ERR_SOCKET_TIMEOUT|EOFFLINE|ENOTCACHED)\b/;
const NPM_OUTPUT_LIMIT = 64 * 1024;

/** The first line of npm's error output, bounded and without control characters (it may quote a registry's reply). */
function firstLine(text: string): string {
  const line =
    text
      .split("\n")
      .map((l) => l.replace(/^npm (error|ERR!)\s*/, "").trim())
      .find((l) => l !== "" && !/^code /.test(l)) ?? "npm view failed";
  return line.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ").slice(0, 200);
}

/** Reads what `npm view <name> version --json` printed and how it ended. */
export function interpretNpmView(status: number | null, stdout: string, stderr: string, timedOut: boolean): LatestVersion {
  if (timedOut) return { status: "unreachable", message: `npm view took longer than ${NPM_TIMEOUT_MS / 1000} s` };
  let parsed: unknown;
  try {
    parsed = stdout.trim() === "" ? undefined : JSON.parse(stdout);
  } catch {
    parsed = undefined;
  }
  if (status === 0 && typeof parsed === "string" && parsed !== "") return { status: "ok", version: parsed.slice(0, 256) };
  if (status === 0 && Array.isArray(parsed) && typeof parsed[parsed.length - 1] === "string")
    return { status: "ok", version: String(parsed[parsed.length - 1]).slice(0, 256) };
  const error = (parsed as { error?: { code?: unknown; summary?: unknown } } | undefined)?.error;
  const all = `${typeof error?.code === "string" ? error.code : ""}\n${stderr}`;
  // npm --json reports the error as JSON on stdout; its summary is the one line worth showing.
  const message = typeof error?.summary === "string" ? firstLine(error.summary) : firstLine(stderr);
  if (/\bE404\b/.test(all)) return { status: "not-found", message: "the registry has no such package" };
  if (NETWORK_CODES.test(all)) return { status: "unreachable", message };
  return { status: "failed", message };
}

/** `npm view <name> version --json` in `cwd`. */
function viewLatest(name: string, cwd: string, env: NodeJS.ProcessEnv): Promise<LatestVersion> {
  return new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    const child = spawn("npm", ["view", name, "version", "--json", "--fetch-retries=0", "--fetch-timeout=10000"], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, NPM_TIMEOUT_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      if (stdout.length < NPM_OUTPUT_LIMIT) stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < NPM_OUTPUT_LIMIT) stderr += chunk.toString("utf8");
    });
    child.on("error", (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(err.code === "ENOENT" ? { status: "npm-missing", message: "npm is not installed (not on PATH)" } : { status: "failed", message: err.message });
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve(interpretNpmView(status, stdout, stderr, timedOut));
    });
  });
}

/** The latest version of each library, asked in parallel. */
export async function latestVersions(names: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Map<string, LatestVersion>> {
  const answers = await Promise.all(names.map((name) => viewLatest(name, cwd, env)));
  return new Map(names.map((name, i) => [name, answers[i]!] as const));
}
