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
const r1 = /* @__PURE__ */ new RegExp("^[a-z][a-z0-9-]*$", "u");
const r2 = /* @__PURE__ */ new RegExp("^[A-Za-z_*?][A-Za-z0-9_*?-]*$", "u");
const r3 = /* @__PURE__ */ new RegExp("^[A-Za-z0-9_-]+$", "u");
const r4 = /* @__PURE__ */ new RegExp("^[A-Za-z_][A-Za-z0-9_]*$", "u");
const r5 = /* @__PURE__ */ new RegExp("^[A-Za-z_][A-Za-z0-9_-]*$", "u");
const r6 = /* @__PURE__ */ new RegExp("^[A-Za-z0-9+/]{43}=$", "u");
const r7 = /* @__PURE__ */ new RegExp("^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*$", "u");
const r8 = /* @__PURE__ */ new RegExp("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3})?Z$", "u");
const r9 = /* @__PURE__ */ new RegExp("^[A-Za-z0-9+/]{86}==$", "u");
const r10 = /* @__PURE__ */ new RegExp("^[0-9a-f]{16}$", "u");
function v1(d, p) {
  if (!eq(d, "by forge build, do not edit")) return f(p, "const", { allowedValue: "by forge build, do not edit" });
  return true;
}
function v2(d, p) {
  if (!eq(d, 1)) return f(p, "const", { allowedValue: 1 });
  return true;
}
function v3(d, p) {
  if (typeof d == "string") {
    if (d.length > 64) return f(p, "maxLength", { limit: 64 });
  } else return ft(p, "string");
  return true;
}
function v4(d, p) {
  if (!(d === "builtin" || d === "global" || d === "project" || d === "library")) return f(p, "enum", { allowedValues: ["builtin","global","project","library"] });
  return true;
}
function v6(d, p) {
  if (typeof d == "string") {
    if (!r0.test(d)) return f(p, "pattern", { pattern: "^[0-9a-f]{64}$" });
  } else return ft(p, "string");
  return true;
}
function v9(d, p) {
  if (typeof d == "string") {
    if (d.length > 64) return f(p, "maxLength", { limit: 64 });
    if (!r1.test(d)) return f(p, "pattern", { pattern: "^[a-z][a-z0-9-]*$" });
  } else return ft(p, "string");
  return true;
}
function v12(d, p) {
  if (!(typeof d == "string")) return ft(p, "string");
  return true;
}
function v14(d, p) {
  if (!(d === "append" || d === "replace_base" || d === "replace_final")) return f(p, "enum", { allowedValues: ["append","replace_base","replace_final"] });
  return true;
}
function v19(d, p) {
  if (typeof d == "string") {
    if (d.length < 1) return f(p, "minLength", { limit: 1 });
  } else return ft(p, "string");
  return true;
}
function v18(d, p) {
  if (isObject(d)) {
    if (d["text"] === undefined) return fr(p, "text");
    for (const key in d) if (!(key === "text")) return fa(p, key);
    if (d["text"] !== undefined && !v19(d["text"], p + "/text")) return false;
  } else return ft(p, "object");
  return true;
}
function v21(d, p) {
  if (!(d === "cwd" || d === "date" || d === "time" || d === "model" || d === "os" || d === "mode" || d === "preset")) return f(p, "enum", { allowedValues: ["cwd","date","time","model","os","mode","preset"] });
  return true;
}
function v20(d, p) {
  if (isObject(d)) {
    if (d["slot"] === undefined) return fr(p, "slot");
    for (const key in d) if (!(key === "slot")) return fa(p, key);
    if (d["slot"] !== undefined && !v21(d["slot"], p + "/slot")) return false;
  } else return ft(p, "object");
  return true;
}
function v17(d, p) {
  { const s = E; let first = null; let valid = false; let passing = null; let r; one: {
    E = null; r = v18(d, p); if (!r) first ??= E;
    if (r) { valid = true; passing = 0; }
    E = null; r = v20(d, p); if (!r) first ??= E;
    if (r && valid) { valid = false; passing = [passing, 1]; break one; } else if (r) { valid = true; passing = 1; }
    }
    if (!valid) { E = first ?? { instancePath: p, schemaPath: "", keyword: "oneOf", params: { passingSchemas: passing } }; return false; }
    E = s; }
  return true;
}
function v16(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 10000) return f(p, "maxItems", { limit: 10000 });
    for (let i = 0; i < d.length; i++) if (!v17(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v25(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v9(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v32(d, p) {
  if (!(d === "off" || d === "minimal" || d === "low" || d === "medium" || d === "high" || d === "xhigh")) return f(p, "enum", { allowedValues: ["off","minimal","low","medium","high","xhigh"] });
  return true;
}
function v35(d, p) {
  if (typeof d == "string") {
    if (d.length > 128) return f(p, "maxLength", { limit: 128 });
    if (!r2.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z_*?][A-Za-z0-9_*?-]*$" });
  } else return ft(p, "string");
  return true;
}
function v34(d, p) {
  if (Array.isArray(d)) {
    for (let i = 0; i < d.length; i++) if (!v35(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v38(d, p) {
  if (typeof d == "string") {
    if (d.length > 64) return f(p, "maxLength", { limit: 64 });
    if (!r3.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z0-9_-]+$" });
  } else return ft(p, "string");
  return true;
}
function v37(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v38(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v45(d, p) {
  if (isObject(d)) {
    if (d["url"] === undefined) return fr(p, "url");
  }
  return true;
}
function v44(d, p) {
  { const s = E; const r = v45(d, p); E = s; if (r) return f(p, "not", {}); }
  if (isObject(d)) {
    if (d["command"] === undefined) return fr(p, "command");
  }
  return true;
}
function v47(d, p) {
  if (isObject(d)) {
    if (d["command"] === undefined) return fr(p, "command");
  }
  return true;
}
function v46(d, p) {
  { const s = E; const r = v47(d, p); E = s; if (r) return f(p, "not", {}); }
  if (isObject(d)) {
    if (d["url"] === undefined) return fr(p, "url");
  }
  return true;
}
function v48(d, p) {
  if (!(d === "stdio" || d === "http" || d === "streamable-http")) return f(p, "enum", { allowedValues: ["stdio","http","streamable-http"] });
  return true;
}
function v49(d, p) {
  if (typeof d == "string") {
    if (d.length > 1024) return f(p, "maxLength", { limit: 1024 });
    if (d.length < 1) return f(p, "minLength", { limit: 1 });
  } else return ft(p, "string");
  return true;
}
function v51(d, p) {
  if (typeof d == "string") {
    if (d.length > 4096) return f(p, "maxLength", { limit: 4096 });
  } else return ft(p, "string");
  return true;
}
function v50(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 128) return f(p, "maxItems", { limit: 128 });
    for (let i = 0; i < d.length; i++) if (!v51(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v53(d, p) {
  if (typeof d == "string") {
    if (d.length > 128) return f(p, "maxLength", { limit: 128 });
    if (!r4.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z_][A-Za-z0-9_]*$" });
  }
  return true;
}
function v52(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 64) return f(p, "maxProperties", { limit: 64 });
    for (const key in d) if (!v53(key, p)) return false;
    for (const key in d) if (true) { if (!v51(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v55(d, p) {
  if (typeof d == "string") {
    if (d.length > 1024) return f(p, "maxLength", { limit: 1024 });
  } else return ft(p, "string");
  return true;
}
function v56(d, p) {
  if (typeof d == "string") {
    if (d.length > 2048) return f(p, "maxLength", { limit: 2048 });
    if (d.length < 1) return f(p, "minLength", { limit: 1 });
  } else return ft(p, "string");
  return true;
}
function v57(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 64) return f(p, "maxProperties", { limit: 64 });
    for (const key in d) if (true) { if (!v51(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v59(d, p) {
  if (!(d === "direct" || d === "codemode" || d === "deferred" || d === "hidden" || d === "codemode-deferred")) return f(p, "enum", { allowedValues: ["direct","codemode","deferred","hidden","codemode-deferred"] });
  return true;
}
function v62(d, p) {
  if (typeof d == "string") {
    if (d.length > 128) return f(p, "maxLength", { limit: 128 });
  }
  return true;
}
function v61(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 256) return f(p, "maxProperties", { limit: 256 });
    for (const key in d) if (!v62(key, p)) return false;
    for (const key in d) if (true) { if (!v59(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v64(d, p) {
  if (typeof d == "string") {
    if (d.length > 500) return f(p, "maxLength", { limit: 500 });
  } else return ft(p, "string");
  return true;
}
function v65(d, p) {
  if (!(typeof d == "boolean")) return ft(p, "boolean");
  return true;
}
function v66(d, p) {
  if (typeof d == "number") {
    if (d > 3600) return f(p, "maximum", { comparison: "<=", limit: 3600 });
    if (d < 1) return f(p, "minimum", { comparison: ">=", limit: 1 });
  } else return ft(p, "number");
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
  if (isObject(d)) {
    for (const key in d) if (!(c4.has(key))) return fa(p, key);
    for (const [n, v, s] of c5) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v41(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 32) return f(p, "maxProperties", { limit: 32 });
    for (const key in d) if (!v38(key, p)) return false;
    for (const key in d) if (true) { if (!v43(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v72(d, p) {
  if (!(d === "glob" || d === "regex")) return f(p, "enum", { allowedValues: ["glob","regex"] });
  return true;
}
function v74(d, p) {
  if (typeof d == "string") {
    if (d.length > 65536) return f(p, "maxLength", { limit: 65536 });
  } else return ft(p, "string");
  return true;
}
function v71(d, p) {
  if (isObject(d)) {
    for (const n of c7) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "kind" || key === "source" || key === "regex")) return fa(p, key);
    for (const [n, v, s] of c8) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v70(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 128) return f(p, "maxItems", { limit: 128 });
    for (let i = 0; i < d.length; i++) if (!v71(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v76(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v71(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v78(d, p) {
  if (!(d === "unchecked")) return f(p, "enum", { allowedValues: ["unchecked"] });
  return true;
}
function v79(d, p) {
  if (!eq(d, true)) return f(p, "const", { allowedValue: true });
  return true;
}
function v69(d, p) {
  if (isObject(d)) {
    if (d["deny"] === undefined) return fr(p, "deny");
    for (const key in d) if (!(c6.has(key))) return fa(p, key);
    for (const [n, v, s] of c9) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v11(d, p) {
  if (isObject(d)) {
    for (const n of c2) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c3.has(key))) return fa(p, key);
    for (const [n, v, s] of c10) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v8(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 5000) return f(p, "maxProperties", { limit: 5000 });
    for (const key in d) if (!v9(key, p)) return false;
    for (const key in d) if (true) { if (!v11(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v90(d, p) {
  if (!(d === "block" || d === "warn" || d === "allow")) return f(p, "enum", { allowedValues: ["block","warn","allow"] });
  return true;
}
function v92(d, p) {
  if (!(d === "declare" || d === "gate")) return f(p, "enum", { allowedValues: ["declare","gate"] });
  return true;
}
function v94(d, p) {
  if (isObject(d)) {
    for (const key in d) if (!v9(key, p)) return false;
    for (const key in d) if (true) { if (!v6(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v107(d, p) {
  if (!(d === "read" || d === "edit" || d === "write" || d === "grep" || d === "find" || d === "ls")) return f(p, "enum", { allowedValues: ["read","edit","write","grep","find","ls"] });
  return true;
}
function v106(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v107(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v103(d, p) {
  if (isObject(d)) {
    if (d["paths"] === undefined) return fr(p, "paths");
    for (const key in d) if (!(key === "paths" || key === "tools")) return fa(p, key);
    if (d["paths"] !== undefined && !v76(d["paths"], p + "/paths")) return false;
    if (d["tools"] !== undefined && !v106(d["tools"], p + "/tools")) return false;
  } else return ft(p, "object");
  return true;
}
function v98(d, p) {
  if (isObject(d)) {
    for (const n of c13) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c14.has(key))) return fa(p, key);
    for (const [n, v, s] of c15) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v97(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v98(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v86(d, p) {
  if (isObject(d)) {
    for (const n of c11) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c12.has(key))) return fa(p, key);
    for (const [n, v, s] of c16) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v84(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 5000) return f(p, "maxProperties", { limit: 5000 });
    for (const key in d) if (!v9(key, p)) return false;
    for (const key in d) if (true) { if (!v86(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v118(d, p) {
  if (isObject(d)) {
    for (const n of c17) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c18.has(key))) return fa(p, key);
    for (const [n, v, s] of c19) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v116(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 5000) return f(p, "maxProperties", { limit: 5000 });
    for (const key in d) if (!v9(key, p)) return false;
    for (const key in d) if (true) { if (!v118(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v130(d, p) {
  if (isObject(d)) {
    if (d["deny"] === undefined) return fr(p, "deny");
    for (const key in d) if (!(key === "deny")) return fa(p, key);
    if (d["deny"] !== undefined && !v76(d["deny"], p + "/deny")) return false;
  } else return ft(p, "object");
  return true;
}
function v135(d, p) {
  if (typeof d == "string") {
    if (d.length > 64) return f(p, "maxLength", { limit: 64 });
    if (!r5.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z_][A-Za-z0-9_-]*$" });
  } else return ft(p, "string");
  return true;
}
function v134(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v135(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v133(d, p) {
  if (isObject(d)) {
    if (d["deny"] === undefined) return fr(p, "deny");
    for (const key in d) if (!(key === "deny")) return fa(p, key);
    if (d["deny"] !== undefined && !v134(d["deny"], p + "/deny")) return false;
  } else return ft(p, "object");
  return true;
}
function v137(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 3) return f(p, "maxItems", { limit: 3 });
    for (let i = 0; i < d.length; i++) if (!v14(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v139(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 32) return f(p, "maxItems", { limit: 32 });
    for (let i = 0; i < d.length; i++) if (!v6(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v143(d, p) {
  if (!((typeof d == "number" && !(d % 1) && !isNaN(d) && isFinite(d)))) return ft(p, "integer");
  if (typeof d == "number") {
    if (d > 10000000) return f(p, "maximum", { comparison: "<=", limit: 10000000 });
    if (d < 1) return f(p, "minimum", { comparison: ">=", limit: 1 });
  }
  return true;
}
function v142(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length < 1) return f(p, "minProperties", { limit: 1 });
    for (const key in d) if (!(key === "alwaysOn" || key === "block")) return fa(p, key);
    if (d["alwaysOn"] !== undefined && !v143(d["alwaysOn"], p + "/alwaysOn")) return false;
    if (d["block"] !== undefined && !v143(d["block"], p + "/block")) return false;
  } else return ft(p, "object");
  return true;
}
function v147(d, p) {
  if (!eq(d, false)) return f(p, "const", { allowedValue: false });
  return true;
}
function v146(d, p) {
  if (isObject(d)) {
    if (d["modelCallable"] === undefined) return fr(p, "modelCallable");
    for (const key in d) if (!(key === "modelCallable")) return fa(p, key);
    if (d["modelCallable"] !== undefined && !v147(d["modelCallable"], p + "/modelCallable")) return false;
  } else return ft(p, "object");
  return true;
}
function v127(d, p) {
  if (isObject(d)) {
    if (d["requireOverlays"] === undefined) return fr(p, "requireOverlays");
    for (const key in d) if (!(c20.has(key))) return fa(p, key);
    for (const [n, v, s] of c21) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v151(d, p) {
  if (!eq(d, "ed25519")) return f(p, "const", { allowedValue: "ed25519" });
  return true;
}
function v152(d, p) {
  if (typeof d == "string") {
    if (!r6.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z0-9+/]{43}=$" });
  } else return ft(p, "string");
  return true;
}
function v154(d, p) {
  if (typeof d == "string") {
    if (d.length > 128) return f(p, "maxLength", { limit: 128 });
    if (!r7.test(d)) return f(p, "pattern", { pattern: "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*$" });
  } else return ft(p, "string");
  return true;
}
function v156(d, p) {
  if (typeof d == "string") {
    if (!r8.test(d)) return f(p, "pattern", { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3})?Z$" });
  } else return ft(p, "string");
  return true;
}
function v157(d, p) {
  if (typeof d == "string") {
    if (!r9.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z0-9+/]{86}==$" });
  } else return ft(p, "string");
  return true;
}
function v150(d, p) {
  if (isObject(d)) {
    for (const n of c22) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c23.has(key))) return fa(p, key);
    for (const [n, v, s] of c24) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v149(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 32) return f(p, "maxItems", { limit: 32 });
    for (let i = 0; i < d.length; i++) if (!v150(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v0(d, p) {
  if (isObject(d)) {
    for (const n of c0) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c1.has(key))) return fa(p, key);
    for (const [n, v, s] of c25) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v163(d, p) {
  if (!(d === null)) return ft(p, "null");
  return true;
}
function v161(d, p) {
  { const s = E; let first = null; let valid = false; let passing = null; let r; one: {
    E = null; r = v9(d, p); if (!r) first ??= E;
    if (r) { valid = true; passing = 0; }
    E = null; r = v163(d, p); if (!r) first ??= E;
    if (r && valid) { valid = false; passing = [passing, 1]; break one; } else if (r) { valid = true; passing = 1; }
    }
    if (!valid) { E = first ?? { instancePath: p, schemaPath: "", keyword: "oneOf", params: { passingSchemas: passing } }; return false; }
    E = s; }
  return true;
}
function v173(d, p) {
  if (!(d === "builtin" || d === "global" || d === "project")) return f(p, "enum", { allowedValues: ["builtin","global","project"] });
  return true;
}
function v177(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v35(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v176(d, p) {
  { const s = E; let first = null; let valid = false; let passing = null; let r; one: {
    E = null; r = v177(d, p); if (!r) first ??= E;
    if (r) { valid = true; passing = 0; }
    E = null; r = v163(d, p); if (!r) first ??= E;
    if (r && valid) { valid = false; passing = [passing, 1]; break one; } else if (r) { valid = true; passing = 1; }
    }
    if (!valid) { E = first ?? { instancePath: p, schemaPath: "", keyword: "oneOf", params: { passingSchemas: passing } }; return false; }
    E = s; }
  return true;
}
function v180(d, p) {
  { const s = E; let first = null; let valid = false; let passing = null; let r; one: {
    E = null; r = v37(d, p); if (!r) first ??= E;
    if (r) { valid = true; passing = 0; }
    E = null; r = v163(d, p); if (!r) first ??= E;
    if (r && valid) { valid = false; passing = [passing, 1]; break one; } else if (r) { valid = true; passing = 1; }
    }
    if (!valid) { E = first ?? { instancePath: p, schemaPath: "", keyword: "oneOf", params: { passingSchemas: passing } }; return false; }
    E = s; }
  return true;
}
function v183(d, p) {
  { const s = E; let first = null; let valid = false; let passing = null; let r; one: {
    E = null; r = v69(d, p); if (!r) first ??= E;
    if (r) { valid = true; passing = 0; }
    E = null; r = v163(d, p); if (!r) first ??= E;
    if (r && valid) { valid = false; passing = [passing, 1]; break one; } else if (r) { valid = true; passing = 1; }
    }
    if (!valid) { E = first ?? { instancePath: p, schemaPath: "", keyword: "oneOf", params: { passingSchemas: passing } }; return false; }
    E = s; }
  return true;
}
function v171(d, p) {
  if (isObject(d)) {
    for (const n of c28) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c29.has(key))) return fa(p, key);
    for (const [n, v, s] of c30) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v169(d, p) {
  if (isObject(d)) {
    for (const key in d) if (!v9(key, p)) return false;
    for (const key in d) if (true) { if (!v171(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v190(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 32) return f(p, "maxProperties", { limit: 32 });
    for (const key in d) if (true) { if (!v6(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v186(d, p) {
  if (isObject(d)) {
    for (const key in d) if (!(c31.has(key))) return fa(p, key);
    for (const [n, v, s] of c32) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v193(d, p) {
  if (!(d === "env" || d === "flag" || d === "command" || d === "selector" || d === "preset" || d === "reapprove" || d === "off" || d === "migrate" || d === "delete" || d === "edit")) return f(p, "enum", { allowedValues: ["env","flag","command","selector","preset","reapprove","off","migrate","delete","edit"] });
  return true;
}
function v159(d, p) {
  if (isObject(d)) {
    for (const n of c26) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c27.has(key))) return fa(p, key);
    for (const [n, v, s] of c33) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v197(d, p) {
  if (isObject(d)) {
    for (const n of c34) if (d[n] === undefined) return fr(p, n);
  }
  return true;
}
function v199(d, p) {
  if (!eq(d, "apply")) return f(p, "const", { allowedValue: "apply" });
  return true;
}
function v198(d, p) {
  if (isObject(d)) {
    if (d["op"] !== undefined && !v199(d["op"], p + "/op")) return false;
  }
  return true;
}
function v202(d, p) {
  if (!(d === "apply" || d === "revoke" || d === "reset")) return f(p, "enum", { allowedValues: ["apply","revoke","reset"] });
  return true;
}
function v203(d, p) {
  if (!(d === "user" || d === "agent" || d === "preset" || d === "rule" || d === "tools")) return f(p, "enum", { allowedValues: ["user","agent","preset","rule","tools"] });
  return true;
}
function v196(d, p) {
  { const s = E; const c = v198(d, p); E = s; if (c ? !v197(d, p) : !true) return false; }
  if (isObject(d)) {
    for (const n of c35) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c36.has(key))) return fa(p, key);
    for (const [n, v, s] of c37) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v221(d, p) {
  if (typeof d == "string") {
    if (!r10.test(d)) return f(p, "pattern", { pattern: "^[0-9a-f]{16}$" });
  } else return ft(p, "string");
  return true;
}
function v220(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 5000) return f(p, "maxProperties", { limit: 5000 });
    for (const key in d) if (true) { if (!v221(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v226(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 20000) return f(p, "maxProperties", { limit: 20000 });
    for (const key in d) if (true) { if (!v221(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v219(d, p) {
  if (isObject(d)) {
    for (const n of c41) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c42.has(key))) return fa(p, key);
    for (const [n, v, s] of c43) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v234(d, p) {
  if (typeof d == "string") {
    if (d.length > 4096) return f(p, "maxLength", { limit: 4096 });
  }
  return true;
}
function v233(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 20000) return f(p, "maxProperties", { limit: 20000 });
    for (const key in d) if (!v234(key, p)) return false;
    for (const key in d) if (true) { if (!v221(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v216(d, p) {
  if (isObject(d)) {
    if (d["bundleHash"] === undefined) return fr(p, "bundleHash");
    for (const key in d) if (!(c40.has(key))) return fa(p, key);
    for (const [n, v, s] of c44) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v215(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 10000) return f(p, "maxProperties", { limit: 10000 });
    for (const key in d) if (true) { if (!v216(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v242(d, p) {
  if (isObject(d)) {
    for (const n of c45) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "name" || key === "trustedAt")) return fa(p, key);
    if (d["name"] !== undefined && !v154(d["name"], p + "/name")) return false;
    if (d["trustedAt"] !== undefined && !v3(d["trustedAt"], p + "/trustedAt")) return false;
  } else return ft(p, "object");
  return true;
}
function v240(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 1000) return f(p, "maxProperties", { limit: 1000 });
    for (const key in d) if (!v6(key, p)) return false;
    for (const key in d) if (true) { if (!v242(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v248(d, p) {
  if (isObject(d)) {
    for (const n of c46) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "name" || key === "revokedAt")) return fa(p, key);
    if (d["name"] !== undefined && !v154(d["name"], p + "/name")) return false;
    if (d["revokedAt"] !== undefined && !v3(d["revokedAt"], p + "/revokedAt")) return false;
  } else return ft(p, "object");
  return true;
}
function v246(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 1000) return f(p, "maxProperties", { limit: 1000 });
    for (const key in d) if (!v6(key, p)) return false;
    for (const key in d) if (true) { if (!v248(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v260(d, p) {
  if (isObject(d)) {
    for (const n of c49) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "signedAt" || key === "usedAt")) return fa(p, key);
    if (d["signedAt"] !== undefined && !v3(d["signedAt"], p + "/signedAt")) return false;
    if (d["usedAt"] !== undefined && !v3(d["usedAt"], p + "/usedAt")) return false;
  } else return ft(p, "object");
  return true;
}
function v258(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 64) return f(p, "maxProperties", { limit: 64 });
    for (const key in d) if (!v6(key, p)) return false;
    for (const key in d) if (true) { if (!v260(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v253(d, p) {
  if (isObject(d)) {
    for (const n of c47) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c48.has(key))) return fa(p, key);
    for (const [n, v, s] of c50) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v252(d, p) {
  if (isObject(d)) {
    if (Object.keys(d).length > 10000) return f(p, "maxProperties", { limit: 10000 });
    for (const key in d) if (true) { if (!v253(d[key], p + k(key))) return false; }
  } else return ft(p, "object");
  return true;
}
function v213(d, p) {
  if (isObject(d)) {
    for (const n of c38) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(c39.has(key))) return fa(p, key);
    for (const [n, v, s] of c51) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v269(d, p) {
  if (isObject(d)) {
    if (d["digest"] === undefined) return fr(p, "digest");
  }
  return true;
}
function v273(d, p) {
  if (!(d === "apply" || d === "revoke")) return f(p, "enum", { allowedValues: ["apply","revoke"] });
  return true;
}
function v268(d, p) {
  { const s = E; const c = v198(d, p); E = s; if (c ? !v269(d, p) : !true) return false; }
  if (isObject(d)) {
    for (const n of c53) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "updateId" || key === "op" || key === "digest")) return fa(p, key);
    for (const [n, v, s] of c54) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
function v267(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 10000) return f(p, "maxItems", { limit: 10000 });
    for (let i = 0; i < d.length; i++) if (!v268(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v265(d, p) {
  if (isObject(d)) {
    for (const n of c52) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "v" || key === "changes")) return fa(p, key);
    if (d["v"] !== undefined && !v2(d["v"], p + "/v")) return false;
    if (d["changes"] !== undefined && !v267(d["changes"], p + "/changes")) return false;
  } else return ft(p, "object");
  return true;
}
function v277(d, p) {
  if (!(d === "activate" || d === "deactivate")) return f(p, "enum", { allowedValues: ["activate","deactivate"] });
  return true;
}
function v276(d, p) {
  if (isObject(d)) {
    for (const n of c55) if (d[n] === undefined) return fr(p, n);
    for (const key in d) if (!(key === "action" || key === "id")) return fa(p, key);
    if (d["action"] !== undefined && !v277(d["action"], p + "/action")) return false;
    if (d["id"] !== undefined && !v9(d["id"], p + "/id")) return false;
  } else return ft(p, "object");
  return true;
}
function v280(d, p) {
  if (typeof d == "string") {
    if (d.length > 128) return f(p, "maxLength", { limit: 128 });
  } else return ft(p, "string");
  return true;
}
function v279(d, p) {
  if (isObject(d)) {
    if (d["mode"] === undefined) return fr(p, "mode");
    if (d["mode"] !== undefined && !v280(d["mode"], p + "/mode")) return false;
  } else return ft(p, "object");
  return true;
}
function v282(d, p) {
  if (!(typeof d == "string" || d === null)) return ft(p, ["string","null"]);
  if (typeof d == "string") {
    if (d.length > 128) return f(p, "maxLength", { limit: 128 });
  }
  return true;
}
function v281(d, p) {
  if (isObject(d)) {
    if (d["key"] === undefined) return fr(p, "key");
    if (d["key"] !== undefined && !v282(d["key"], p + "/key")) return false;
  } else return ft(p, "object");
  return true;
}
function v285(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v280(d[i], p + k(i))) return false;
  } else return ft(p, "array");
  return true;
}
function v287(d, p) {
  if (!(isObject(d))) return ft(p, "object");
  return true;
}
function v283(d, p) {
  if (isObject(d)) {
    for (const n of c56) if (d[n] === undefined) return fr(p, n);
    for (const [n, v, s] of c57) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return ft(p, "object");
  return true;
}
const c0 = ["generated","format","forgeVersion","scope","bundleHash","modes","presets"];
const c1 = new Set(["generated","format","forgeVersion","scope","bundleHash","modes","presets","rules","policy","tokens","signatures","lock"]);
const c2 = ["label","description","strategy","prompt","requires","conflictsWith","before","after","source","digest"];
const c3 = new Set(["label","description","strategy","prompt","requires","conflictsWith","before","after","model","thinking","tools","mcp","mcpServers","edits","extends","extendsDigest","library","source","digest"]);
const c4 = new Set(["type","command","args","env","cwd","url","headers","exposure","toolExposure","description","enabled","timeout"]);
const c5 = [["type", v48, "/type"], ["command", v49, "/command"], ["args", v50, "/args"], ["env", v52, "/env"], ["cwd", v55, "/cwd"], ["url", v56, "/url"], ["headers", v57, "/headers"], ["exposure", v59, "/exposure"], ["toolExposure", v61, "/toolExposure"], ["description", v64, "/description"], ["enabled", v65, "/enabled"], ["timeout", v66, "/timeout"]];
const c6 = new Set(["allow","deny","bash","trustReadOnlyHints"]);
const c7 = ["kind","source","regex"];
const c8 = [["kind", v72, "/kind"], ["source", v55, "/source"], ["regex", v74, "/regex"]];
const c9 = [["allow", v70, "/allow"], ["deny", v76, "/deny"], ["bash", v78, "/bash"], ["trustReadOnlyHints", v79, "/trustReadOnlyHints"]];
const c10 = [["label", v12, "/label"], ["description", v12, "/description"], ["strategy", v14, "/strategy"], ["prompt", v16, "/prompt"], ["requires", v25, "/requires"], ["conflictsWith", v25, "/conflictsWith"], ["before", v25, "/before"], ["after", v25, "/after"], ["model", v12, "/model"], ["thinking", v32, "/thinking"], ["tools", v34, "/tools"], ["mcp", v37, "/mcp"], ["mcpServers", v41, "/mcpServers"], ["edits", v69, "/edits"], ["source", v12, "/source"], ["digest", v6, "/digest"]];
const c11 = ["description","overlays","modeDigests","systemUpdates","source","digest"];
const c12 = new Set(["description","base","overlays","driftPolicy","toolDelivery","modeDigests","systemUpdates","library","source","digest"]);
const c13 = ["id","name","description","modelCallable","content","digest"];
const c14 = new Set(["id","name","description","modelCallable","when","content","digest"]);
const c15 = [["id", v9, "/id"], ["name", v12, "/name"], ["description", v12, "/description"], ["modelCallable", v65, "/modelCallable"], ["when", v103, "/when"], ["content", v16, "/content"], ["digest", v6, "/digest"]];
const c16 = [["description", v12, "/description"], ["base", v9, "/base"], ["overlays", v25, "/overlays"], ["driftPolicy", v90, "/driftPolicy"], ["toolDelivery", v92, "/toolDelivery"], ["modeDigests", v94, "/modeDigests"], ["systemUpdates", v97, "/systemUpdates"], ["source", v12, "/source"], ["digest", v6, "/digest"]];
const c17 = ["name","description","when","content","source","digest"];
const c18 = new Set(["name","description","when","content","contextFile","source","digest"]);
const c19 = [["name", v12, "/name"], ["description", v12, "/description"], ["when", v103, "/when"], ["content", v16, "/content"], ["contextFile", v49, "/contextFile"], ["source", v12, "/source"], ["digest", v6, "/digest"]];
const c20 = new Set(["description","requireOverlays","edits","tools","strategies","requireSigners","budget","systemUpdates"]);
const c21 = [["description", v12, "/description"], ["requireOverlays", v25, "/requireOverlays"], ["edits", v130, "/edits"], ["tools", v133, "/tools"], ["strategies", v137, "/strategies"], ["requireSigners", v139, "/requireSigners"], ["budget", v142, "/budget"], ["systemUpdates", v146, "/systemUpdates"]];
const c22 = ["algorithm","publicKey","fingerprint","name","signedAt","signature"];
const c23 = new Set(["algorithm","publicKey","fingerprint","name","signedAt","signature"]);
const c24 = [["algorithm", v151, "/algorithm"], ["publicKey", v152, "/publicKey"], ["fingerprint", v6, "/fingerprint"], ["name", v154, "/name"], ["signedAt", v156, "/signedAt"], ["signature", v157, "/signature"]];
const c25 = [["generated", v1, "/generated"], ["format", v2, "/format"], ["forgeVersion", v3, "/forgeVersion"], ["scope", v4, "/scope"], ["bundleHash", v6, "/bundleHash"], ["modes", v8, "/modes"], ["presets", v84, "/presets"], ["rules", v116, "/rules"], ["policy", v127, "/policy"], ["signatures", v149, "/signatures"]];
const c26 = ["v","base","overlays","preset","components","bundleHashes","driftPolicy","source","activatedAt"];
const c27 = new Set(["v","base","overlays","preset","components","bundleHashes","driftPolicy","source","activatedAt","confirmedExact"]);
const c28 = ["digest","scope"];
const c29 = new Set(["digest","scope","layer","tools","mcp","edits"]);
const c30 = [["digest", v6, "/digest"], ["scope", v173, "/scope"], ["layer", v51, "/layer"], ["tools", v176, "/tools"], ["mcp", v180, "/mcp"], ["edits", v183, "/edits"]];
const c31 = new Set(["builtin","global","project","layers"]);
const c32 = [["builtin", v6, "/builtin"], ["global", v6, "/global"], ["project", v6, "/project"], ["layers", v190, "/layers"]];
const c33 = [["v", v2, "/v"], ["base", v161, "/base"], ["overlays", v25, "/overlays"], ["preset", v161, "/preset"], ["components", v169, "/components"], ["bundleHashes", v186, "/bundleHashes"], ["driftPolicy", v90, "/driftPolicy"], ["source", v193, "/source"], ["activatedAt", v3, "/activatedAt"], ["confirmedExact", v6, "/confirmedExact"]];
const c34 = ["contentSnapshot","digest"];
const c35 = ["v","updateId","op","source","createdAt"];
const c36 = new Set(["v","updateId","op","source","presetId","blockId","ruleId","matchedPath","matchedGlob","contentSnapshot","digest","createdAt"]);
const c37 = [["v", v2, "/v"], ["updateId", v9, "/updateId"], ["op", v202, "/op"], ["source", v203, "/source"], ["presetId", v9, "/presetId"], ["blockId", v9, "/blockId"], ["ruleId", v9, "/ruleId"], ["matchedPath", v51, "/matchedPath"], ["matchedGlob", v55, "/matchedGlob"], ["contentSnapshot", v74, "/contentSnapshot"], ["digest", v6, "/digest"], ["createdAt", v3, "/createdAt"]];
const c38 = ["v","projects"];
const c39 = new Set(["v","projects","signers","revokedSigners","seen"]);
const c40 = new Set(["bundleHash","trustedAt","components","sources","committed"]);
const c41 = ["modes","presets"];
const c42 = new Set(["modes","presets","limits","blocks","rules","libraries"]);
const c43 = [["modes", v220, "/modes"], ["presets", v220, "/presets"], ["limits", v220, "/limits"], ["blocks", v226, "/blocks"], ["rules", v220, "/rules"], ["libraries", v220, "/libraries"]];
const c44 = [["bundleHash", v6, "/bundleHash"], ["trustedAt", v3, "/trustedAt"], ["components", v219, "/components"], ["sources", v233, "/sources"], ["committed", v233, "/committed"]];
const c45 = ["name","trustedAt"];
const c46 = ["name","revokedAt"];
const c47 = ["bundleHash","seenAt","components"];
const c48 = new Set(["bundleHash","seenAt","signer","components","newest"]);
const c49 = ["signedAt","usedAt"];
const c50 = [["bundleHash", v6, "/bundleHash"], ["seenAt", v3, "/seenAt"], ["signer", v6, "/signer"], ["components", v219, "/components"], ["newest", v258, "/newest"]];
const c51 = [["v", v2, "/v"], ["projects", v215, "/projects"], ["signers", v240, "/signers"], ["revokedSigners", v246, "/revokedSigners"], ["seen", v252, "/seen"]];
const c52 = ["v","changes"];
const c53 = ["updateId","op"];
const c54 = [["updateId", v9, "/updateId"], ["op", v273, "/op"], ["digest", v6, "/digest"]];
const c55 = ["action","id"];
const c56 = ["baseKey","overlayKeys"];
const c57 = [["baseKey", v282, "/baseKey"], ["overlayKeys", v285, "/overlayKeys"], ["fingerprints", v287, "/fingerprints"], ["driftPolicy", v90, "/driftPolicy"], ["activatedAt", v12, "/activatedAt"], ["source", v12, "/source"]];
export const validateBundle = /* @__PURE__ */ w((d, p) => v0(d, p));
export const validateModeState = /* @__PURE__ */ w((d, p) => v159(d, p));
export const validateUpdateEvent = /* @__PURE__ */ w((d, p) => v196(d, p));
export const validateTrustStore = /* @__PURE__ */ w((d, p) => v213(d, p));
export const validateDeliveryDetails = /* @__PURE__ */ w((d, p) => v265(d, p));
export const validateToolArguments = /* @__PURE__ */ w((d, p) => v276(d, p));
export const validatePiModesSwitch = /* @__PURE__ */ w((d, p) => v279(d, p));
export const validatePiModesV1 = /* @__PURE__ */ w((d, p) => v281(d, p));
export const validatePiModesSelection = /* @__PURE__ */ w((d, p) => v283(d, p));
