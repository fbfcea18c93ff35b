// Placeholder: `forge import` is being implemented.
import type { CliArgs } from "./args.js";
import type { CliIO } from "./io.js";

export function importCommand(_args: CliArgs, io: CliIO): number {
  io.stderr.write("forge: not implemented yet\n");
  return 2;
}
