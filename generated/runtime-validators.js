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
const r1 = new RegExp("^[a-z][a-z0-9-]*$", "u");
const r2 = new RegExp("^[A-Za-z0-9+/]{43}=$", "u");
const r3 = new RegExp("^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*$", "u");
const r4 = new RegExp("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3})?Z$", "u");
const r5 = new RegExp("^[A-Za-z0-9+/]{86}==$", "u");
const r6 = new RegExp("^[0-9a-f]{16}$", "u");
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
  } else return f(p, "type", { type: "string" });
  return true;
}
function v4(d, p) {
  if (!(d === "builtin" || d === "global" || d === "project" || d === "library")) return f(p, "enum", { allowedValues: ["builtin","global","project","library"] });
  return true;
}
function v6(d, p) {
  if (typeof d == "string") {
    if (!r0.test(d)) return f(p, "pattern", { pattern: "^[0-9a-f]{64}$" });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v9(d, p) {
  if (typeof d == "string") {
    if (d.length > 64) return f(p, "maxLength", { limit: 64 });
    if (!r1.test(d)) return f(p, "pattern", { pattern: "^[a-z][a-z0-9-]*$" });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v12(d, p) {
  if (!(typeof d == "string")) return f(p, "type", { type: "string" });
  return true;
}
function v14(d, p) {
  if (!(d === "append" || d === "replace_base" || d === "replace_final")) return f(p, "enum", { allowedValues: ["append","replace_base","replace_final"] });
  return true;
}
function v19(d, p) {
  if (typeof d == "string") {
    if (d.length < 1) return f(p, "minLength", { limit: 1 });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v18(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (d["text"] === undefined) return f(p, "required", { missingProperty: "text" });
    for (const key in d) if (!(key === "text")) return f(p, "additionalProperties", { additionalProperty: key });
    if (d["text"] !== undefined && !v19(d["text"], p + "/text")) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v21(d, p) {
  if (!(d === "cwd" || d === "date" || d === "time" || d === "model" || d === "os" || d === "mode" || d === "preset")) return f(p, "enum", { allowedValues: ["cwd","date","time","model","os","mode","preset"] });
  return true;
}
function v20(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (d["slot"] === undefined) return f(p, "required", { missingProperty: "slot" });
    for (const key in d) if (!(key === "slot")) return f(p, "additionalProperties", { additionalProperty: key });
    if (d["slot"] !== undefined && !v21(d["slot"], p + "/slot")) return false;
  } else return f(p, "type", { type: "object" });
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
  } else return f(p, "type", { type: "array" });
  return true;
}
function v25(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v9(d[i], p + k(i))) return false;
  } else return f(p, "type", { type: "array" });
  return true;
}
function v32(d, p) {
  if (!(d === "off" || d === "minimal" || d === "low" || d === "medium" || d === "high" || d === "xhigh")) return f(p, "enum", { allowedValues: ["off","minimal","low","medium","high","xhigh"] });
  return true;
}
function v34(d, p) {
  if (Array.isArray(d)) {
    for (let i = 0; i < d.length; i++) if (!v12(d[i], p + k(i))) return false;
  } else return f(p, "type", { type: "array" });
  return true;
}
function v39(d, p) {
  if (!(d === "glob" || d === "regex")) return f(p, "enum", { allowedValues: ["glob","regex"] });
  return true;
}
function v40(d, p) {
  if (typeof d == "string") {
    if (d.length > 1024) return f(p, "maxLength", { limit: 1024 });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v41(d, p) {
  if (typeof d == "string") {
    if (d.length > 65536) return f(p, "maxLength", { limit: 65536 });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v38(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c4) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(key === "kind" || key === "source" || key === "regex")) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c5) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v37(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 128) return f(p, "maxItems", { limit: 128 });
    for (let i = 0; i < d.length; i++) if (!v38(d[i], p + k(i))) return false;
  } else return f(p, "type", { type: "array" });
  return true;
}
function v43(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v38(d[i], p + k(i))) return false;
  } else return f(p, "type", { type: "array" });
  return true;
}
function v45(d, p) {
  if (!(d === "unchecked")) return f(p, "enum", { allowedValues: ["unchecked"] });
  return true;
}
function v36(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (d["deny"] === undefined) return f(p, "required", { missingProperty: "deny" });
    for (const key in d) if (!(key === "allow" || key === "deny" || key === "bash")) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c6) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v11(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c2) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c3.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c7) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v8(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (Object.keys(d).length > 5000) return f(p, "maxProperties", { limit: 5000 });
    for (const key in d) if (!v9(key, p)) return false;
    for (const key in d) if (true) { if (!v11(d[key], p + k(key))) return false; }
  } else return f(p, "type", { type: "object" });
  return true;
}
function v56(d, p) {
  if (!(d === "block" || d === "warn" || d === "allow")) return f(p, "enum", { allowedValues: ["block","warn","allow"] });
  return true;
}
function v58(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const key in d) if (!v9(key, p)) return false;
    for (const key in d) if (true) { if (!v6(d[key], p + k(key))) return false; }
  } else return f(p, "type", { type: "object" });
  return true;
}
function v66(d, p) {
  if (!(typeof d == "boolean")) return f(p, "type", { type: "boolean" });
  return true;
}
function v71(d, p) {
  if (!(d === "read" || d === "edit" || d === "write" || d === "grep" || d === "find" || d === "ls")) return f(p, "enum", { allowedValues: ["read","edit","write","grep","find","ls"] });
  return true;
}
function v70(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v71(d[i], p + k(i))) return false;
  } else return f(p, "type", { type: "array" });
  return true;
}
function v67(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (d["paths"] === undefined) return f(p, "required", { missingProperty: "paths" });
    for (const key in d) if (!(key === "paths" || key === "tools")) return f(p, "additionalProperties", { additionalProperty: key });
    if (d["paths"] !== undefined && !v43(d["paths"], p + "/paths")) return false;
    if (d["tools"] !== undefined && !v70(d["tools"], p + "/tools")) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v62(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c10) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c11.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c12) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v61(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v62(d[i], p + k(i))) return false;
  } else return f(p, "type", { type: "array" });
  return true;
}
function v52(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c8) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c9.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c13) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v50(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (Object.keys(d).length > 5000) return f(p, "maxProperties", { limit: 5000 });
    for (const key in d) if (!v9(key, p)) return false;
    for (const key in d) if (true) { if (!v52(d[key], p + k(key))) return false; }
  } else return f(p, "type", { type: "object" });
  return true;
}
function v87(d, p) {
  if (typeof d == "string") {
    if (d.length > 1024) return f(p, "maxLength", { limit: 1024 });
    if (d.length < 1) return f(p, "minLength", { limit: 1 });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v82(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c14) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c15.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c16) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v80(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (Object.keys(d).length > 5000) return f(p, "maxProperties", { limit: 5000 });
    for (const key in d) if (!v9(key, p)) return false;
    for (const key in d) if (true) { if (!v82(d[key], p + k(key))) return false; }
  } else return f(p, "type", { type: "object" });
  return true;
}
function v93(d, p) {
  if (!eq(d, "ed25519")) return f(p, "const", { allowedValue: "ed25519" });
  return true;
}
function v94(d, p) {
  if (typeof d == "string") {
    if (!r2.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z0-9+/]{43}=$" });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v97(d, p) {
  if (typeof d == "string") {
    if (d.length > 128) return f(p, "maxLength", { limit: 128 });
    if (!r3.test(d)) return f(p, "pattern", { pattern: "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*$" });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v99(d, p) {
  if (typeof d == "string") {
    if (!r4.test(d)) return f(p, "pattern", { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3})?Z$" });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v100(d, p) {
  if (typeof d == "string") {
    if (!r5.test(d)) return f(p, "pattern", { pattern: "^[A-Za-z0-9+/]{86}==$" });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v92(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c17) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c18.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c19) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v91(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 32) return f(p, "maxItems", { limit: 32 });
    for (let i = 0; i < d.length; i++) if (!v92(d[i], p + k(i))) return false;
  } else return f(p, "type", { type: "array" });
  return true;
}
function v0(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c0) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c1.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c20) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v106(d, p) {
  if (!(d === null)) return f(p, "type", { type: "null" });
  return true;
}
function v104(d, p) {
  { const s = E; let first = null; let valid = false; let passing = null; let r; one: {
    E = null; r = v9(d, p); if (!r) first ??= E;
    if (r) { valid = true; passing = 0; }
    E = null; r = v106(d, p); if (!r) first ??= E;
    if (r && valid) { valid = false; passing = [passing, 1]; break one; } else if (r) { valid = true; passing = 1; }
    }
    if (!valid) { E = first ?? { instancePath: p, schemaPath: "", keyword: "oneOf", params: { passingSchemas: passing } }; return false; }
    E = s; }
  return true;
}
function v116(d, p) {
  if (!(d === "builtin" || d === "global" || d === "project")) return f(p, "enum", { allowedValues: ["builtin","global","project"] });
  return true;
}
function v118(d, p) {
  if (typeof d == "string") {
    if (d.length > 4096) return f(p, "maxLength", { limit: 4096 });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v119(d, p) {
  { const s = E; let first = null; let valid = false; let passing = null; let r; one: {
    E = null; r = v36(d, p); if (!r) first ??= E;
    if (r) { valid = true; passing = 0; }
    E = null; r = v106(d, p); if (!r) first ??= E;
    if (r && valid) { valid = false; passing = [passing, 1]; break one; } else if (r) { valid = true; passing = 1; }
    }
    if (!valid) { E = first ?? { instancePath: p, schemaPath: "", keyword: "oneOf", params: { passingSchemas: passing } }; return false; }
    E = s; }
  return true;
}
function v114(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c23) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c24.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c25) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v112(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const key in d) if (!v9(key, p)) return false;
    for (const key in d) if (true) { if (!v114(d[key], p + k(key))) return false; }
  } else return f(p, "type", { type: "object" });
  return true;
}
function v126(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (Object.keys(d).length > 32) return f(p, "maxProperties", { limit: 32 });
    for (const key in d) if (true) { if (!v6(d[key], p + k(key))) return false; }
  } else return f(p, "type", { type: "object" });
  return true;
}
function v122(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const key in d) if (!(c26.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c27) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v129(d, p) {
  if (!(d === "env" || d === "flag" || d === "command" || d === "selector" || d === "preset" || d === "reapprove" || d === "off" || d === "migrate" || d === "delete" || d === "edit")) return f(p, "enum", { allowedValues: ["env","flag","command","selector","preset","reapprove","off","migrate","delete","edit"] });
  return true;
}
function v102(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c21) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c22.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c28) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v133(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c29) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
  }
  return true;
}
function v135(d, p) {
  if (!eq(d, "apply")) return f(p, "const", { allowedValue: "apply" });
  return true;
}
function v134(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (d["op"] !== undefined && !v135(d["op"], p + "/op")) return false;
  }
  return true;
}
function v138(d, p) {
  if (!(d === "apply" || d === "revoke" || d === "reset")) return f(p, "enum", { allowedValues: ["apply","revoke","reset"] });
  return true;
}
function v139(d, p) {
  if (!(d === "user" || d === "agent" || d === "preset" || d === "rule")) return f(p, "enum", { allowedValues: ["user","agent","preset","rule"] });
  return true;
}
function v132(d, p) {
  { const s = E; const c = v134(d, p); E = s; if (c ? !v133(d, p) : !true) return false; }
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c30) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c31.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c32) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v157(d, p) {
  if (typeof d == "string") {
    if (!r6.test(d)) return f(p, "pattern", { pattern: "^[0-9a-f]{16}$" });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v156(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (Object.keys(d).length > 5000) return f(p, "maxProperties", { limit: 5000 });
    for (const key in d) if (true) { if (!v157(d[key], p + k(key))) return false; }
  } else return f(p, "type", { type: "object" });
  return true;
}
function v162(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (Object.keys(d).length > 20000) return f(p, "maxProperties", { limit: 20000 });
    for (const key in d) if (true) { if (!v157(d[key], p + k(key))) return false; }
  } else return f(p, "type", { type: "object" });
  return true;
}
function v155(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c36) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c37.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c38) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v170(d, p) {
  if (typeof d == "string") {
    if (d.length > 4096) return f(p, "maxLength", { limit: 4096 });
  }
  return true;
}
function v169(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (Object.keys(d).length > 20000) return f(p, "maxProperties", { limit: 20000 });
    for (const key in d) if (!v170(key, p)) return false;
    for (const key in d) if (true) { if (!v157(d[key], p + k(key))) return false; }
  } else return f(p, "type", { type: "object" });
  return true;
}
function v152(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (d["bundleHash"] === undefined) return f(p, "required", { missingProperty: "bundleHash" });
    for (const key in d) if (!(c35.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c39) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v151(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (Object.keys(d).length > 10000) return f(p, "maxProperties", { limit: 10000 });
    for (const key in d) if (true) { if (!v152(d[key], p + k(key))) return false; }
  } else return f(p, "type", { type: "object" });
  return true;
}
function v178(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c40) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(key === "name" || key === "trustedAt")) return f(p, "additionalProperties", { additionalProperty: key });
    if (d["name"] !== undefined && !v97(d["name"], p + "/name")) return false;
    if (d["trustedAt"] !== undefined && !v3(d["trustedAt"], p + "/trustedAt")) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v176(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (Object.keys(d).length > 1000) return f(p, "maxProperties", { limit: 1000 });
    for (const key in d) if (!v6(key, p)) return false;
    for (const key in d) if (true) { if (!v178(d[key], p + k(key))) return false; }
  } else return f(p, "type", { type: "object" });
  return true;
}
function v184(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c41) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(key === "name" || key === "revokedAt")) return f(p, "additionalProperties", { additionalProperty: key });
    if (d["name"] !== undefined && !v97(d["name"], p + "/name")) return false;
    if (d["revokedAt"] !== undefined && !v3(d["revokedAt"], p + "/revokedAt")) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v182(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (Object.keys(d).length > 1000) return f(p, "maxProperties", { limit: 1000 });
    for (const key in d) if (!v6(key, p)) return false;
    for (const key in d) if (true) { if (!v184(d[key], p + k(key))) return false; }
  } else return f(p, "type", { type: "object" });
  return true;
}
function v189(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c42) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c43.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c44) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v188(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (Object.keys(d).length > 10000) return f(p, "maxProperties", { limit: 10000 });
    for (const key in d) if (true) { if (!v189(d[key], p + k(key))) return false; }
  } else return f(p, "type", { type: "object" });
  return true;
}
function v149(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c33) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(c34.has(key))) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c45) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v199(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (d["digest"] === undefined) return f(p, "required", { missingProperty: "digest" });
  }
  return true;
}
function v203(d, p) {
  if (!(d === "apply" || d === "revoke")) return f(p, "enum", { allowedValues: ["apply","revoke"] });
  return true;
}
function v198(d, p) {
  { const s = E; const c = v134(d, p); E = s; if (c ? !v199(d, p) : !true) return false; }
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c47) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(key === "updateId" || key === "op" || key === "digest")) return f(p, "additionalProperties", { additionalProperty: key });
    for (const [n, v, s] of c48) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v197(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 10000) return f(p, "maxItems", { limit: 10000 });
    for (let i = 0; i < d.length; i++) if (!v198(d[i], p + k(i))) return false;
  } else return f(p, "type", { type: "array" });
  return true;
}
function v195(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c46) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(key === "v" || key === "changes")) return f(p, "additionalProperties", { additionalProperty: key });
    if (d["v"] !== undefined && !v2(d["v"], p + "/v")) return false;
    if (d["changes"] !== undefined && !v197(d["changes"], p + "/changes")) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v207(d, p) {
  if (!(d === "activate" || d === "deactivate")) return f(p, "enum", { allowedValues: ["activate","deactivate"] });
  return true;
}
function v206(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c49) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const key in d) if (!(key === "action" || key === "id")) return f(p, "additionalProperties", { additionalProperty: key });
    if (d["action"] !== undefined && !v207(d["action"], p + "/action")) return false;
    if (d["id"] !== undefined && !v9(d["id"], p + "/id")) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v210(d, p) {
  if (typeof d == "string") {
    if (d.length > 128) return f(p, "maxLength", { limit: 128 });
  } else return f(p, "type", { type: "string" });
  return true;
}
function v209(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (d["mode"] === undefined) return f(p, "required", { missingProperty: "mode" });
    if (d["mode"] !== undefined && !v210(d["mode"], p + "/mode")) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v212(d, p) {
  if (!(typeof d == "string" || d === null)) return f(p, "type", { type: ["string","null"] });
  if (typeof d == "string") {
    if (d.length > 128) return f(p, "maxLength", { limit: 128 });
  }
  return true;
}
function v211(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    if (d["key"] === undefined) return f(p, "required", { missingProperty: "key" });
    if (d["key"] !== undefined && !v212(d["key"], p + "/key")) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
function v215(d, p) {
  if (Array.isArray(d)) {
    if (d.length > 64) return f(p, "maxItems", { limit: 64 });
    for (let i = 0; i < d.length; i++) if (!v210(d[i], p + k(i))) return false;
  } else return f(p, "type", { type: "array" });
  return true;
}
function v217(d, p) {
  if (!((d && typeof d == "object" && !Array.isArray(d)))) return f(p, "type", { type: "object" });
  return true;
}
function v213(d, p) {
  if ((d && typeof d == "object" && !Array.isArray(d))) {
    for (const n of c50) if (d[n] === undefined) return f(p, "required", { missingProperty: n });
    for (const [n, v, s] of c51) if (d[n] !== undefined && !v(d[n], p + s)) return false;
  } else return f(p, "type", { type: "object" });
  return true;
}
const c0 = ["generated","format","forgeVersion","scope","bundleHash","modes","presets"];
const c1 = new Set(["generated","format","forgeVersion","scope","bundleHash","modes","presets","rules","tokens","signatures","lock"]);
const c2 = ["label","description","strategy","prompt","requires","conflictsWith","before","after","source","digest"];
const c3 = new Set(["label","description","strategy","prompt","requires","conflictsWith","before","after","model","thinking","tools","edits","extends","extendsDigest","library","source","digest"]);
const c4 = ["kind","source","regex"];
const c5 = [["kind", v39, "/kind"], ["source", v40, "/source"], ["regex", v41, "/regex"]];
const c6 = [["allow", v37, "/allow"], ["deny", v43, "/deny"], ["bash", v45, "/bash"]];
const c7 = [["label", v12, "/label"], ["description", v12, "/description"], ["strategy", v14, "/strategy"], ["prompt", v16, "/prompt"], ["requires", v25, "/requires"], ["conflictsWith", v25, "/conflictsWith"], ["before", v25, "/before"], ["after", v25, "/after"], ["model", v12, "/model"], ["thinking", v32, "/thinking"], ["tools", v34, "/tools"], ["edits", v36, "/edits"], ["source", v12, "/source"], ["digest", v6, "/digest"]];
const c8 = ["description","overlays","modeDigests","systemUpdates","source","digest"];
const c9 = new Set(["description","base","overlays","driftPolicy","modeDigests","systemUpdates","library","source","digest"]);
const c10 = ["id","name","description","modelCallable","content","digest"];
const c11 = new Set(["id","name","description","modelCallable","when","content","digest"]);
const c12 = [["id", v9, "/id"], ["name", v12, "/name"], ["description", v12, "/description"], ["modelCallable", v66, "/modelCallable"], ["when", v67, "/when"], ["content", v16, "/content"], ["digest", v6, "/digest"]];
const c13 = [["description", v12, "/description"], ["base", v9, "/base"], ["overlays", v25, "/overlays"], ["driftPolicy", v56, "/driftPolicy"], ["modeDigests", v58, "/modeDigests"], ["systemUpdates", v61, "/systemUpdates"], ["source", v12, "/source"], ["digest", v6, "/digest"]];
const c14 = ["name","description","when","content","source","digest"];
const c15 = new Set(["name","description","when","content","contextFile","source","digest"]);
const c16 = [["name", v12, "/name"], ["description", v12, "/description"], ["when", v67, "/when"], ["content", v16, "/content"], ["contextFile", v87, "/contextFile"], ["source", v12, "/source"], ["digest", v6, "/digest"]];
const c17 = ["algorithm","publicKey","fingerprint","name","signedAt","signature"];
const c18 = new Set(["algorithm","publicKey","fingerprint","name","signedAt","signature"]);
const c19 = [["algorithm", v93, "/algorithm"], ["publicKey", v94, "/publicKey"], ["fingerprint", v6, "/fingerprint"], ["name", v97, "/name"], ["signedAt", v99, "/signedAt"], ["signature", v100, "/signature"]];
const c20 = [["generated", v1, "/generated"], ["format", v2, "/format"], ["forgeVersion", v3, "/forgeVersion"], ["scope", v4, "/scope"], ["bundleHash", v6, "/bundleHash"], ["modes", v8, "/modes"], ["presets", v50, "/presets"], ["rules", v80, "/rules"], ["signatures", v91, "/signatures"]];
const c21 = ["v","base","overlays","preset","components","bundleHashes","driftPolicy","source","activatedAt"];
const c22 = new Set(["v","base","overlays","preset","components","bundleHashes","driftPolicy","source","activatedAt","confirmedExact"]);
const c23 = ["digest","scope"];
const c24 = new Set(["digest","scope","layer","edits"]);
const c25 = [["digest", v6, "/digest"], ["scope", v116, "/scope"], ["layer", v118, "/layer"], ["edits", v119, "/edits"]];
const c26 = new Set(["builtin","global","project","layers"]);
const c27 = [["builtin", v6, "/builtin"], ["global", v6, "/global"], ["project", v6, "/project"], ["layers", v126, "/layers"]];
const c28 = [["v", v2, "/v"], ["base", v104, "/base"], ["overlays", v25, "/overlays"], ["preset", v104, "/preset"], ["components", v112, "/components"], ["bundleHashes", v122, "/bundleHashes"], ["driftPolicy", v56, "/driftPolicy"], ["source", v129, "/source"], ["activatedAt", v3, "/activatedAt"], ["confirmedExact", v6, "/confirmedExact"]];
const c29 = ["contentSnapshot","digest"];
const c30 = ["v","updateId","op","source","createdAt"];
const c31 = new Set(["v","updateId","op","source","presetId","blockId","ruleId","matchedPath","matchedGlob","contentSnapshot","digest","createdAt"]);
const c32 = [["v", v2, "/v"], ["updateId", v9, "/updateId"], ["op", v138, "/op"], ["source", v139, "/source"], ["presetId", v9, "/presetId"], ["blockId", v9, "/blockId"], ["ruleId", v9, "/ruleId"], ["matchedPath", v118, "/matchedPath"], ["matchedGlob", v40, "/matchedGlob"], ["contentSnapshot", v41, "/contentSnapshot"], ["digest", v6, "/digest"], ["createdAt", v3, "/createdAt"]];
const c33 = ["v","projects"];
const c34 = new Set(["v","projects","signers","revokedSigners","seen"]);
const c35 = new Set(["bundleHash","trustedAt","components","sources","committed"]);
const c36 = ["modes","presets"];
const c37 = new Set(["modes","presets","limits","blocks","rules","libraries"]);
const c38 = [["modes", v156, "/modes"], ["presets", v156, "/presets"], ["limits", v156, "/limits"], ["blocks", v162, "/blocks"], ["rules", v156, "/rules"], ["libraries", v156, "/libraries"]];
const c39 = [["bundleHash", v6, "/bundleHash"], ["trustedAt", v3, "/trustedAt"], ["components", v155, "/components"], ["sources", v169, "/sources"], ["committed", v169, "/committed"]];
const c40 = ["name","trustedAt"];
const c41 = ["name","revokedAt"];
const c42 = ["bundleHash","seenAt","components"];
const c43 = new Set(["bundleHash","seenAt","signer","components"]);
const c44 = [["bundleHash", v6, "/bundleHash"], ["seenAt", v3, "/seenAt"], ["signer", v6, "/signer"], ["components", v155, "/components"]];
const c45 = [["v", v2, "/v"], ["projects", v151, "/projects"], ["signers", v176, "/signers"], ["revokedSigners", v182, "/revokedSigners"], ["seen", v188, "/seen"]];
const c46 = ["v","changes"];
const c47 = ["updateId","op"];
const c48 = [["updateId", v9, "/updateId"], ["op", v203, "/op"], ["digest", v6, "/digest"]];
const c49 = ["action","id"];
const c50 = ["baseKey","overlayKeys"];
const c51 = [["baseKey", v212, "/baseKey"], ["overlayKeys", v215, "/overlayKeys"], ["fingerprints", v217, "/fingerprints"], ["driftPolicy", v56, "/driftPolicy"], ["activatedAt", v12, "/activatedAt"], ["source", v12, "/source"]];
export const validateBundle = w((d, p) => v0(d, p));
export const validateModeState = w((d, p) => v102(d, p));
export const validateUpdateEvent = w((d, p) => v132(d, p));
export const validateTrustStore = w((d, p) => v149(d, p));
export const validateDeliveryDetails = w((d, p) => v195(d, p));
export const validateToolArguments = w((d, p) => v206(d, p));
export const validatePiModesSwitch = w((d, p) => v209(d, p));
export const validatePiModesV1 = w((d, p) => v211(d, p));
export const validatePiModesSelection = w((d, p) => v213(d, p));
