// The request bodies Pi sends, as host knowledge: what forge records of each one (before_provider_request), how a
// provider payload reads in the order a provider caches it (tool declarations, the leading prompt, the messages), and
// which tools each host declares after the active set changed. Pure but for observeRequest's reads of the host.
import type { BeforeProviderRequestEvent, CtxPort, PiPort, ToolInfo } from "./ports.js";

/** The last request Pi sent, as forge recorded it: a reference to the payload, serialized only when a notice asks. */
export interface RequestRecord {
  payload: unknown;
  /** The session leaf when it was sent (the prompt or tool result it answers); undefined when the host cannot tell. */
  leafId: string | null | undefined;
  /** The active tools then: those active but not declared (1.x's hidden declarations) stay undeclared. */
  activeTools: readonly string[];
  /** Whether 1.x sent it (it keeps declared tools in place across a change; 0.73.1 declares the active list as is). */
  modern: boolean;
  /** The names of the tools it declared, in order (a small list: read when recorded); null: not a readable payload. */
  toolNames: readonly string[] | null;
  /**
   * 1.x, by the model's compat then: tool changes Pi declares inside the conversation rather than in the leading list
   * (`changes`: additions and removals, Anthropic's native tool changes; `additions`: additions only), or none.
   */
  toolChangesInPlace: "none" | "additions" | "changes";
}

/** A request body in the order a provider caches it: tool declarations, the leading system prompt, then the rest. */
export interface RequestParts {
  tools: readonly unknown[];
  lead: string;
  messages: readonly unknown[];
}

/**
 * Records a request without serializing it (a big body costs nothing until a notice asks). Reads only the leaf and
 * the active tool names; never throws.
 */
export function observeRequest(
  event: BeforeProviderRequestEvent,
  ctx: Pick<CtxPort, "sessionManager" | "isProjectTrusted" | "model">,
  pi: Pick<PiPort, "getActiveTools">,
): RequestRecord {
  const payload = event?.payload;
  const modern = typeof ctx.isProjectTrusted === "function";
  const toolChangesInPlace = modern ? inPlaceOf(ctx.model?.compat) : "none";
  return { payload, leafId: leafOf(ctx), activeTools: activeOf(pi), modern, toolNames: namesOf(payload), toolChangesInPlace };
}

/** pi-ai 1.x: mid-conversation system messages, plus `supportsMidConvoToolChanges` or `supportsMidConvoToolAdditions`. */
function inPlaceOf(compat: unknown): RequestRecord["toolChangesInPlace"] {
  if (!isObject(compat) || compat.supportsMidConvoSystemMessages !== true) return "none";
  return compat.supportsMidConvoToolChanges === true ? "changes" : compat.supportsMidConvoToolAdditions === true ? "additions" : "none";
}

/** The declared tools' names: a map over the `tools` list, nothing serialized. */
function namesOf(payload: unknown): readonly string[] | null {
  const tools = isObject(payload) ? payload.tools : undefined;
  if (tools === undefined) return isObject(payload) ? [] : null;
  return Array.isArray(tools) ? tools.map((d) => declaredName(d) ?? "") : null;
}

function leafOf(ctx: Pick<CtxPort, "sessionManager">): string | null | undefined {
  try {
    const id = ctx.sessionManager.getLeafId?.();
    return typeof id === "string" || id === null ? id : undefined;
  } catch {
    return undefined;
  }
}

function activeOf(pi: Pick<PiPort, "getActiveTools">): readonly string[] {
  try {
    return [...pi.getActiveTools()];
  } catch {
    return [];
  }
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** A message's or system field's text, as the providers' readers join content parts. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((p) => (isObject(p) && typeof p.text === "string" ? p.text : "")).join("");
}

const isSystemRole = (m: unknown): m is Obj => isObject(m) && (m.role === "system" || m.role === "developer");

/**
 * The cache-order parts of a payload of the request formats Pi's providers build: chat completions (`messages`, a
 * leading system or developer message), Anthropic messages (`system` beside `messages`), OpenAI responses
 * (`instructions` or a leading developer item in `input`). Null for any other shape: forge then says it cannot tell.
 */
export function readRequest(payload: unknown): RequestParts | null {
  if (!isObject(payload)) return null;
  if (payload.tools !== undefined && !Array.isArray(payload.tools)) return null;
  const tools = (payload.tools as unknown[] | undefined) ?? [];
  const list = Array.isArray(payload.messages) ? payload.messages : Array.isArray(payload.input) ? payload.input : null;
  if (list === null) return null;
  if (payload.system !== undefined) return { tools, lead: textOf(payload.system), messages: list };
  if (typeof payload.instructions === "string") return { tools, lead: payload.instructions, messages: list };
  const [head, ...rest] = list;
  return isSystemRole(head) ? { tools, lead: textOf(head.content), messages: rest } : { tools, lead: "", messages: list };
}

/** A declaration's tool name: chat completions nest it under `function` (or `custom`), the others name it at the top. */
export function declaredName(declaration: unknown): string | null {
  if (!isObject(declaration)) return null;
  for (const inner of [declaration.function, declaration.custom]) if (isObject(inner) && typeof inner.name === "string") return inner.name;
  return typeof declaration.name === "string" ? declaration.name : null;
}

/**
 * A declaration of `tool` shaped like `template` (a declaration of the same request): the same keys in the same order,
 * with the tool's name, description and schema. Good for prefix arithmetic, where only the first differing character
 * counts; null when the template's shape is not known.
 */
export function declareLike(template: unknown, tool: ToolInfo): unknown {
  if (!isObject(template)) return null;
  const own = (into: Obj, schemaKey: string): Obj => ({ ...into, name: tool.name, description: tool.description ?? "", [schemaKey]: tool.parameters ?? {} });
  if (isObject(template.function)) return { ...template, function: own(template.function, "parameters") };
  if ("input_schema" in template) return own(template, "input_schema");
  if ("parameters" in template) return own(template, "parameters");
  return null;
}

/**
 * The tools the next request declares in its leading list once the active set is `activeNow`, in the host's order.
 * 0.73.1 declares the active list as it is. 1.x folds each change into the tool state it records (a tool kept stays
 * where it was, a new one goes last) and leaves out what it left out before (a tool active then but not declared);
 * a model that takes tool changes in place keeps the list and gets the change after everything sent.
 */
export function nextDeclaredNames(record: RequestRecord, declared: readonly string[], activeNow: readonly string[]): string[] {
  if (!record.modern) return [...activeNow];
  const kept = declared.filter((n) => activeNow.includes(n));
  const inPlace = record.toolChangesInPlace === "changes" || (record.toolChangesInPlace === "additions" && kept.length === declared.length);
  if (inPlace) return [...declared];
  return [...kept, ...activeNow.filter((n) => !record.activeTools.includes(n) && !kept.includes(n))];
}

/**
 * The declarations of `names`: each one's own from the recorded request when it declared it (byte for byte), else
 * shaped like the request's others from `infoOf` (the host's tool list). A new tool's declaration only has to be right
 * up to its first character that differs from what stood there before, where the kept prefix ends anyway.
 */
export function declarationsOf(parts: RequestParts, names: readonly string[], infoOf: (name: string) => ToolInfo | undefined): unknown[] {
  const own = (name: string) => parts.tools.find((d) => declaredName(d) === name);
  return names.map((name) => own(name) ?? declareLike(parts.tools[0], infoOf(name) ?? { name }) ?? { name });
}

/** The parts as one string in cache order (the text prefix arithmetic compares): tools, the prompt, each message. */
export function prefixText(parts: RequestParts): string {
  return [JSON.stringify(parts.tools), parts.lead, ...parts.messages.map((m) => JSON.stringify(m))].join("\u0000");
}

/** What changes between the recorded request and the next one. */
export interface RequestChange {
  /** The next leading prompt; undefined: the one sent. */
  lead?: string;
  /** The active tools at the next request; undefined: the tools declared stay. */
  activeTools?: readonly string[];
  /** The host's tool list (pi.getAllTools()), for a tool the recorded request did not declare. */
  toolInfo?: (name: string) => ToolInfo | undefined;
  /** The branch was compacted since: the messages after the prompt start from this summary. */
  summary?: string;
  /** What the change appends after everything sent (a timeline message, Pi's section patch). */
  appended?: readonly unknown[];
}

/** The recorded request and the predicted next one as cache-order text; null when the payload's format is not known. */
export type RequestPrediction = { previous: string; next: string } | null;

/** The next request after `change`, predicted from the recorded one: only what the change touches differs. */
export function predictRequest(record: RequestRecord, change: RequestChange): RequestPrediction {
  const parts = readRequest(record.payload);
  if (parts === null) return null;
  const declared = parts.tools.map(declaredName).filter((n): n is string => n !== null);
  const tools =
    change.activeTools === undefined
      ? parts.tools
      : declarationsOf(parts, nextDeclaredNames(record, declared, change.activeTools), change.toolInfo ?? (() => undefined));
  const messages = change.summary === undefined ? parts.messages : [{ role: "user", content: change.summary }];
  const next: RequestParts = { tools, lead: change.lead ?? parts.lead, messages: [...messages, ...(change.appended ?? [])] };
  return { previous: prefixText(parts), next: prefixText(next) };
}
