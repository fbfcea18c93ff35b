// One RPC Pi process per host and start-up (env, args, extensions, variables) serving a file's tests, each test in a
// new session of its own: a Pi start costs 1-2 s of CPU, a new session a fraction of that.
import { join } from "node:path";
import { afterAll, onTestFinished } from "vitest";
import type { PiHost } from "../../../scripts/demo/pi-host.js";
import { startRpc, type RpcClient, type StartRpcOptions, type UiAnswer, type UiRequest } from "../../../scripts/demo/rpc-client.js";

// Why it keeps what a test checks: Pi's `new_session` tears the session down (session_shutdown) and builds a new
// runtime, loading every extension again with a fresh module (Pi's jiti runs without a module cache), so forge starts
// with no state from the test before; forge treats the reason "new" like "startup" (the startup flags and variables
// apply again). A test whose subject is the process itself (start-up flags it changes, first-run state, Pi's trust
// at start, the environment, the exit) starts its own process with startRpc instead.

interface Pooled {
  readonly rpc: RpcClient;
  /** The current test's dialog answers. */
  answer: StartRpcOptions["onUiRequest"];
  /** Whether a test holds the session now. */
  leased: boolean;
}

export interface RpcPool {
  /**
   * An RPC client for this test: the pool's process for this start-up, in a new session (or its first one). Its
   * `records` and `stderr()` start with this session; `close()` ends the lease and resolves with 0 while the process
   * lives (the pool checks its exit after the file). Every call takes the same options as startRpc.
   */
  session(host: PiHost, options: StartRpcOptions): Promise<RpcClient>;
}

/** The start-up a process is shared by: everything startRpc passes to Pi but the dialog answers and the timeout. */
function startupKey(host: PiHost, options: StartRpcOptions): string {
  return JSON.stringify([host.id, options.env.root, options.extensions ?? [], options.args ?? [], options.extraEnv ?? {}]);
}

/**
 * The arguments a pooled process starts with. 0.73.1 keeps an in-memory session's empty session directory for the
 * session `new_session` makes, so that one would be written into the working directory (a relative path): there the
 * pool keeps its sessions in the agent dir's sessions/ instead of --no-session (forge never reads the session file).
 * A persisted session is not an in-memory one everywhere: on 0.73.1 an RPC `fork` of a persisted session before its
 * first reply opens an empty session, to which forge carries its records and then tells its updates anew, in another
 * order than in memory (system-updates-branches holds both), so a test that forks keeps a process of its own.
 */
function pooledArgs(host: PiHost, options: StartRpcOptions): string[] {
  const args = options.args ?? [];
  if (host.id !== "legacy" || !args.includes("--no-session")) return args;
  return [...args.filter((arg) => arg !== "--no-session"), "--session-dir", join(options.env.agentDir, "sessions", "rpc-pool")];
}

/** A view of the pooled client from record `start` and stderr offset `errStart` on. */
function leaseView(pooled: Pooled, start: number, errStart: number): RpcClient {
  const { rpc } = pooled;
  let closed = false;
  return {
    get records() {
      return rpc.records.slice(start);
    },
    send: (command, timeoutMs) => rpc.send(command, timeoutMs),
    waitFor: (predicate, options = {}) => rpc.waitFor(predicate, { ...options, from: start + (options.from ?? 0) }),
    prompt: (message, timeoutMs) => rpc.prompt(message, timeoutMs),
    stderr: () => rpc.stderr().slice(errStart),
    async close() {
      if (!closed) {
        closed = true;
        pooled.leased = false;
        pooled.answer = undefined;
      }
      // Alive means it answers: a session that crashed Pi fails here, as a fresh process's exit code would.
      const state = await rpc.send({ type: "get_state" }, 30_000).catch(() => null);
      return state?.success === true ? 0 : null;
    },
  };
}

/**
 * A test that fails before it closes its session still ends its lease. A failed test's process is not reused (the
 * suite kills it, test/e2e/harness/pi-suite.ts): the next test starts another.
 */
function releaseAtTestEnd(live: Map<string, Pooled>, key: string, pooled: Pooled): void {
  onTestFinished(async (context) => {
    pooled.leased = false;
    pooled.answer = undefined;
    if (context.task.result?.state !== "fail" || live.get(key) !== pooled) return;
    live.delete(key);
    await pooled.rpc.close();
  });
}

/** The pool of one test file: its processes are closed after the file, and each must exit with 0. */
export function rpcPool(): RpcPool {
  const live = new Map<string, Pooled>();
  afterAll(async () => {
    const codes = await Promise.all([...live.values()].map((pooled) => pooled.rpc.close()));
    live.clear();
    const failed = codes.filter((code) => code !== 0);
    if (failed.length > 0) throw new Error(`a pooled Pi process exited with ${failed.join(", ")} instead of 0`);
  });
  return {
    async session(host, options) {
      // FORGE_E2E_FRESH_PI=1: every session in a process of its own, to check a pooled test against a fresh start.
      if (process.env.FORGE_E2E_FRESH_PI === "1") return startRpc(host, options);
      const key = startupKey(host, options);
      const existing = live.get(key);
      if (existing?.leased) throw new Error("a pooled Pi process serves one test at a time: close the last session first");
      if (existing === undefined) {
        const pooled: Pooled = { rpc: undefined as unknown as RpcClient, answer: options.onUiRequest, leased: true };
        const onUiRequest = (request: UiRequest): UiAnswer | Promise<UiAnswer> => pooled.answer?.(request);
        (pooled as { rpc: RpcClient }).rpc = await startRpc(host, { ...options, args: pooledArgs(host, options), onUiRequest });
        live.set(key, pooled);
        releaseAtTestEnd(live, key, pooled);
        return leaseView(pooled, 0, 0);
      }
      existing.leased = true;
      existing.answer = options.onUiRequest;
      releaseAtTestEnd(live, key, existing);
      const start = existing.rpc.records.length;
      const errStart = existing.rpc.stderr().length;
      const response = await existing.rpc.send({ type: "new_session" }, options.timeoutMs ?? 60_000);
      if (response.success !== true || response.data?.cancelled) throw new Error(`pi rpc: new_session failed: ${JSON.stringify(response)}`);
      return leaseView(existing, start, errStart);
    },
  };
}
