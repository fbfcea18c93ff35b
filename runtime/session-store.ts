// The session's records: the session model (core/session-state.ts) of ctx's branch, folded once per branch leaf by the
// runtime's only reader of the branch, and the process's records of the host (what the last run showed, the last request).
import { EMPTY_SESSION, extendsPrefix, reduceSession, type SessionState } from "../core/session-state.js";
import { forkRecords, isForgeRecord, type ForgeRecord } from "../core/fork-carry.js";
import type { RequestRecord, RunObservation } from "./host-adapter/index.js";
import type { CtxPort, SessionManagerPort } from "./host-adapter/ports.js";

export interface SessionStore {
  /**
   * The session model of ctx's active branch. Folded at most once per leaf: a new leaf that extends the last one folds
   * only the entries after it. Throws what the host throws (a stale context): callers fail closed.
   */
  read(ctx: Pick<CtxPort, "sessionManager">): SessionState;
  /** The value the last read returned (the empty session before the first): for completions, which get no ctx. */
  current(): SessionState;
  /** session_start and session_tree: the next read folds the branch from its root. */
  reset(): void;
  /** What the last run showed (sections, Pi's own prompt inputs); null before the first run of this process. */
  lastRun(): RunObservation | null;
  recordRun(run: RunObservation): void;
  /** The last request body Pi sent in this session (before_provider_request); null before one, or after a session switch. */
  lastRequest(): RequestRecord | null;
  recordRequest(request: RequestRecord | null): void;
  /** The tools the request sent at `leafId` declared, for the last MAX_REQUEST_TOOLS requests; undefined: not seen. */
  toolsAt(leafId: string): readonly string[] | undefined;
  /** forge's records on the path a fork of `entryId` starts from (core/fork-carry.ts); null: not on ctx's branch. */
  recordsForFork(ctx: Pick<CtxPort, "sessionManager">, entryId: string, position?: "before" | "at"): ForgeRecord[] | null;
  /** Whether ctx's branch holds any of forge's records. */
  hasRecords(ctx: Pick<CtxPort, "sessionManager">): boolean;
}

/** How many requests' declared tool names the store keeps (a few names each), for /forge cost's attribution. */
export const MAX_REQUEST_TOOLS = 1_000;

/** The leaf's id when the host tells it (undefined: it cannot, so the branch itself is compared). */
function leafIdOf(sm: SessionManagerPort): string | null | undefined {
  if (typeof sm.getLeafId !== "function") return undefined;
  const id = sm.getLeafId();
  return typeof id === "string" || id === null ? id : undefined;
}

export function createSessionStore(): SessionStore {
  /** Per session manager (a test may drive several sessions), the last fold. */
  let folds = new WeakMap<SessionManagerPort, SessionState>();
  let last: SessionState = EMPTY_SESSION;
  let run: RunObservation | null = null;
  let request: RequestRecord | null = null;
  /** Insertion order is request order: the oldest goes first when the store is full. */
  const toolsByLeaf = new Map<string, readonly string[]>();

  function fold(sm: SessionManagerPort): SessionState {
    const cached = folds.get(sm);
    const leaf = leafIdOf(sm);
    if (cached !== undefined && leaf !== undefined && (leaf === null ? cached.count === 0 : leaf === cached.leafId)) return cached;
    const branch = sm.getBranch();
    if (cached !== undefined && branch.length === cached.count && extendsPrefix(branch, cached)) return cached;
    const next = reduceSession(branch, cached);
    folds.set(sm, next);
    return next;
  }

  return {
    read(ctx) {
      last = fold(ctx.sessionManager);
      return last;
    },
    current: () => last,
    reset() {
      folds = new WeakMap();
    },
    lastRun: () => run,
    recordRun(observation) {
      run = observation;
    },
    lastRequest: () => request,
    recordRequest(record) {
      request = record;
      if (typeof record?.leafId !== "string" || record.toolNames === null) return;
      toolsByLeaf.delete(record.leafId);
      toolsByLeaf.set(record.leafId, record.toolNames);
      if (toolsByLeaf.size > MAX_REQUEST_TOOLS) toolsByLeaf.delete(toolsByLeaf.keys().next().value!);
    },
    toolsAt: (leafId) => toolsByLeaf.get(leafId),
    recordsForFork: (ctx, entryId, position) => forkRecords(ctx.sessionManager.getBranch(), entryId, position),
    hasRecords: (ctx) => ctx.sessionManager.getBranch().some(isForgeRecord),
  };
}
