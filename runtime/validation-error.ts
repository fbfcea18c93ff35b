// The one wording of a generated validator's first error, for refusal notices and skipped-entry diagnostics.
import type { Validator } from "../generated/validator.js";

/** `at /path: message` for the validator's last failure (the runtime validators stop at the first error), or null. */
export function describeValidationError(validator: Validator): string | null {
  const err = validator.errors?.[0];
  if (!err) return null;
  return `at ${err.instancePath === "" ? "/" : err.instancePath}: ${err.message ?? err.keyword}`;
}
