// The update id a block or rule gets when it switches on: its own id, unless that id already names other content on
// the branch. Pure: the runtime records it, and forge test composes the same tag.
import { LIMITS } from "../generated/constants.js";
import type { UpdateState } from "./update-reducer.js";

/**
 * The update id for activating a block: the block id, unless that id already names different
 * content on this branch (the block was edited and rebuilt since); then block-2, block-3...
 * An id always means one content, so history stays auditable.
 */
export function chooseBlockUpdateId(state: Pick<UpdateState, "known">, blockId: string, digest: string): string {
  const fits = (id: string) => !state.known.has(id) || state.known.get(id) === digest;
  if (fits(blockId)) return blockId;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const id = `${blockId.slice(0, LIMITS.maxKeyLength - suffix.length)}${suffix}`;
    if (fits(id)) return id;
  }
}
