// generated, do not edit: written by scripts/codegen.mjs from schema/*.schema.json
/* eslint-disable */
let E = null;
const f = (instancePath, keyword, params) => ((E = { instancePath, schemaPath: "", keyword, params }), false);
// The errors and the test most checks repeat, named once (each validator's code is most of the extension's share).
const ft = (instancePath, type) => f(instancePath, "type", { type });
const fr = (instancePath, missingProperty) => f(instancePath, "required", { missingProperty });
const fa = (instancePath, additionalProperty) => f(instancePath, "additionalProperties", { additionalProperty });
const isObject = (d) => d && typeof d == "object" && !Array.isArray(d);
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
const r0 = /* @__PURE__ */ new RegExp("^[0-9a-f]{64}$", "u");
const r1 = /* @__PURE__ */ new RegExp("^[a-z][a-z0-9]*(_[a-z0-9]+)*$", "u");
const r2 = /* @__PURE__ */ new RegExp("^[a-z][a-z0-9-]*$", "u");
const r3 = /* @__PURE__ */ new RegExp("^[A-Za-z_*?][A-Za-z0-9_*?-]*$", "u");
const r4 = /* @__PURE__ */ new RegExp("^[A-Za-z0-9_-]+$", "u");
const r5 = /* @__PURE__ */ new RegExp("^[A-Za-z_][A-Za-z0-9_]*$", "u");
const r6 = /* @__PURE__ */ new RegExp("^(@[a-z0-9-~][a-z0-9-._~]*/)?[a-z0-9-~][a-z0-9-._~]*$", "u");
const r7 = /* @__PURE__ */ new RegExp("^[A-Za-z_][A-Za-z0-9_-]*$", "u");
const r8 = /* @__PURE__ */ new RegExp("^[A-Za-z0-9+/]{43}=$", "u");
const r9 = /* @__PURE__ */ new RegExp("^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*$", "u");
const r10 = /* @__PURE__ */ new RegExp("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3})?Z$", "u");
const r11 = /* @__PURE__ */ new RegExp("^[A-Za-z0-9+/]{86}==$", "u");
function v1(d, p) {
  if (!eq(d, 1)) return f(p, "const", { allowedValue: 1 });
  return true;
}
function v2(d, p) {
  if (typeof d == "string") {
    if (!r0.test(d)) return f(p, "pattern", { pattern: "^[0-9a-f]{64}$" });
  } else return ft(p, "string");
  return true;
}
function v7(d, p) {
  if (!((typeof d == "number" && !(d % 1) && !isNaN(d) && isFinite(d)))) return ft(p, "integer");
  if (typeof d == "number") {
    if (d < 0) return f(p, "minimum", { comparison: ">=", limit: 0 });
  }
  return true;
}
function v6(d, p) {
  if (isObject(d)) {
    for (const n of c2) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "modes" || key === "presets")) return fa(p, key);
    if (d["modes"] !== undefined && !v7(d["modes"], p + "/modes")) return false;
    if (d["presets"] !== undefined && !v7(d["presets"], p + "/presets")) return false;
  } else return ft(p, "object");
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
  } else return ft(p, "string");
  return true;
}
function v14(d, p) {
  if (!(d === "error" || d === "warning" || d === "info")) return f(p, "enum", { allowedValues: ["error","warning","info"] });
  return true;
}
function v16(d, p) {
  if (!(typeof d == "string")) return ft(p, "string");
  return true;
}
function v17(d, p) {
  if (!(typeof d == "string" || d === null)) return ft(p, ["string","null"]);
  return true;
}
function v19(d, p) {
  if (!(d === null)) return ft(p, "null");
  return true;
}
function v21(d, p) {
  if (!((typeof d == "number" && !(d % 1) && !isNaN(d) && isFinite(d)))) return ft(p, "integer");
  if (typeof d == "number") {
    if (d < 1) return f(p, "minimum", { comparison: ">=", limit: 1 });
  }
  return true;
}
function v20(d, p) {
  if (isObject(d)) {
    for (const n of c6) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "line" || key === "column")) return fa(p, key);
    if (d["line"] !== undefined && !v21(d["line"], p + "/line")) return false;
    if (d["column"] !== undefined && !v21(d["column"], p + "/column")) return false;
  } else return ft(p, "object");
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
  if (isObject(d)) {
    for (const n of c4) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c5.has(key))) return fa(p, key);
    for (const [n, v, s] of c7) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v9(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 100000) return f(p, "maxItems", { limit: 100000 });
    for (let i = 0; i < d.length; i++) if (!v10(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v0(d, p) {
  if (isObject(d)) {
    for (const n of c0) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c1.has(key))) return fa(p, key);
    for (const [n, v, s] of c8) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v28(d, p) {
  if (!eq(d, "by forge build, do not edit")) return f(p, "const", { allowedValue: "by forge build, do not edit" });
  return true;
}
function v30(d, p) {
  if (typeof d == "string") {
    if (d.length > 64) return f(p, "maxLength", { limit: 64 });
  } else return ft(p, "string");
  return true;
}
function v31(d, p) {
  if (!(d === "builtin" || d === "global" || d === "project" || d === "library")) return f(p, "enum", { allowedValues: ["builtin","global","project","library"] });
  return true;
}
function v35(d, p) {
  if (typeof d == "string") {
    if (d.length > 64) return f(p, "maxLength", { limit: 64 });
    if (!r2.test(d)) return f(p, "pattern", { pattern: "^[a-z][a-z0-9-]*$" });
  } else return ft(p, "string");
  return true;
}
function v40(d, p) {
  if (!(d === "append" || d === "replace_base" || d === "replace_final")) return f(p, "enum", { allowedValues: ["append","replace_base","replace_final"] });
  return true;
}
function v45(d, p) {
  if (typeof d == "string") {
    if (d.length < 1) return f(p, "minLength", { limit: 1 });
  } else return ft(p, "string");
  return true;
}
function v44(d, p) {
  if (isObject(d)) {
    if (d["text"] === undefined) return fr(p, "text");
    for (const key in d) if (!(key === "text")) return fa(p, key);
    if (d["text"] !== undefined && !v45(d["text"], p + "/text")) return false;
  } else return ft(p, "object");
  return true;
}
function v47(d, p) {
  if (!(d === "cwd" || d === "date" || d === "time" || d === "model" || d === "os" || d === "mode" || d === "preset")) return f(p, "enum", { allowedValues: ["cwd","date","time","model","os","mode","preset"] });
  return true;
}
function v46(d, p) {
  if (isObject(d)) {
    if (d["slot"] === undefined) return fr(p, "slot");
    for (const key in d) if (!(key === "slot")) return fa(p, key);
    if (d["slot"] !== undefined && !v47(d["slot"], p + "/slot")) return false;
  } else return ft(p, "object");
  return true;
}
function v43(d, p) {
  { const s = E; let first = null; let valid = false; let passing = null; let r; one: {
    E = null; r = v44(d, p); if (!r) first ??= E;
    if (r) { valid = true; passing = 0; }
    E = null; r = v46(d, p); if (!r) first ??= E;
    if (r && valid) { valid = false; passing = [passing, 1]; break one; } else if (r) { valid = true; passing = 1; }
    }
    if (!valid) { E = first ?? { instancePath: p, schemaPath: "", keyword: "oneOf", params: { passingSchemas: passing } }; return false; }
    E = s; }
  return true;
}
function v42(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 10000) return f(p, "maxItems", { limit: 10000 });
    for (let i = 0; i < d.length; i++) if (!v43(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v51(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v35(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v58(d, p) {
  if (!(d === "off" || d === "minimal" || d === "low" || d === "medium" || d === "high" || d === "xhigh")) return f(p, "enum", { allowedValues: ["off","minimal","low","medium","high","xhigh"] });
  return true;
}
function v61(d, p) {
  if (typeof d == "string") {
    if (d.length > 128) return f(p, "maxLength", { limit: 128 });
    if (!r3.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z_*?][A-Za-z0-9_*?-]*$" });
  } else return ft(p, "string");
  return true;
}
function v60(d, p) {
  if (Array.isArray(d)) {
    for (let i = 0; i < d.length; i++) if (!v61(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v64(d, p) {
  if (typeof d == "string") {
    if (d.length > 64) return f(p, "maxLength", { limit: 64 });
    if (!r4.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z0-9_-]+$" });
  } else return ft(p, "string");
  return true;
}
function v63(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v64(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v71(d, p) {
  if (isObject(d)) {
    if (d["url"] === undefined) return fr(p, "url");
  }
  return true;
}
function v70(d, p) {
  { const s = E; const r = v71(d, p); E = s; if (r) return f(p, "not", {}); }
  if (isObject(d)) {
    if (d["command"] === undefined) return fr(p, "command");
  }
  return true;
}
function v73(d, p) {
  if (isObject(d)) {
    if (d["command"] === undefined) return fr(p, "command");
  }
  return true;
}
function v72(d, p) {
  { const s = E; const r = v73(d, p); E = s; if (r) return f(p, "not", {}); }
  if (isObject(d)) {
    if (d["url"] === undefined) return fr(p, "url");
  }
  return true;
}
function v74(d, p) {
  if (!(d === "stdio" || d === "http" || d === "streamable-http")) return f(p, "enum", { allowedValues: ["stdio","http","streamable-http"] });
  return true;
}
function v75(d, p) {
  if (typeof d == "string") {
    if (d.length > 1024) return f(p, "maxLength", { limit: 1024 });
    if (d.length < 1) return f(p, "minLength", { limit: 1 });
  } else return ft(p, "string");
  return true;
}
function v77(d, p) {
  if (typeof d == "string") {
    if (d.length > 4096) return f(p, "maxLength", { limit: 4096 });
  } else return ft(p, "string");
  return true;
}
function v76(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 128) return f(p, "maxItems", { limit: 128 });
    for (let i = 0; i < d.length; i++) if (!v77(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v79(d, p) {
  if (typeof d == "string") {
    if (d.length > 128) return f(p, "maxLength", { limit: 128 });
    if (!r5.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z_][A-Za-z0-9_]*$" });
  }
  return true;
}
function v78(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 64) return f(p, "maxProperties", { limit: 64 });
    for (const key in d) if (!v79(key, p)) return false;
    for (const key in d) if (true) { if (!v77(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v81(d, p) {
  if (typeof d == "string") {
    if (d.length > 1024) return f(p, "maxLength", { limit: 1024 });
  } else return ft(p, "string");
  return true;
}
function v82(d, p) {
  if (typeof d == "string") {
    if (d.length > 2048) return f(p, "maxLength", { limit: 2048 });
    if (d.length < 1) return f(p, "minLength", { limit: 1 });
  } else return ft(p, "string");
  return true;
}
function v83(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 64) return f(p, "maxProperties", { limit: 64 });
    for (const key in d) if (true) { if (!v77(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v85(d, p) {
  if (!(d === "direct" || d === "codemode" || d === "deferred" || d === "hidden" || d === "codemode-deferred")) return f(p, "enum", { allowedValues: ["direct","codemode","deferred","hidden","codemode-deferred"] });
  return true;
}
function v88(d, p) {
  if (typeof d == "string") {
    if (d.length > 128) return f(p, "maxLength", { limit: 128 });
  }
  return true;
}
function v87(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 256) return f(p, "maxProperties", { limit: 256 });
    for (const key in d) if (!v88(key, p)) return false;
    for (const key in d) if (true) { if (!v85(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v90(d, p) {
  if (typeof d == "string") {
    if (d.length > 500) return f(p, "maxLength", { limit: 500 });
  } else return ft(p, "string");
  return true;
}
function v91(d, p) {
  if (!(typeof d == "boolean")) return ft(p, "boolean");
  return true;
}
function v92(d, p) {
  if (typeof d == "number") {
    if (d > 3600) return f(p, "maximum", { comparison: "<=", limit: 3600 });
    if (d < 1) return f(p, "minimum", { comparison: ">=", limit: 1 });
  } else return ft(p, "number");
  return true;
}
function v69(d, p) {
  { const s = E; let first = null; let valid = false; let passing = null; let r; one: {
    E = null; r = v70(d, p); if (!r) first ??= E;
    if (r) { valid = true; passing = 0; }
    E = null; r = v72(d, p); if (!r) first ??= E;
    if (r && valid) { valid = false; passing = [passing, 1]; break one; } else if (r) { valid = true; passing = 1; }
    }
    if (!valid) { E = first ?? { instancePath: p, schemaPath: "", keyword: "oneOf", params: { passingSchemas: passing } }; return false; }
    E = s; }
  if (isObject(d)) {
    for (const key in d) if (!(c13.has(key))) return fa(p, key);
    for (const [n, v, s] of c14) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v67(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 32) return f(p, "maxProperties", { limit: 32 });
    for (const key in d) if (!v64(key, p)) return false;
    for (const key in d) if (true) { if (!v69(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v98(d, p) {
  if (!(d === "glob" || d === "regex")) return f(p, "enum", { allowedValues: ["glob","regex"] });
  return true;
}
function v100(d, p) {
  if (typeof d == "string") {
    if (d.length > 65536) return f(p, "maxLength", { limit: 65536 });
  } else return ft(p, "string");
  return true;
}
function v97(d, p) {
  if (isObject(d)) {
    for (const n of c16) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "kind" || key === "source" || key === "regex")) return fa(p, key);
    for (const [n, v, s] of c17) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v96(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 128) return f(p, "maxItems", { limit: 128 });
    for (let i = 0; i < d.length; i++) if (!v97(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v102(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v97(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v104(d, p) {
  if (!(d === "unchecked")) return f(p, "enum", { allowedValues: ["unchecked"] });
  return true;
}
function v105(d, p) {
  if (!eq(d, true)) return f(p, "const", { allowedValue: true });
  return true;
}
function v95(d, p) {
  if (isObject(d)) {
    if (d["deny"] === undefined) return fr(p, "deny");
    for (const key in d) if (!(c15.has(key))) return fa(p, key);
    for (const [n, v, s] of c18) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v107(d, p) {
  if (!v35(d, p)) return false;
  return true;
}
function v108(d, p) {
  if (!v2(d, p)) return false;
  return true;
}
function v110(d, p) {
  if (typeof d == "string") {
    if (d.length > 214) return f(p, "maxLength", { limit: 214 });
    if (d.length < 1) return f(p, "minLength", { limit: 1 });
    if (!r6.test(d)) return f(p, "pattern", { pattern: "^(@[a-z0-9-~][a-z0-9-._~]*/)?[a-z0-9-~][a-z0-9-._~]*$" });
  } else return ft(p, "string");
  return true;
}
function v109(d, p) {
  if (!v110(d, p)) return false;
  return true;
}
function v37(d, p) {
  if (isObject(d)) {
    for (const n of c11) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c12.has(key))) return fa(p, key);
    for (const [n, v, s] of c19) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v34(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 5000) return f(p, "maxProperties", { limit: 5000 });
    for (const key in d) if (!v35(key, p)) return false;
    for (const key in d) if (true) { if (!v37(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v120(d, p) {
  if (!(d === "block" || d === "warn" || d === "allow")) return f(p, "enum", { allowedValues: ["block","warn","allow"] });
  return true;
}
function v122(d, p) {
  if (!(d === "declare" || d === "gate")) return f(p, "enum", { allowedValues: ["declare","gate"] });
  return true;
}
function v124(d, p) {
  if (isObject(d)) {
    for (const key in d) if (!v35(key, p)) return false;
    for (const key in d) if (true) { if (!v2(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v137(d, p) {
  if (!(d === "read" || d === "edit" || d === "write" || d === "grep" || d === "find" || d === "ls")) return f(p, "enum", { allowedValues: ["read","edit","write","grep","find","ls"] });
  return true;
}
function v136(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v137(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v133(d, p) {
  if (isObject(d)) {
    if (d["paths"] === undefined) return fr(p, "paths");
    for (const key in d) if (!(key === "paths" || key === "tools")) return fa(p, key);
    if (d["paths"] !== undefined && !v102(d["paths"], p + "/paths")) return false;
    if (d["tools"] !== undefined && !v136(d["tools"], p + "/tools")) return false;
  } else return ft(p, "object");
  return true;
}
function v128(d, p) {
  if (isObject(d)) {
    for (const n of c22) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c23.has(key))) return fa(p, key);
    for (const [n, v, s] of c24) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v127(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v128(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v116(d, p) {
  if (isObject(d)) {
    for (const n of c20) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c21.has(key))) return fa(p, key);
    for (const [n, v, s] of c25) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v114(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 5000) return f(p, "maxProperties", { limit: 5000 });
    for (const key in d) if (!v35(key, p)) return false;
    for (const key in d) if (true) { if (!v116(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v149(d, p) {
  if (isObject(d)) {
    for (const n of c26) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c27.has(key))) return fa(p, key);
    for (const [n, v, s] of c28) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v147(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 5000) return f(p, "maxProperties", { limit: 5000 });
    for (const key in d) if (!v35(key, p)) return false;
    for (const key in d) if (true) { if (!v149(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v161(d, p) {
  if (isObject(d)) {
    if (d["deny"] === undefined) return fr(p, "deny");
    for (const key in d) if (!(key === "deny")) return fa(p, key);
    if (d["deny"] !== undefined && !v102(d["deny"], p + "/deny")) return false;
  } else return ft(p, "object");
  return true;
}
function v166(d, p) {
  if (typeof d == "string") {
    if (d.length > 64) return f(p, "maxLength", { limit: 64 });
    if (!r7.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z_][A-Za-z0-9_-]*$" });
  } else return ft(p, "string");
  return true;
}
function v165(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v166(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v164(d, p) {
  if (isObject(d)) {
    if (d["deny"] === undefined) return fr(p, "deny");
    for (const key in d) if (!(key === "deny")) return fa(p, key);
    if (d["deny"] !== undefined && !v165(d["deny"], p + "/deny")) return false;
  } else return ft(p, "object");
  return true;
}
function v168(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 3) return f(p, "maxItems", { limit: 3 });
    for (let i = 0; i < d.length; i++) if (!v40(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v170(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 32) return f(p, "maxItems", { limit: 32 });
    for (let i = 0; i < d.length; i++) if (!v2(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v174(d, p) {
  if (!((typeof d == "number" && !(d % 1) && !isNaN(d) && isFinite(d)))) return ft(p, "integer");
  if (typeof d == "number") {
    if (d > 10000000) return f(p, "maximum", { comparison: "<=", limit: 10000000 });
    if (d < 1) return f(p, "minimum", { comparison: ">=", limit: 1 });
  }
  return true;
}
function v173(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length < 1) return f(p, "minProperties", { limit: 1 });
    for (const key in d) if (!(key === "alwaysOn" || key === "block")) return fa(p, key);
    if (d["alwaysOn"] !== undefined && !v174(d["alwaysOn"], p + "/alwaysOn")) return false;
    if (d["block"] !== undefined && !v174(d["block"], p + "/block")) return false;
  } else return ft(p, "object");
  return true;
}
function v178(d, p) {
  if (!eq(d, false)) return f(p, "const", { allowedValue: false });
  return true;
}
function v177(d, p) {
  if (isObject(d)) {
    if (d["modelCallable"] === undefined) return fr(p, "modelCallable");
    for (const key in d) if (!(key === "modelCallable")) return fa(p, key);
    if (d["modelCallable"] !== undefined && !v178(d["modelCallable"], p + "/modelCallable")) return false;
  } else return ft(p, "object");
  return true;
}
function v158(d, p) {
  if (isObject(d)) {
    if (d["requireOverlays"] === undefined) return fr(p, "requireOverlays");
    for (const key in d) if (!(c29.has(key))) return fa(p, key);
    for (const [n, v, s] of c30) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v182(d, p) {
  if (!eq(d, "o200k_base")) return f(p, "const", { allowedValue: "o200k_base" });
  return true;
}
function v183(d, p) {
  if (isObject(d)) {
    for (const key in d) if (!v35(key, p)) return false;
    for (const key in d) if (true) { if (!v7(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v193(d, p) {
  if (!(d === "base" || d === "overlay" || d === "blocks" || d === "rules")) return f(p, "enum", { allowedValues: ["base","overlay","blocks","rules"] });
  return true;
}
function v192(d, p) {
  if (isObject(d)) {
    for (const n of c34) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "kind" || key === "key" || key === "tokens")) return fa(p, key);
    for (const [n, v, s] of c35) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v191(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 70) return f(p, "maxItems", { limit: 70 });
    for (let i = 0; i < d.length; i++) if (!v192(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v189(d, p) {
  if (isObject(d)) {
    for (const n of c33) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "alwaysOn" || key === "parts" || key === "blocks")) return fa(p, key);
    for (const [n, v, s] of c36) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v187(d, p) {
  if (isObject(d)) {
    for (const key in d) if (!v35(key, p)) return false;
    for (const key in d) if (true) { if (!v189(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v181(d, p) {
  if (isObject(d)) {
    for (const n of c31) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c32.has(key))) return fa(p, key);
    for (const [n, v, s] of c37) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v180(d, p) {
  if (!v181(d, p)) return false;
  return true;
}
function v206(d, p) {
  if (!eq(d, "ed25519")) return f(p, "const", { allowedValue: "ed25519" });
  return true;
}
function v207(d, p) {
  if (typeof d == "string") {
    if (!r8.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z0-9+/]{43}=$" });
  } else return ft(p, "string");
  return true;
}
function v209(d, p) {
  if (typeof d == "string") {
    if (d.length > 128) return f(p, "maxLength", { limit: 128 });
    if (!r9.test(d)) return f(p, "pattern", { pattern: "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*$" });
  } else return ft(p, "string");
  return true;
}
function v211(d, p) {
  if (typeof d == "string") {
    if (!r10.test(d)) return f(p, "pattern", { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3})?Z$" });
  } else return ft(p, "string");
  return true;
}
function v212(d, p) {
  if (typeof d == "string") {
    if (!r11.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z0-9+/]{86}==$" });
  } else return ft(p, "string");
  return true;
}
function v205(d, p) {
  if (isObject(d)) {
    for (const n of c38) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c39.has(key))) return fa(p, key);
    for (const [n, v, s] of c40) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v204(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 32) return f(p, "maxItems", { limit: 32 });
    for (let i = 0; i < d.length; i++) if (!v205(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v217(d, p) {
  if (typeof d == "string") {
    if (d.length > 256) return f(p, "maxLength", { limit: 256 });
    if (d.length < 1) return f(p, "minLength", { limit: 1 });
  } else return ft(p, "string");
  return true;
}
function v220(d, p) {
  if (isObject(d)) {
    for (const n of c43) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "fingerprint" || key === "name")) return fa(p, key);
    if (d["fingerprint"] !== undefined && !v2(d["fingerprint"], p + "/fingerprint")) return false;
    if (d["name"] !== undefined && !v209(d["name"], p + "/name")) return false;
  } else return ft(p, "object");
  return true;
}
function v219(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 32) return f(p, "maxItems", { limit: 32 });
    for (let i = 0; i < d.length; i++) if (!v220(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v224(d, p) {
  if (isObject(d)) {
    for (const n of c2) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "modes" || key === "presets")) return fa(p, key);
    if (d["modes"] !== undefined && !v124(d["modes"], p + "/modes")) return false;
    if (d["presets"] !== undefined && !v124(d["presets"], p + "/presets")) return false;
  } else return ft(p, "object");
  return true;
}
function v215(d, p) {
  if (isObject(d)) {
    for (const n of c41) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c42.has(key))) return fa(p, key);
    for (const [n, v, s] of c44) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v214(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v215(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v27(d, p) {
  if (isObject(d)) {
    for (const n of c9) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c10.has(key))) return fa(p, key);
    for (const [n, v, s] of c45) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
const c0 = ["v","inputHash","outputHash","bundleHash","counts","diagnostics"];
const c1 = new Set(["v","inputHash","outputHash","bundleHash","counts","diagnostics"]);
const c2 = ["modes","presets"];
const c3 = [["too_many_files","error"],["file_too_large","error"],["invalid_utf8","error"],["utf8_bom","warning"],["mixed_line_endings","error"],["yaml_syntax_error","error"],["yaml_too_deep","error"],["yaml_warning","warning"],["invalid_json","error"],["duplicate_key","error"],["invalid_key","error"],["reserved_key","error"],["duplicate_definition","error"],["unrecognized_source_file","warning"],["unknown_field","error"],["missing_field","error"],["wrong_type","error"],["invalid_value","error"],["too_long","error"],["too_short","error"],["prompt_conflict","error"],["prompt_missing","error"],["duplicate_list_entry","warning"],["path_escapes_root","error"],["file_not_found","error"],["output_as_source","error"],["unknown_mode","error"],["invalid_base","error"],["invalid_overlay","error"],["duplicate_overlay","error"],["duplicate_update_id","error"],["contract_requires","error"],["contract_conflict","error"],["exact_base_with_overlays","error"],["shadowed_preset_broken","error"],["contract_order","error"],["unknown_contract_reference","warning"],["unknown_tool","warning"],["extends_unknown","error"],["extends_cycle","error"],["extends_role","error"],["context_files_not_project","warning"],["context_files_too_many","error"],["context_files_unreadable","error"],["context_file_skipped","warning"],["context_file_too_large","warning"],["context_rule_id_taken","error"],["library_not_installed","error"],["library_not_forge","error"],["library_unsupported_format","error"],["library_invalid","error"],["library_pattern_refused","error"],["library_preset_broken","error"],["library_signer_required","error"],["signed_by_unknown_library","warning"],["policy_not_library","error"],["policy_overlay_invalid","error"],["policy_invalid","error"],["policy_strategy_forbidden","error"],["policy_tool_denied","error"],["policy_budget_exceeded","error"],["policy_model_callable","error"],["policy_overlay_key_taken","error"],["template_syntax_error","error"],["unknown_variable","error"],["triple_stash","error"],["unsupported_helper","error"],["unsupported_block","error"],["unsupported_partial_block","error"],["dynamic_partial","error"],["unsupported_decorator","error"],["missing_partial","error"],["partial_cycle","error"],["partial_too_deep","error"],["prompt_too_large","error"],["volatile_time","warning"],["date_variable","info"],["empty_prompt","warning"],["budget_exceeded","error"],["budget_near","warning"],["invalid_glob","error"],["glob_never_matches","error"],["glob_not_linear","error"],["pattern_budget_exceeded","error"],["invalid_path_regex","error"],["path_regex_backtracking","error"],["import_unreadable","error"],["import_invalid_entry","warning"],["import_invalid_value","warning"],["import_unsupported_field","warning"],["import_unknown_field","warning"],["import_key_renamed","info"],["import_key_collision","error"],["import_shadows_builtin","info"],["import_strategy_defaulted","info"],["import_text_joined","info"],["import_tools_narrow_only","info"],["import_no_prompt","warning"],["import_value_too_long","warning"],["import_file_exists","error"],["import_header_lenient","info"],["import_rule_skipped","warning"],["import_glob_top_level","info"],["export_not_expressible","warning"],["export_file_foreign","error"],["test_selection_invalid","error"],["test_unknown_name","error"],["test_duplicate_name","error"],["test_pattern_invalid","error"],["test_assertion_unused","warning"],["export_duplicate_text","warning"],["mode_state_malformed","warning"],["legacy_state_malformed","warning"],["legacy_state_migrated","info"],["legacy_state_frozen","warning"],["update_event_malformed","warning"],["update_digest_mismatch","warning"],["update_id_conflict","error"],["update_revoke_unknown","warning"],["update_revoke_inactive","info"],["update_revoke_denied","warning"],["update_apply_denied","warning"],["drift_blocked","warning"],["drift_warned","warning"],["drift_left_out","warning"],["drift_prompt_held","info"],["exact_base_drift","warning"],["exact_base_unconfirmed","warning"],["replay_contracts_broken","warning"],["nothing_to_compose","warning"],["bundle_refused","error"],["layer_refused","error"],["bundle_pattern_mismatch","error"],["policy_refused","error"],["policy_signer_required","warning"]];
const c4 = ["code","severity","message","file","start","end","path"];
const c5 = new Set(["code","severity","message","file","start","end","path"]);
const c6 = ["line","column"];
const c7 = [["code", v13, "/code"], ["severity", v14, "/severity"], ["message", v16, "/message"], ["file", v17, "/file"], ["start", v18, "/start"], ["end", v18, "/end"], ["path", v16, "/path"]];
const c8 = [["v", v1, "/v"], ["inputHash", v2, "/inputHash"], ["outputHash", v2, "/outputHash"], ["bundleHash", v2, "/bundleHash"], ["counts", v6, "/counts"], ["diagnostics", v9, "/diagnostics"]];
const c9 = ["generated","format","forgeVersion","scope","bundleHash","modes","presets"];
const c10 = new Set(["generated","format","forgeVersion","scope","bundleHash","modes","presets","rules","policy","tokens","signatures","lock"]);
const c11 = ["label","description","strategy","prompt","requires","conflictsWith","before","after","source","digest"];
const c12 = new Set(["label","description","strategy","prompt","requires","conflictsWith","before","after","model","thinking","tools","mcp","mcpServers","edits","extends","extendsDigest","library","source","digest"]);
const c13 = new Set(["type","command","args","env","cwd","url","headers","exposure","toolExposure","description","enabled","timeout"]);
const c14 = [["type", v74, "/type"], ["command", v75, "/command"], ["args", v76, "/args"], ["env", v78, "/env"], ["cwd", v81, "/cwd"], ["url", v82, "/url"], ["headers", v83, "/headers"], ["exposure", v85, "/exposure"], ["toolExposure", v87, "/toolExposure"], ["description", v90, "/description"], ["enabled", v91, "/enabled"], ["timeout", v92, "/timeout"]];
const c15 = new Set(["allow","deny","bash","trustReadOnlyHints"]);
const c16 = ["kind","source","regex"];
const c17 = [["kind", v98, "/kind"], ["source", v81, "/source"], ["regex", v100, "/regex"]];
const c18 = [["allow", v96, "/allow"], ["deny", v102, "/deny"], ["bash", v104, "/bash"], ["trustReadOnlyHints", v105, "/trustReadOnlyHints"]];
const c19 = [["label", v16, "/label"], ["description", v16, "/description"], ["strategy", v40, "/strategy"], ["prompt", v42, "/prompt"], ["requires", v51, "/requires"], ["conflictsWith", v51, "/conflictsWith"], ["before", v51, "/before"], ["after", v51, "/after"], ["model", v16, "/model"], ["thinking", v58, "/thinking"], ["tools", v60, "/tools"], ["mcp", v63, "/mcp"], ["mcpServers", v67, "/mcpServers"], ["edits", v95, "/edits"], ["extends", v107, "/extends"], ["extendsDigest", v108, "/extendsDigest"], ["library", v109, "/library"], ["source", v16, "/source"], ["digest", v2, "/digest"]];
const c20 = ["description","overlays","modeDigests","systemUpdates","source","digest"];
const c21 = new Set(["description","base","overlays","driftPolicy","toolDelivery","modeDigests","systemUpdates","library","source","digest"]);
const c22 = ["id","name","description","modelCallable","content","digest"];
const c23 = new Set(["id","name","description","modelCallable","when","content","digest"]);
const c24 = [["id", v35, "/id"], ["name", v16, "/name"], ["description", v16, "/description"], ["modelCallable", v91, "/modelCallable"], ["when", v133, "/when"], ["content", v42, "/content"], ["digest", v2, "/digest"]];
const c25 = [["description", v16, "/description"], ["base", v35, "/base"], ["overlays", v51, "/overlays"], ["driftPolicy", v120, "/driftPolicy"], ["toolDelivery", v122, "/toolDelivery"], ["modeDigests", v124, "/modeDigests"], ["systemUpdates", v127, "/systemUpdates"], ["library", v109, "/library"], ["source", v16, "/source"], ["digest", v2, "/digest"]];
const c26 = ["name","description","when","content","source","digest"];
const c27 = new Set(["name","description","when","content","contextFile","source","digest"]);
const c28 = [["name", v16, "/name"], ["description", v16, "/description"], ["when", v133, "/when"], ["content", v42, "/content"], ["contextFile", v75, "/contextFile"], ["source", v16, "/source"], ["digest", v2, "/digest"]];
const c29 = new Set(["description","requireOverlays","edits","tools","strategies","requireSigners","budget","systemUpdates"]);
const c30 = [["description", v16, "/description"], ["requireOverlays", v51, "/requireOverlays"], ["edits", v161, "/edits"], ["tools", v164, "/tools"], ["strategies", v168, "/strategies"], ["requireSigners", v170, "/requireSigners"], ["budget", v173, "/budget"], ["systemUpdates", v177, "/systemUpdates"]];
const c31 = ["tokenizer","modes","presets"];
const c32 = new Set(["tokenizer","modes","presets","rules"]);
const c33 = ["alwaysOn","parts","blocks"];
const c34 = ["kind","tokens"];
const c35 = [["kind", v193, "/kind"], ["key", v35, "/key"], ["tokens", v7, "/tokens"]];
const c36 = [["alwaysOn", v7, "/alwaysOn"], ["parts", v191, "/parts"], ["blocks", v183, "/blocks"]];
const c37 = [["tokenizer", v182, "/tokenizer"], ["modes", v183, "/modes"], ["presets", v187, "/presets"], ["rules", v183, "/rules"]];
const c38 = ["algorithm","publicKey","fingerprint","name","signedAt","signature"];
const c39 = new Set(["algorithm","publicKey","fingerprint","name","signedAt","signature"]);
const c40 = [["algorithm", v206, "/algorithm"], ["publicKey", v207, "/publicKey"], ["fingerprint", v2, "/fingerprint"], ["name", v209, "/name"], ["signedAt", v211, "/signedAt"], ["signature", v212, "/signature"]];
const c41 = ["name","version","bundleHash","components"];
const c42 = new Set(["name","version","bundleHash","signers","components"]);
const c43 = ["fingerprint","name"];
const c44 = [["name", v110, "/name"], ["version", v217, "/version"], ["bundleHash", v2, "/bundleHash"], ["signers", v219, "/signers"], ["components", v224, "/components"]];
const c45 = [["generated", v28, "/generated"], ["format", v1, "/format"], ["forgeVersion", v30, "/forgeVersion"], ["scope", v31, "/scope"], ["bundleHash", v2, "/bundleHash"], ["modes", v34, "/modes"], ["presets", v114, "/presets"], ["rules", v147, "/rules"], ["policy", v158, "/policy"], ["tokens", v180, "/tokens"], ["signatures", v204, "/signatures"], ["lock", v214, "/lock"]];
export const validateBuildCacheEntry = /* @__PURE__ */ w((d, p) => v0(d, p));
export const validateBundleStrict = /* @__PURE__ */ w((d, p) => v27(d, p));
