// generated, do not edit: written by scripts/codegen.mjs from schema/*.schema.json
import type { Validator } from "./validator.js";
export declare const validatePresetExport: Validator;
export declare const validateSourceRequest: Validator;
export declare const validateTestSource: Validator;
