// What the authoring commands (/mode new|edit|delete, /preset export|import|delete) are built from.
import type { ForgeCli } from "../forge-cli.js";
import type { SessionCommands } from "../forge-session.js";
import type { CtxPort } from "../host-adapter/ports.js";

export interface AuthoringDeps {
  session: SessionCommands;
  cli: ForgeCli;
  now(): Date;
  /** The keys that insert a new line in the host's editor (the host adapter knows); shown in the editor's title. */
  newlineKeys?(ctx: CtxPort): string;
}
