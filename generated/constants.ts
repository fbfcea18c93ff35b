// generated, do not edit: written by scripts/codegen.mjs from schema/*.schema.json

/** A key: mode, preset, partial, block or update id (schema/common.schema.json#/$defs/key). */
export const KEY_PATTERN = /^[a-z][a-z0-9-]*$/;
export const DIGEST_PATTERN = /^[0-9a-f]{64}$/;
export const TOOL_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;
export const SCOPES = ["builtin", "global", "project"] as const;
export const SLOT_NAMES = ["cwd", "date", "time", "model", "os", "mode", "preset"] as const;
export const STRATEGIES = ["append", "replace_base", "replace_final"] as const;
export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh"] as const;
export const DRIFT_POLICIES = ["block", "warn", "allow"] as const;

/** Documented bounds (schema/common.schema.json: $defs.limits plus key, keyList and promptText). */
export const LIMITS = {
  maxFiles: 5000,
  maxFileBytes: 262144,
  maxPartialDepth: 16,
  maxBundleBytes: 16777216,
  maxTrustStoreBytes: 4194304,
  maxYamlDepth: 64,
  maxImportInputBytes: 16777216,
  maxContextFiles: 256,
  maxContextSearchEntries: 100000,
  maxPatternCost: 4096,
  maxPromptChars: 65536,
  maxKeyLength: 64,
  maxListItems: 64
} as const;

/** Every stable diagnostic code with its severity (compiler/diagnostics/catalog.ts, via schema/diagnostic.schema.json). */
export const DIAGNOSTIC_CODES = ["too_many_files", "file_too_large", "invalid_utf8", "utf8_bom", "mixed_line_endings", "yaml_syntax_error", "yaml_too_deep", "yaml_warning", "invalid_json", "duplicate_key", "invalid_key", "reserved_key", "duplicate_definition", "unrecognized_source_file", "unknown_field", "missing_field", "wrong_type", "invalid_value", "too_long", "too_short", "prompt_conflict", "prompt_missing", "duplicate_list_entry", "path_escapes_root", "file_not_found", "output_as_source", "unknown_mode", "invalid_base", "invalid_overlay", "duplicate_overlay", "duplicate_update_id", "contract_requires", "contract_conflict", "exact_base_with_overlays", "shadowed_preset_broken", "contract_order", "unknown_contract_reference", "extends_unknown", "extends_cycle", "extends_role", "context_files_not_project", "context_files_too_many", "context_files_unreadable", "context_file_skipped", "context_file_too_large", "context_rule_id_taken", "library_not_installed", "library_not_forge", "library_unsupported_format", "library_invalid", "library_pattern_refused", "library_preset_broken", "library_signer_required", "signed_by_unknown_library", "template_syntax_error", "unknown_variable", "triple_stash", "unsupported_helper", "unsupported_block", "unsupported_partial_block", "dynamic_partial", "unsupported_decorator", "missing_partial", "partial_cycle", "partial_too_deep", "prompt_too_large", "volatile_time", "date_variable", "empty_prompt", "budget_exceeded", "budget_near", "invalid_glob", "glob_never_matches", "glob_not_linear", "pattern_budget_exceeded", "invalid_path_regex", "path_regex_backtracking", "import_unreadable", "import_invalid_entry", "import_invalid_value", "import_unsupported_field", "import_unknown_field", "import_key_renamed", "import_key_collision", "import_shadows_builtin", "import_strategy_defaulted", "import_text_joined", "import_tools_narrow_only", "import_no_prompt", "import_value_too_long", "import_file_exists", "import_header_lenient", "import_rule_skipped", "import_glob_top_level", "export_not_expressible", "export_file_foreign", "test_selection_invalid", "test_unknown_name", "test_duplicate_name", "test_pattern_invalid", "test_assertion_unused", "export_duplicate_text", "mode_state_malformed", "legacy_state_malformed", "legacy_state_migrated", "legacy_state_frozen", "update_event_malformed", "update_digest_mismatch", "update_id_conflict", "update_revoke_unknown", "update_revoke_inactive", "update_revoke_denied", "update_apply_denied", "drift_blocked", "drift_warned", "drift_left_out", "drift_prompt_held", "exact_base_drift", "exact_base_unconfirmed", "replay_contracts_broken", "nothing_to_compose", "bundle_refused", "layer_refused", "bundle_pattern_mismatch"] as const;
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];
export const DIAGNOSTIC_SEVERITY: { readonly [C in DiagnosticCode]: "error" | "warning" | "info" } = {
  too_many_files: "error",
  file_too_large: "error",
  invalid_utf8: "error",
  utf8_bom: "warning",
  mixed_line_endings: "error",
  yaml_syntax_error: "error",
  yaml_too_deep: "error",
  yaml_warning: "warning",
  invalid_json: "error",
  duplicate_key: "error",
  invalid_key: "error",
  reserved_key: "error",
  duplicate_definition: "error",
  unrecognized_source_file: "warning",
  unknown_field: "error",
  missing_field: "error",
  wrong_type: "error",
  invalid_value: "error",
  too_long: "error",
  too_short: "error",
  prompt_conflict: "error",
  prompt_missing: "error",
  duplicate_list_entry: "warning",
  path_escapes_root: "error",
  file_not_found: "error",
  output_as_source: "error",
  unknown_mode: "error",
  invalid_base: "error",
  invalid_overlay: "error",
  duplicate_overlay: "error",
  duplicate_update_id: "error",
  contract_requires: "error",
  contract_conflict: "error",
  exact_base_with_overlays: "error",
  shadowed_preset_broken: "error",
  contract_order: "error",
  unknown_contract_reference: "warning",
  extends_unknown: "error",
  extends_cycle: "error",
  extends_role: "error",
  context_files_not_project: "warning",
  context_files_too_many: "error",
  context_files_unreadable: "error",
  context_file_skipped: "warning",
  context_file_too_large: "warning",
  context_rule_id_taken: "error",
  library_not_installed: "error",
  library_not_forge: "error",
  library_unsupported_format: "error",
  library_invalid: "error",
  library_pattern_refused: "error",
  library_preset_broken: "error",
  library_signer_required: "error",
  signed_by_unknown_library: "warning",
  template_syntax_error: "error",
  unknown_variable: "error",
  triple_stash: "error",
  unsupported_helper: "error",
  unsupported_block: "error",
  unsupported_partial_block: "error",
  dynamic_partial: "error",
  unsupported_decorator: "error",
  missing_partial: "error",
  partial_cycle: "error",
  partial_too_deep: "error",
  prompt_too_large: "error",
  volatile_time: "warning",
  date_variable: "info",
  empty_prompt: "warning",
  budget_exceeded: "error",
  budget_near: "warning",
  invalid_glob: "error",
  glob_never_matches: "error",
  glob_not_linear: "error",
  pattern_budget_exceeded: "error",
  invalid_path_regex: "error",
  path_regex_backtracking: "error",
  import_unreadable: "error",
  import_invalid_entry: "warning",
  import_invalid_value: "warning",
  import_unsupported_field: "warning",
  import_unknown_field: "warning",
  import_key_renamed: "info",
  import_key_collision: "error",
  import_shadows_builtin: "info",
  import_strategy_defaulted: "info",
  import_text_joined: "info",
  import_tools_narrow_only: "info",
  import_no_prompt: "warning",
  import_value_too_long: "warning",
  import_file_exists: "error",
  import_header_lenient: "info",
  import_rule_skipped: "warning",
  import_glob_top_level: "info",
  export_not_expressible: "warning",
  export_file_foreign: "error",
  test_selection_invalid: "error",
  test_unknown_name: "error",
  test_duplicate_name: "error",
  test_pattern_invalid: "error",
  test_assertion_unused: "warning",
  export_duplicate_text: "warning",
  mode_state_malformed: "warning",
  legacy_state_malformed: "warning",
  legacy_state_migrated: "info",
  legacy_state_frozen: "warning",
  update_event_malformed: "warning",
  update_digest_mismatch: "warning",
  update_id_conflict: "error",
  update_revoke_unknown: "warning",
  update_revoke_inactive: "info",
  update_revoke_denied: "warning",
  update_apply_denied: "warning",
  drift_blocked: "warning",
  drift_warned: "warning",
  drift_left_out: "warning",
  drift_prompt_held: "info",
  exact_base_drift: "warning",
  exact_base_unconfirmed: "warning",
  replay_contracts_broken: "warning",
  nothing_to_compose: "warning",
  bundle_refused: "error",
  layer_refused: "error",
  bundle_pattern_mismatch: "error",
};

/** The forge_system_update tool's parameter schema as Pi hands it to the model (refs inlined, no $id). */
export const TOOL_PARAMETERS = {
  "description": "The parameters of the forge_system_update agent tool. Strict: both fields required, nothing else accepted.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "action",
    "id"
  ],
  "properties": {
    "action": {
      "enum": [
        "activate",
        "deactivate"
      ],
      "description": "activate a declared block, or deactivate one you activated"
    },
    "id": {
      "type": "string",
      "pattern": "^[a-z][a-z0-9-]*$",
      "maxLength": 64,
      "description": "the block id from the system update inventory"
    }
  }
} as const;
