// The constructors of `forge import`'s diagnostic codes, each defined in its catalog file (core/diagnostics/catalog/).
export { importUnreadable } from "../../core/diagnostics/catalog/import-unreadable.js";
export { importInvalidEntry } from "../../core/diagnostics/catalog/import-invalid-entry.js";
export { importInvalidValue } from "../../core/diagnostics/catalog/import-invalid-value.js";
export { importUnsupportedField } from "../../core/diagnostics/catalog/import-unsupported-field.js";
export { importUnknownField } from "../../core/diagnostics/catalog/import-unknown-field.js";
export { importKeyRenamed } from "../../core/diagnostics/catalog/import-key-renamed.js";
export { importKeyCollision } from "../../core/diagnostics/catalog/import-key-collision.js";
export { importShadowsBuiltin } from "../../core/diagnostics/catalog/import-shadows-builtin.js";
export { importStrategyDefaulted } from "../../core/diagnostics/catalog/import-strategy-defaulted.js";
export { importTextJoined } from "../../core/diagnostics/catalog/import-text-joined.js";
export { importToolsNarrowOnly } from "../../core/diagnostics/catalog/import-tools-narrow-only.js";
export { importNoPrompt } from "../../core/diagnostics/catalog/import-no-prompt.js";
export { importValueTooLong } from "../../core/diagnostics/catalog/import-value-too-long.js";
export { importFileExists } from "../../core/diagnostics/catalog/import-file-exists.js";
export { importHeaderLenient } from "../../core/diagnostics/catalog/import-header-lenient.js";
export { importRuleSkipped } from "../../core/diagnostics/catalog/import-rule-skipped.js";
export { importGlobTopLevel } from "../../core/diagnostics/catalog/import-glob-top-level.js";
