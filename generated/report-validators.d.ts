// generated, do not edit: written by scripts/codegen.mjs from schema/*.schema.json
import type { Validator } from "./validator.js";
export declare const validateCliReport: Validator;
export declare const validateTestReport: Validator;
