// The constructors of `forge test`'s diagnostic codes, each defined in its catalog file (core/diagnostics/catalog/).
export { testSelectionInvalid } from "../../core/diagnostics/catalog/test-selection-invalid.js";
export { testUnknownName } from "../../core/diagnostics/catalog/test-unknown-name.js";
export { testDuplicateName } from "../../core/diagnostics/catalog/test-duplicate-name.js";
export { testPatternInvalid } from "../../core/diagnostics/catalog/test-pattern-invalid.js";
export { testAssertionUnused } from "../../core/diagnostics/catalog/test-assertion-unused.js";
