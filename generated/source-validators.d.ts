// generated, do not edit: written by scripts/codegen.mjs from schema/*.schema.json
import type { Validator } from "./validator.js";
export declare const validateModeSource: Validator;
export declare const validatePresetSource: Validator;
export declare const validateRuleSource: Validator;
export declare const validateForgeConfig: Validator;
export declare const validatePolicySource: Validator;
