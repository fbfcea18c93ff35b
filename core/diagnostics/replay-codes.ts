// The constructors of the runtime's replay codes (a session branch folded by the Pi extension), each defined in its catalog
// file (catalog/); importing them here keeps summaries and examples out of the extension (esbuild drops unused exports).
export type { EntryRef } from "./entry-ref.js";
export { modeStateMalformed } from "./catalog/mode-state-malformed.js";
export { legacyStateMalformed } from "./catalog/legacy-state-malformed.js";
export { legacyStateMigrated } from "./catalog/legacy-state-migrated.js";
export { legacyStateFrozen } from "./catalog/legacy-state-frozen.js";
export { updateEventMalformed } from "./catalog/update-event-malformed.js";
export { updateDigestMismatch } from "./catalog/update-digest-mismatch.js";
export { updateIdConflict } from "./catalog/update-id-conflict.js";
export { updateRevokeUnknown } from "./catalog/update-revoke-unknown.js";
export { updateRevokeInactive } from "./catalog/update-revoke-inactive.js";
export { updateRevokeDenied } from "./catalog/update-revoke-denied.js";
export { updateApplyDenied } from "./catalog/update-apply-denied.js";
