// The command line's one error type: a usage error exits 2 and shows the usage of the command it names.
import type { SubCommand } from "./cli-help.js";

/** A usage error: exit 2, with the usage of `command` when one was recognized (else every command's). */
export class UsageError extends Error {
  override name = "UsageError";
  constructor(
    message: string,
    readonly command: SubCommand | null = null,
  ) {
    super(message);
  }
}
