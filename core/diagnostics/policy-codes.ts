// The constructors of the team policy's codes (forge build --policy, forge verify --policy, the Pi extension), each
// defined in its catalog file (catalog/); importing them here keeps summaries and examples out of the extension.
export { policyNotLibrary } from "./catalog/policy-not-library.js";
export { policyOverlayInvalid } from "./catalog/policy-overlay-invalid.js";
export { policyInvalid } from "./catalog/policy-invalid.js";
export { policyStrategyForbidden } from "./catalog/policy-strategy-forbidden.js";
export { policyToolDenied } from "./catalog/policy-tool-denied.js";
export { policyBudgetExceeded } from "./catalog/policy-budget-exceeded.js";
export { policyModelCallable } from "./catalog/policy-model-callable.js";
export { policyOverlayKeyTaken } from "./catalog/policy-overlay-key-taken.js";
export { policyRefused } from "./catalog/policy-refused.js";
export { policySignerRequired } from "./catalog/policy-signer-required.js";
