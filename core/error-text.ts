// The one wording of a caught error and of a generated validator's first error, for notices and diagnostics.
import type { ValidationError, Validator } from "../generated/validator.js";

/** The message of a caught value, for "forge: ... failed (...)" notices. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * ajv's wording of one error from its keyword and params. The runtime validators are generated without message
 * strings (a smaller extension), so the few keywords forge's schemas use are worded here, as ajv words them.
 */
function describeKeyword(err: ValidationError): string {
  const p = err.params;
  switch (err.keyword) {
    case "required":
      return `must have required property '${String(p.missingProperty)}'`;
    case "additionalProperties":
      return `must NOT have additional properties ('${String(p.additionalProperty)}')`;
    case "type":
      return `must be ${String(p.type)}`;
    case "enum":
      return "must be equal to one of the allowed values";
    case "const":
      return "must be equal to constant";
    case "pattern":
      return `must match pattern "${String(p.pattern)}"`;
    case "maxLength":
    case "maxItems":
    case "maxProperties":
      return `must NOT have more than ${String(p.limit)} ${err.keyword === "maxLength" ? "characters" : err.keyword === "maxItems" ? "items" : "properties"}`;
    case "minLength":
      return `must NOT have fewer than ${String(p.limit)} characters`;
    case "minimum":
      return `must be >= ${String(p.limit)}`;
    case "oneOf":
      return "must match exactly one schema in oneOf";
    case "propertyNames":
      return `property name '${String(p.propertyName)}' is invalid`;
    default:
      return `must satisfy ${err.keyword}`;
  }
}

/** `at /path: message` for the validator's last failure (the runtime validators stop at the first error), or null. */
export function describeValidationError(validator: Validator): string | null {
  const err = validator.errors?.[0];
  if (!err) return null;
  return `at ${err.instancePath === "" ? "/" : err.instancePath}: ${err.message ?? describeKeyword(err)}`;
}
