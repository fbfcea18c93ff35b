// The one wording of a caught error and of a generated validator's first error, for notices and diagnostics.
import type { Validator } from "../generated/validator.js";

/** The message of a caught value, for "forge: ... failed (...)" notices. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `at /path: message` for the validator's last failure (the runtime validators stop at the first error), or null. */
export function describeValidationError(validator: Validator): string | null {
  const err = validator.errors?.[0];
  if (!err) return null;
  return `at ${err.instancePath === "" ? "/" : err.instancePath}: ${err.message ?? err.keyword}`;
}
