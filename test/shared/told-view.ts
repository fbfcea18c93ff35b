// Reads a recorded request the way a model does: which system updates it was told, in order, through which channel,
// and any breach of the delivery invariants (a repeat, or a message-held update dropped by a section removal).
// Independent of forge's own view code on purpose: it parses only the bytes the provider would get.
import type { SentRequest } from "./sent-request.js";

export type Channel = "section" | "prompt" | "message";

export interface ToldView {
  /** Update id -> the content the model holds, after reading the whole request in order. */
  held: Map<string, { content: string; via: Channel }>;
  violations: string[];
}

const ID = "([a-z][a-z0-9-]*)";
/** In a prompt: a 1.x update section, or a restated (folded) update. */
const PROMPT = new RegExp(`<forge-update-${ID}>\\n([\\s\\S]*?)\\n</forge-update-\\1>|<system_update id="${ID}">\\n([\\s\\S]*?)\\n</system_update>`, "g");
/** In a mid-conversation system message: Pi's wording of a section patch. */
const PATCH = new RegExp(
  `Updated system prompt section "forge-update-${ID}":\\n\\n<forge-update-\\1>\\n([\\s\\S]*?)\\n</forge-update-\\1>|Removed system prompt section "forge-update-${ID}"\\.`,
  "g",
);
/** In a user-role message: an apply or a retraction tag. */
const TAG = new RegExp(`<system_update id="${ID}"( status="revoked")?>\\n([\\s\\S]*?)\\n</system_update>`, "g");

export function toldView(request: SentRequest): ToldView {
  const held = new Map<string, { content: string; via: Channel }>();
  const violations: string[] = [];
  const tell = (id: string, content: string, via: Channel, where: string) => {
    const had = held.get(id);
    if (had) violations.push(`${id} delivered twice (${where}; already held as a ${had.via})`);
    held.set(id, { content, via });
  };
  const drop = (id: string, via: Channel, where: string) => {
    if (via === "section" && held.get(id)?.via === "message") violations.push(`${id} was told as a message but retracted by a section removal (${where})`);
    held.delete(id);
  };
  for (const m of request.prompt.matchAll(PROMPT)) {
    if (m[1] !== undefined) tell(m[1], m[2]!, "section", "prompt section");
    else tell(m[3]!, m[4]!, "prompt", "prompt fold");
  }
  request.messages.forEach((message, i) => {
    const where = `message ${i} (${message.role})`;
    if (message.role === "system") {
      for (const m of message.text.matchAll(PATCH)) {
        if (m[1] !== undefined) tell(m[1], m[2]!, "section", where);
        else drop(m[3]!, "section", where);
      }
    } else if (message.role === "user") {
      for (const m of message.text.matchAll(TAG)) {
        if (m[2] !== undefined) drop(m[1]!, "message", where);
        else tell(m[1]!, m[3]!, "message", where);
      }
    }
  });
  return { held, violations };
}

/** A request as one string for prefix arithmetic (the same shape as runtime/updates/cache-impact.ts). */
export function serializeSent(request: SentRequest): string {
  return request.prompt + request.messages.map((m) => `\u0000${JSON.stringify(m)}`).join("");
}
