// Shared fixture of the authoring tests: a temp agent dir and project, the extension on the fake Pi with the real built-in
// bundle and the forge CLI run in process, and helpers to read what authoring wrote.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, vi } from "vitest";
import { createForgeExtension } from "../../runtime/extension.js";
import { FakePi, FakeSession, type FakeCtxOptions, type HostFlavor } from "../support/fake-pi.js";
import { inProcessCli } from "../support/in-process-cli.js";
import { testTempDir } from "../support/temp-dir.js";

export const BUILTIN = fileURLToPath(new URL("../../presets/bundle.json", import.meta.url));

export const modeYaml = (label: string, prompt: string, extra = "") =>
  `label: ${label}\ndescription: The ${label} mode.\nstrategy: append\n${extra}prompt: ${JSON.stringify(prompt)}\n`;

export interface AuthoringSetup {
  host?: HostFlavor;
  hasUI?: boolean;
  editor?: FakeCtxOptions["editor"];
  confirm?: FakeCtxOptions["confirm"];
  select?: FakeCtxOptions["select"];
  input?: FakeCtxOptions["input"];
  session?: FakeSession;
  /** 1.x: the host's trust answer (default true). */
  trusted?: boolean;
  cwd?: string;
}

export function useAuthoringFixture() {
  let dir = "";
  const paths = { agent: "", cwd: "", other: "" };

  beforeEach(() => {
    dir = testTempDir("forge-authoring-");
    paths.agent = join(dir, "agent");
    paths.cwd = join(dir, "work");
    paths.other = join(dir, "other");
    for (const p of [paths.agent, paths.cwd, paths.other]) mkdirSync(p, { recursive: true });
  });

  const env = () => ({ PI_CODING_AGENT_DIR: paths.agent });

  function setup(opts: AuthoringSetup = {}) {
    const pi = new FakePi({ session: opts.session ?? new FakeSession() });
    const calls: string[][] = [];
    createForgeExtension(pi, { env: env(), builtinFile: BUILTIN, cli: inProcessCli(env(), calls), os: "linux" });
    const cwd = opts.cwd ?? paths.cwd;
    const ctx = pi.ctx({
      host: opts.host ?? "1.x",
      cwd,
      hasUI: opts.hasUI ?? true,
      editor: opts.editor,
      confirm: opts.confirm,
      select: opts.select,
      input: opts.input,
      trusted: opts.trusted,
    });
    const notes = () => ctx.log.notes.map((n) => n.text).join("\n");
    const last = () => ctx.log.notes.at(-1) ?? { text: "", level: "" };
    const run = (args: string) => pi.run("mode", args, ctx);
    const preset = (args: string) => pi.run("preset", args, ctx);
    const prompt = async () => (await pi.runAgentStart(ctx, cwd)).prompt;
    /** Headless output goes to stderr: captured while `fn` runs. */
    const stderrOf = async (fn: () => Promise<void>) => {
      const writes: string[] = [];
      const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => (writes.push(String(chunk)), true));
      try {
        await fn();
      } finally {
        spy.mockRestore();
      }
      return writes.join("");
    };
    return { pi, ctx, calls, notes, last, run, preset, prompt, stderrOf };
  }

  /** Writes files under a root (posix paths), creating folders. */
  function write(root: string, files: Record<string, string>): void {
    for (const [rel, text] of Object.entries(files)) {
      const file = join(root, ...rel.split("/"));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
  }

  /** Builds a project (or --global) the way a user would, outside Pi. */
  async function build(root: string, global = false): Promise<void> {
    const answer = await inProcessCli(env())(["build", ...(global ? ["--global"] : ["--root", root]), "--json"], root);
    if (!answer.ok || answer.code !== 0) throw new Error(`build failed: ${JSON.stringify(answer)}`);
  }

  const bundleOf = (root: string) => {
    const file = join(root, ".pi", "forge", "bundle.json");
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
  };
  const read = (file: string) => readFileSync(file, "utf8");

  return { paths, env, setup, write, build, bundleOf, read };
}
