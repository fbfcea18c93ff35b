// The constructors of `forge export`'s diagnostic codes, each defined in its catalog file (core/diagnostics/catalog/).
export { exportNotExpressible } from "../../core/diagnostics/catalog/export-not-expressible.js";
export { exportFileForeign } from "../../core/diagnostics/catalog/export-file-foreign.js";
export { exportDuplicateText } from "../../core/diagnostics/catalog/export-duplicate-text.js";
