// The messages of a `pi -p` run as turns of a pooled RPC session (harness/rpc-pool.ts), for tests whose subject is not
// the process: what Pi sent and what forge said, without a Pi start per test.
import { expect } from "vitest";
import { systemPromptOf, type FakeServer, type RecordedRequest } from "../../../scripts/demo/fake-server.js";
import type { PiEnv } from "../../../scripts/demo/pi-env.js";
import type { PiHost } from "../../../scripts/demo/pi-host.js";
import type { UiAnswer, UiRequest } from "../../../scripts/demo/rpc-client.js";
import { FORGE_EXTENSION, notices } from "./forge-project.js";
import type { RpcPool } from "./rpc-pool.js";

// Which tests may use it: RPC has a UI where print mode has none (forge asks where print mode refuses, and says
// things with notify instead of stderr), so a test about headless behaviour, start-up flags or variables, a resume
// or Pi's trust at start keeps its own `pi -p` run.

export interface PooledRun {
  /** The completion requests of this session, in order. */
  requests: RecordedRequest[];
  /** The system prompt of every completion request of this session, in order. */
  prompts: string[];
  /** Everything the session said: its notices, one per line, then Pi's stderr (forge's status JSON is a notice here). */
  said: string;
}

export interface PooledTurnsOptions {
  /** Extension files (default: dist/extension.js). */
  extensions?: string[];
  /** Start-up flags after `--no-session` (e.g. `--preset audit`): forge applies them again to every new session. */
  args?: string[];
  /** Variables of the pooled process's start-up (a process per distinct set of flags and variables). */
  extraEnv?: Record<string, string>;
  /** Answers dialogs; default cancels them. */
  onUiRequest?: (request: UiRequest) => UiAnswer | Promise<UiAnswer>;
  /** false: keep the server's log and queued replies (a caller that enqueued the model's tool calls first). */
  resetServer?: boolean;
}

/**
 * Runs `messages` in a new session of the pool's process: a message starting with "/" is a command (Pi answers its
 * `prompt` once the command has run, on both hosts), any other a prompt, awaited to the end of its run. The shared
 * server log is reset first (unless told not to), as forgePrint does; the session must end with Pi alive, as a print
 * run must exit with 0.
 */
export async function pooledTurns(
  pool: RpcPool,
  host: PiHost,
  env: PiEnv,
  server: FakeServer,
  messages: string[],
  options: PooledTurnsOptions = {},
): Promise<PooledRun> {
  if (options.resetServer !== false) server.reset();
  const from = server.completions().length;
  const extensions = options.extensions ?? [FORGE_EXTENSION];
  const rpc = await pool.session(host, {
    env,
    args: ["--no-session", ...(options.args ?? [])],
    extensions,
    extraEnv: options.extraEnv,
    onUiRequest: options.onUiRequest,
    timeoutMs: 60_000,
  });
  let said = "";
  try {
    for (const message of messages) {
      if (message.startsWith("/")) expect((await rpc.send({ type: "prompt", message }, 60_000)).success).toBe(true);
      else await rpc.prompt(message, 60_000);
    }
  } finally {
    said = [...notices(rpc), rpc.stderr()].join("\n");
    expect(await rpc.close()).toBe(0);
  }
  expect(said).not.toContain("forge: extension failed");
  const requests = server.completions().slice(from);
  return { requests, prompts: requests.map((r) => systemPromptOf(r)), said };
}

/** The single system prompt of a session that made exactly one model request. */
export function onlyPooledPrompt(run: PooledRun): string {
  expect(run.prompts).toHaveLength(1);
  return run.prompts[0]!;
}
