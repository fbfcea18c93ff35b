// generated, do not edit: written by scripts/codegen.mjs from schema/*.schema.json
/* eslint-disable */
let E = null;
const f = (instancePath, keyword, params) => ((E = { instancePath, schemaPath: "", keyword, params }), false);
const k = (key) => "/" + String(key).replace(/~/g, "~0").replace(/\//g, "~1");
const eq = (a, b) => {
  if (a === b) return true;
  if (!a || !b || typeof a != "object" || typeof b != "object" || Array.isArray(a) !== Array.isArray(b)) return a !== a && b !== b;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const x of ka) if (!Object.prototype.hasOwnProperty.call(b, x) || !eq(a[x], b[x])) return false;
  return true;
};
const w = (v) => {
  const validate = (data) => {
    E = null;
    const ok = v(data, "");
    validate.errors = ok ? null : [E];
    return ok;
  };
  validate.errors = null;
  return validate;
};
const r0 = new RegExp("^[0-9a-f]{64}$", "u");
const r1 = new RegExp("^[a-z][a-z0-9]*(_[a-z0-9]+)*$", "u");
function v1(d, p) {
  if (!eq(d, 1)) return f(p, "const", { allowedValue: 1 });
  return true;
}
function v2(d, p) {
  if (typeof d == "string") {
    if (!r0.test(d)) return f(p, "pattern", { pattern: "^[0-9a-f]{64}$" });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v7(d, p) {
  if (!((typeof d == "number" && !(d % 1) && !isNaN(d) && isFinite(d)))) return f(p, "type", { type: "integer" });
  if (typeof d == "number") {
    if (d < 0) return f(p, "minimum", { comparison: ">=", limit: 0 });
  }
  return true;
}
function v6(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c2) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(key === "modes" || key === "presets")) return f(p, "additionalProperties", { additionalProperty: key });
    if (d["modes"] !== undefined && !v7(d["modes"], p + "/modes")) return false;
    if (d["presets"] !== undefined && !v7(d["presets"], p + "/presets")) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v11(d, p) {
  { const s = E; let first = null; let valid = false; let passing = null; const o = d && typeof d == "object" && !Array.isArray(d);
    for (let i = 0; i < c3.length; i++) { const b = c3[i]; let r = o;
      if (!o) first ??= { instancePath: p, schemaPath: "", keyword: "type", params: { type: "object" } };
      else for (let j = 0; j < ["code","severity"].length; j++) { const n = ["code","severity"][j]; if (d[n] !== undefined && !eq(d[n], b[j])) { r = false; first ??= { instancePath: p + k(n), schemaPath: "", keyword: "const", params: { allowedValue: b[j] } }; break; } }
      if (r && valid) { valid = false; passing = [passing, i]; break; } else if (r) { valid = true; passing = i; } }
    if (!valid) { E = first ?? { instancePath: p, schemaPath: "", keyword: "oneOf", params: { passingSchemas: passing } }; return false; }
    E = s; }
  return true;
}
function v13(d, p) {
  if (typeof d == "string") {
    if (!r1.test(d)) return f(p, "pattern", { pattern: "^[a-z][a-z0-9]*(_[a-z0-9]+)*$" });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v14(d, p) {
  if (!(d === "error" || d === "warning" || d === "info")) return f(p, "enum", { allowedValues: ["error","warning","info"] });
  return true;
}
function v16(d, p) {
  if (!(typeof d == "string")) return f(p, "type", { type: "string" });
  return true;
}
function v17(d, p) {
  if (!(typeof d == "string" || d === null)) return f(p, "type", { type: ["string","null"] });
  return true;
}
function v19(d, p) {
  if (!(d === null)) return f(p, "type", { type: "null" });
  return true;
}
function v21(d, p) {
  if (!((typeof d == "number" && !(d % 1) && !isNaN(d) && isFinite(d)))) return f(p, "type", { type: "integer" });
  if (typeof d == "number") {
    if (d < 1) return f(p, "minimum", { comparison: ">=", limit: 1 });
  }
  return true;
}
function v20(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c6) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(key === "line" || key === "column")) return f(p, "additionalProperties", { additionalProperty: key });
    if (d["line"] !== undefined && !v21(d["line"], p + "/line")) return false;
    if (d["column"] !== undefined && !v21(d["column"], p + "/column")) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v18(d, p) {
  { const s = E; let first = null; let valid = false; let passing = null; let r; one: {
    E = null; r = v19(d, p); if (!r) first ??= E;
    if (r) { valid = true; passing = 0; }
    E = null; r = v20(d, p); if (!r) first ??= E;
    if (r && valid) { valid = false; passing = [passing, 1]; break one; } else if (r) { valid = true; passing = 1; }
    }
    if (!valid) { E = first ?? { instancePath: p, schemaPath: "", keyword: "oneOf", params: { passingSchemas: passing } }; return false; }
    E = s; }
  return true;
}
function v10(d, p) {
  if (!v11(d, p)) return false;
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c4) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c5.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c7) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v9(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 100000) return f(p, "maxItems", { limit: 100000 });
    for (let i = 0; i < d.length; i++) if (!v10(d[i], p + k(i))) return false;
  } else return f(p, "type", { type: "array" });
  return true;
}
function v0(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c0) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c1.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c8) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
const c0 = ["v","inputHash","outputHash","bundleHash","counts","diagnostics"];
const c1 = new Set(["v","inputHash","outputHash","bundleHash","counts","diagnostics"]);
const c2 = ["modes","presets"];
const c3 = [["too_many_files","error"],["file_too_large","error"],["invalid_utf8","error"],["utf8_bom","warning"],["mixed_line_endings","error"],["yaml_syntax_error","error"],["yaml_too_deep","error"],["yaml_warning","warning"],["invalid_json","error"],["duplicate_key","error"],["invalid_key","error"],["reserved_key","error"],["duplicate_definition","error"],["unrecognized_source_file","warning"],["unknown_field","error"],["missing_field","error"],["wrong_type","error"],["invalid_value","error"],["too_long","error"],["too_short","error"],["prompt_conflict","error"],["prompt_missing","error"],["duplicate_list_entry","warning"],["path_escapes_root","error"],["file_not_found","error"],["output_as_source","error"],["unknown_mode","error"],["invalid_base","error"],["invalid_overlay","error"],["duplicate_overlay","error"],["duplicate_update_id","error"],["contract_requires","error"],["contract_conflict","error"],["exact_base_with_overlays","error"],["shadowed_preset_broken","error"],["contract_order","error"],["unknown_contract_reference","warning"],["extends_unknown","error"],["extends_cycle","error"],["extends_role","error"],["context_files_not_project","warning"],["context_files_too_many","error"],["context_files_unreadable","error"],["context_file_skipped","warning"],["context_file_too_large","warning"],["context_rule_id_taken","error"],["library_not_installed","error"],["library_not_forge","error"],["library_unsupported_format","error"],["library_invalid","error"],["library_pattern_refused","error"],["library_preset_broken","error"],["library_signer_required","error"],["signed_by_unknown_library","warning"],["template_syntax_error","error"],["unknown_variable","error"],["triple_stash","error"],["unsupported_helper","error"],["unsupported_block","error"],["unsupported_partial_block","error"],["dynamic_partial","error"],["unsupported_decorator","error"],["missing_partial","error"],["partial_cycle","error"],["partial_too_deep","error"],["prompt_too_large","error"],["volatile_time","warning"],["date_variable","info"],["empty_prompt","warning"],["budget_exceeded","error"],["budget_near","warning"],["invalid_glob","error"],["glob_never_matches","error"],["glob_not_linear","error"],["invalid_path_regex","error"],["path_regex_backtracking","error"],["import_unreadable","error"],["import_invalid_entry","warning"],["import_invalid_value","warning"],["import_unsupported_field","warning"],["import_unknown_field","warning"],["import_key_renamed","info"],["import_key_collision","error"],["import_shadows_builtin","info"],["import_strategy_defaulted","info"],["import_text_joined","info"],["import_tools_narrow_only","info"],["import_no_prompt","warning"],["import_value_too_long","warning"],["import_file_exists","error"],["import_header_lenient","info"],["import_rule_skipped","warning"],["import_glob_top_level","info"],["export_not_expressible","warning"],["export_file_foreign","error"],["mode_state_malformed","warning"],["legacy_state_malformed","warning"],["legacy_state_migrated","info"],["legacy_state_frozen","warning"],["update_event_malformed","warning"],["update_digest_mismatch","warning"],["update_id_conflict","error"],["update_revoke_unknown","warning"],["update_revoke_inactive","info"],["update_revoke_denied","warning"],["update_apply_denied","warning"],["drift_blocked","warning"],["drift_warned","warning"],["drift_left_out","warning"],["drift_prompt_held","info"],["exact_base_drift","warning"],["exact_base_unconfirmed","warning"],["replay_contracts_broken","warning"],["nothing_to_compose","warning"],["bundle_refused","error"],["layer_refused","error"]];
const c4 = ["code","severity","message","file","start","end","path"];
const c5 = new Set(["code","severity","message","file","start","end","path"]);
const c6 = ["line","column"];
const c7 = [["code", v13, "/code"], ["severity", v14, "/severity"], ["message", v16, "/message"], ["file", v17, "/file"], ["start", v18, "/start"], ["end", v18, "/end"], ["path", v16, "/path"]];
const c8 = [["v", v1, "/v"], ["inputHash", v2, "/inputHash"], ["outputHash", v2, "/outputHash"], ["bundleHash", v2, "/bundleHash"], ["counts", v6, "/counts"], ["diagnostics", v9, "/diagnostics"]];
export const validateBuildCacheEntry = w((d, p) => v0(d, p));
