// generated, do not edit: written by scripts/codegen.mjs from schema/*.schema.json
import type { Validator } from "./validator.js";
export declare const validateBundle: Validator;
export declare const validateModeState: Validator;
export declare const validateUpdateEvent: Validator;
export declare const validateTrustStore: Validator;
export declare const validateDeliveryDetails: Validator;
export declare const validateToolArguments: Validator;
export declare const validatePiModesSwitch: Validator;
export declare const validatePiModesV1: Validator;
export declare const validatePiModesSelection: Validator;
