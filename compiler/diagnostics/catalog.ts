// Every diagnostic code, in the order the codes reference lists them (the phases, import, export, forge test, runtime replay and composition): the one source
// of codes, severities, summaries and examples. Codegen reads it for schema/diagnostic.schema.json and generated/constants.ts.
import type { CodeExample } from "../../core/diagnostics/code-example.js";
import type { Severity } from "../../core/diagnostic.js";
import * as tooManyFiles from "../../core/diagnostics/catalog/too-many-files.js";
import * as fileTooLarge from "../../core/diagnostics/catalog/file-too-large.js";
import * as invalidUtf8 from "../../core/diagnostics/catalog/invalid-utf8.js";
import * as utf8Bom from "../../core/diagnostics/catalog/utf8-bom.js";
import * as mixedLineEndings from "../../core/diagnostics/catalog/mixed-line-endings.js";
import * as yamlSyntaxError from "../../core/diagnostics/catalog/yaml-syntax-error.js";
import * as yamlTooDeep from "../../core/diagnostics/catalog/yaml-too-deep.js";
import * as yamlWarning from "../../core/diagnostics/catalog/yaml-warning.js";
import * as invalidJson from "../../core/diagnostics/catalog/invalid-json.js";
import * as duplicateKey from "../../core/diagnostics/catalog/duplicate-key.js";
import * as invalidKey from "../../core/diagnostics/catalog/invalid-key.js";
import * as reservedKey from "../../core/diagnostics/catalog/reserved-key.js";
import * as duplicateDefinition from "../../core/diagnostics/catalog/duplicate-definition.js";
import * as unrecognizedSourceFile from "../../core/diagnostics/catalog/unrecognized-source-file.js";
import * as unknownField from "../../core/diagnostics/catalog/unknown-field.js";
import * as missingField from "../../core/diagnostics/catalog/missing-field.js";
import * as wrongType from "../../core/diagnostics/catalog/wrong-type.js";
import * as invalidValue from "../../core/diagnostics/catalog/invalid-value.js";
import * as tooLong from "../../core/diagnostics/catalog/too-long.js";
import * as tooShort from "../../core/diagnostics/catalog/too-short.js";
import * as promptConflict from "../../core/diagnostics/catalog/prompt-conflict.js";
import * as promptMissing from "../../core/diagnostics/catalog/prompt-missing.js";
import * as duplicateListEntry from "../../core/diagnostics/catalog/duplicate-list-entry.js";
import * as pathEscapesRoot from "../../core/diagnostics/catalog/path-escapes-root.js";
import * as fileNotFound from "../../core/diagnostics/catalog/file-not-found.js";
import * as outputAsSource from "../../core/diagnostics/catalog/output-as-source.js";
import * as unknownMode from "../../core/diagnostics/catalog/unknown-mode.js";
import * as invalidBase from "../../core/diagnostics/catalog/invalid-base.js";
import * as invalidOverlay from "../../core/diagnostics/catalog/invalid-overlay.js";
import * as duplicateOverlay from "../../core/diagnostics/catalog/duplicate-overlay.js";
import * as duplicateUpdateId from "../../core/diagnostics/catalog/duplicate-update-id.js";
import * as contractRequires from "../../core/diagnostics/catalog/contract-requires.js";
import * as contractConflict from "../../core/diagnostics/catalog/contract-conflict.js";
import * as exactBaseWithOverlays from "../../core/diagnostics/catalog/exact-base-with-overlays.js";
import * as shadowedPresetBroken from "../../core/diagnostics/catalog/shadowed-preset-broken.js";
import * as contractOrder from "../../core/diagnostics/catalog/contract-order.js";
import * as unknownContractReference from "../../core/diagnostics/catalog/unknown-contract-reference.js";
import * as unknownTool from "../../core/diagnostics/catalog/unknown-tool.js";
import * as extendsUnknown from "../../core/diagnostics/catalog/extends-unknown.js";
import * as extendsCycle from "../../core/diagnostics/catalog/extends-cycle.js";
import * as extendsRole from "../../core/diagnostics/catalog/extends-role.js";
import * as contextFilesNotProject from "../../core/diagnostics/catalog/context-files-not-project.js";
import * as contextFilesTooMany from "../../core/diagnostics/catalog/context-files-too-many.js";
import * as contextFilesUnreadable from "../../core/diagnostics/catalog/context-files-unreadable.js";
import * as contextFileSkipped from "../../core/diagnostics/catalog/context-file-skipped.js";
import * as contextFileTooLarge from "../../core/diagnostics/catalog/context-file-too-large.js";
import * as contextRuleIdTaken from "../../core/diagnostics/catalog/context-rule-id-taken.js";
import * as libraryNotInstalled from "../../core/diagnostics/catalog/library-not-installed.js";
import * as libraryNotForge from "../../core/diagnostics/catalog/library-not-forge.js";
import * as libraryUnsupportedFormat from "../../core/diagnostics/catalog/library-unsupported-format.js";
import * as libraryInvalid from "../../core/diagnostics/catalog/library-invalid.js";
import * as libraryPatternRefused from "../../core/diagnostics/catalog/library-pattern-refused.js";
import * as libraryPresetBroken from "../../core/diagnostics/catalog/library-preset-broken.js";
import * as librarySignerRequired from "../../core/diagnostics/catalog/library-signer-required.js";
import * as signedByUnknownLibrary from "../../core/diagnostics/catalog/signed-by-unknown-library.js";
import * as policyNotLibrary from "../../core/diagnostics/catalog/policy-not-library.js";
import * as policyOverlayInvalid from "../../core/diagnostics/catalog/policy-overlay-invalid.js";
import * as policyInvalid from "../../core/diagnostics/catalog/policy-invalid.js";
import * as policyStrategyForbidden from "../../core/diagnostics/catalog/policy-strategy-forbidden.js";
import * as policyToolDenied from "../../core/diagnostics/catalog/policy-tool-denied.js";
import * as policyBudgetExceeded from "../../core/diagnostics/catalog/policy-budget-exceeded.js";
import * as policyModelCallable from "../../core/diagnostics/catalog/policy-model-callable.js";
import * as policyOverlayKeyTaken from "../../core/diagnostics/catalog/policy-overlay-key-taken.js";
import * as templateSyntaxError from "../../core/diagnostics/catalog/template-syntax-error.js";
import * as unknownVariable from "../../core/diagnostics/catalog/unknown-variable.js";
import * as tripleStash from "../../core/diagnostics/catalog/triple-stash.js";
import * as unsupportedHelper from "../../core/diagnostics/catalog/unsupported-helper.js";
import * as unsupportedBlock from "../../core/diagnostics/catalog/unsupported-block.js";
import * as unsupportedPartialBlock from "../../core/diagnostics/catalog/unsupported-partial-block.js";
import * as dynamicPartial from "../../core/diagnostics/catalog/dynamic-partial.js";
import * as unsupportedDecorator from "../../core/diagnostics/catalog/unsupported-decorator.js";
import * as missingPartial from "../../core/diagnostics/catalog/missing-partial.js";
import * as partialCycle from "../../core/diagnostics/catalog/partial-cycle.js";
import * as partialTooDeep from "../../core/diagnostics/catalog/partial-too-deep.js";
import * as promptTooLarge from "../../core/diagnostics/catalog/prompt-too-large.js";
import * as volatileTime from "../../core/diagnostics/catalog/volatile-time.js";
import * as dateVariable from "../../core/diagnostics/catalog/date-variable.js";
import * as emptyPrompt from "../../core/diagnostics/catalog/empty-prompt.js";
import * as budgetExceeded from "../../core/diagnostics/catalog/budget-exceeded.js";
import * as budgetNear from "../../core/diagnostics/catalog/budget-near.js";
import * as invalidGlob from "../../core/diagnostics/catalog/invalid-glob.js";
import * as globNeverMatches from "../../core/diagnostics/catalog/glob-never-matches.js";
import * as globNotLinear from "../../core/diagnostics/catalog/glob-not-linear.js";
import * as patternBudgetExceeded from "../../core/diagnostics/catalog/pattern-budget-exceeded.js";
import * as invalidPathRegex from "../../core/diagnostics/catalog/invalid-path-regex.js";
import * as pathRegexBacktracking from "../../core/diagnostics/catalog/path-regex-backtracking.js";
import * as importUnreadable from "../../core/diagnostics/catalog/import-unreadable.js";
import * as importInvalidEntry from "../../core/diagnostics/catalog/import-invalid-entry.js";
import * as importInvalidValue from "../../core/diagnostics/catalog/import-invalid-value.js";
import * as importUnsupportedField from "../../core/diagnostics/catalog/import-unsupported-field.js";
import * as importUnknownField from "../../core/diagnostics/catalog/import-unknown-field.js";
import * as importKeyRenamed from "../../core/diagnostics/catalog/import-key-renamed.js";
import * as importKeyCollision from "../../core/diagnostics/catalog/import-key-collision.js";
import * as importShadowsBuiltin from "../../core/diagnostics/catalog/import-shadows-builtin.js";
import * as importStrategyDefaulted from "../../core/diagnostics/catalog/import-strategy-defaulted.js";
import * as importTextJoined from "../../core/diagnostics/catalog/import-text-joined.js";
import * as importToolsNarrowOnly from "../../core/diagnostics/catalog/import-tools-narrow-only.js";
import * as importNoPrompt from "../../core/diagnostics/catalog/import-no-prompt.js";
import * as importValueTooLong from "../../core/diagnostics/catalog/import-value-too-long.js";
import * as importFileExists from "../../core/diagnostics/catalog/import-file-exists.js";
import * as importHeaderLenient from "../../core/diagnostics/catalog/import-header-lenient.js";
import * as importRuleSkipped from "../../core/diagnostics/catalog/import-rule-skipped.js";
import * as importGlobTopLevel from "../../core/diagnostics/catalog/import-glob-top-level.js";
import * as exportNotExpressible from "../../core/diagnostics/catalog/export-not-expressible.js";
import * as exportFileForeign from "../../core/diagnostics/catalog/export-file-foreign.js";
import * as testSelectionInvalid from "../../core/diagnostics/catalog/test-selection-invalid.js";
import * as testUnknownName from "../../core/diagnostics/catalog/test-unknown-name.js";
import * as testDuplicateName from "../../core/diagnostics/catalog/test-duplicate-name.js";
import * as testPatternInvalid from "../../core/diagnostics/catalog/test-pattern-invalid.js";
import * as testAssertionUnused from "../../core/diagnostics/catalog/test-assertion-unused.js";
import * as exportDuplicateText from "../../core/diagnostics/catalog/export-duplicate-text.js";
import * as modeStateMalformed from "../../core/diagnostics/catalog/mode-state-malformed.js";
import * as legacyStateMalformed from "../../core/diagnostics/catalog/legacy-state-malformed.js";
import * as legacyStateMigrated from "../../core/diagnostics/catalog/legacy-state-migrated.js";
import * as legacyStateFrozen from "../../core/diagnostics/catalog/legacy-state-frozen.js";
import * as updateEventMalformed from "../../core/diagnostics/catalog/update-event-malformed.js";
import * as updateDigestMismatch from "../../core/diagnostics/catalog/update-digest-mismatch.js";
import * as updateIdConflict from "../../core/diagnostics/catalog/update-id-conflict.js";
import * as updateRevokeUnknown from "../../core/diagnostics/catalog/update-revoke-unknown.js";
import * as updateRevokeInactive from "../../core/diagnostics/catalog/update-revoke-inactive.js";
import * as updateRevokeDenied from "../../core/diagnostics/catalog/update-revoke-denied.js";
import * as updateApplyDenied from "../../core/diagnostics/catalog/update-apply-denied.js";
import * as driftBlocked from "../../core/diagnostics/catalog/drift-blocked.js";
import * as driftWarned from "../../core/diagnostics/catalog/drift-warned.js";
import * as driftLeftOut from "../../core/diagnostics/catalog/drift-left-out.js";
import * as driftPromptHeld from "../../core/diagnostics/catalog/drift-prompt-held.js";
import * as exactBaseDrift from "../../core/diagnostics/catalog/exact-base-drift.js";
import * as exactBaseUnconfirmed from "../../core/diagnostics/catalog/exact-base-unconfirmed.js";
import * as replayContractsBroken from "../../core/diagnostics/catalog/replay-contracts-broken.js";
import * as nothingToCompose from "../../core/diagnostics/catalog/nothing-to-compose.js";
import * as bundleRefused from "../../core/diagnostics/catalog/bundle-refused.js";
import * as layerRefused from "../../core/diagnostics/catalog/layer-refused.js";
import * as bundlePatternMismatch from "../../core/diagnostics/catalog/bundle-pattern-mismatch.js";
import * as policyRefused from "../../core/diagnostics/catalog/policy-refused.js";
import * as policySignerRequired from "../../core/diagnostics/catalog/policy-signer-required.js";

/** What a catalog file exports besides its constructor. */
export interface CatalogEntry {
  code: string;
  severity: Severity;
  summary: string;
  example: CodeExample;
}

export const DIAGNOSTIC_CATALOG: readonly CatalogEntry[] = [
  tooManyFiles,
  fileTooLarge,
  invalidUtf8,
  utf8Bom,
  mixedLineEndings,
  yamlSyntaxError,
  yamlTooDeep,
  yamlWarning,
  invalidJson,
  duplicateKey,
  invalidKey,
  reservedKey,
  duplicateDefinition,
  unrecognizedSourceFile,
  unknownField,
  missingField,
  wrongType,
  invalidValue,
  tooLong,
  tooShort,
  promptConflict,
  promptMissing,
  duplicateListEntry,
  pathEscapesRoot,
  fileNotFound,
  outputAsSource,
  unknownMode,
  invalidBase,
  invalidOverlay,
  duplicateOverlay,
  duplicateUpdateId,
  contractRequires,
  contractConflict,
  exactBaseWithOverlays,
  shadowedPresetBroken,
  contractOrder,
  unknownContractReference,
  unknownTool,
  extendsUnknown,
  extendsCycle,
  extendsRole,
  contextFilesNotProject,
  contextFilesTooMany,
  contextFilesUnreadable,
  contextFileSkipped,
  contextFileTooLarge,
  contextRuleIdTaken,
  libraryNotInstalled,
  libraryNotForge,
  libraryUnsupportedFormat,
  libraryInvalid,
  libraryPatternRefused,
  libraryPresetBroken,
  librarySignerRequired,
  signedByUnknownLibrary,
  policyNotLibrary,
  policyOverlayInvalid,
  policyInvalid,
  policyStrategyForbidden,
  policyToolDenied,
  policyBudgetExceeded,
  policyModelCallable,
  policyOverlayKeyTaken,
  templateSyntaxError,
  unknownVariable,
  tripleStash,
  unsupportedHelper,
  unsupportedBlock,
  unsupportedPartialBlock,
  dynamicPartial,
  unsupportedDecorator,
  missingPartial,
  partialCycle,
  partialTooDeep,
  promptTooLarge,
  volatileTime,
  dateVariable,
  emptyPrompt,
  budgetExceeded,
  budgetNear,
  invalidGlob,
  globNeverMatches,
  globNotLinear,
  patternBudgetExceeded,
  invalidPathRegex,
  pathRegexBacktracking,
  importUnreadable,
  importInvalidEntry,
  importInvalidValue,
  importUnsupportedField,
  importUnknownField,
  importKeyRenamed,
  importKeyCollision,
  importShadowsBuiltin,
  importStrategyDefaulted,
  importTextJoined,
  importToolsNarrowOnly,
  importNoPrompt,
  importValueTooLong,
  importFileExists,
  importHeaderLenient,
  importRuleSkipped,
  importGlobTopLevel,
  exportNotExpressible,
  exportFileForeign,
  testSelectionInvalid,
  testUnknownName,
  testDuplicateName,
  testPatternInvalid,
  testAssertionUnused,
  exportDuplicateText,
  modeStateMalformed,
  legacyStateMalformed,
  legacyStateMigrated,
  legacyStateFrozen,
  updateEventMalformed,
  updateDigestMismatch,
  updateIdConflict,
  updateRevokeUnknown,
  updateRevokeInactive,
  updateRevokeDenied,
  updateApplyDenied,
  driftBlocked,
  driftWarned,
  driftLeftOut,
  driftPromptHeld,
  exactBaseDrift,
  exactBaseUnconfirmed,
  replayContractsBroken,
  nothingToCompose,
  bundleRefused,
  layerRefused,
  bundlePatternMismatch,
  policyRefused,
  policySignerRequired,
];
