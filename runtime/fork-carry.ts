// Carries forge's records into a fork that a host opened without them. Pi 0.73.1 forks a saved session into a new file
// written only once it holds an assistant message, then opens that file from disk: a fork before the first reply opens
// an empty session, and the forked branch's mode state and active system updates were gone (no error, no notice).
import type { ForgeRecord } from "../core/fork-carry.js";
import type { CtxPort, PiPort } from "./host-adapter/ports.js";
import type { SessionStore } from "./session-store.js";

/**
 * The records the last session_before_fork read, kept across the host's re-creation of the extension for the forked
 * session (a new instance, maybe a new module evaluation): per process, on a registered symbol.
 */
const CARRY = Symbol.for("pi-forge-modes.fork-carry");
type Carried = { records: ForgeRecord[] } | undefined;
const slot = globalThis as { [CARRY]?: Carried };

/** session_before_fork: what the forked branch starts with, read from the branch it forks. */
export function noteFork(records: SessionStore, ctx: Pick<CtxPort, "sessionManager">, entryId: string, position?: "before" | "at"): void {
  const found = records.recordsForFork(ctx, entryId, position);
  slot[CARRY] = found === null ? undefined : { records: found };
}

/**
 * session_start of the fork: when its branch holds none of forge's records while the branch it forked had some, they
 * are appended again, in order (the messages the model was told are not: the fork's next turn tells them anew).
 * Returns how many it appended.
 */
export function carryFork(pi: Pick<PiPort, "appendEntry">, records: SessionStore, ctx: Pick<CtxPort, "sessionManager">): number {
  const carried = slot[CARRY];
  slot[CARRY] = undefined;
  if (carried === undefined || carried.records.length === 0 || records.hasRecords(ctx)) return 0;
  for (const r of carried.records) pi.appendEntry(r.customType, r.data);
  return carried.records.length;
}
