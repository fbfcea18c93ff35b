// generated, do not edit: written by scripts/codegen.mjs from schema/*.schema.json
import type { Validator } from "./validator.js";
export declare const validateBuildCacheEntry: Validator;
export declare const validateBundleStrict: Validator;
