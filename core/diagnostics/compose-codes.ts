// The constructors of the runtime's composition codes (why a turn gets Pi's native prompt, drift it composes anyway, or
// what the drift dialog's answer made of a prompt), each defined in its catalog file (catalog/).
export { driftBlocked } from "./catalog/drift-blocked.js";
export { driftWarned } from "./catalog/drift-warned.js";
export { driftLeftOut } from "./catalog/drift-left-out.js";
export { driftPromptHeld } from "./catalog/drift-prompt-held.js";
export { exactBaseDrift } from "./catalog/exact-base-drift.js";
export { exactBaseUnconfirmed } from "./catalog/exact-base-unconfirmed.js";
export { replayContractsBroken } from "./catalog/replay-contracts-broken.js";
export { nothingToCompose } from "./catalog/nothing-to-compose.js";
