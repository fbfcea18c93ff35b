// The request bodies Pi sends, as the host port reads them: the payload formats in cache order (the same text the fake
// provider caches), the tools each host declares after a change, and a record that serializes nothing until asked.
import { describe, expect, it } from "vitest";
import {
  declarationsOf,
  declareLike,
  declaredName,
  nextDeclaredNames,
  observeRequest,
  predictRequest,
  prefixText,
  readRequest,
  type RequestRecord,
} from "../../runtime/host-adapter/request-body.js";
import { createSessionStore } from "../../runtime/session-store.js";
import { commonPrefix, requestText } from "../../scripts/demo/prefix-cache.js";
import { FakeSession } from "../support/fake-pi.js";

/** A chat-completions tool declaration as both hosts' openai-completions providers build it. */
const fn = (name: string, description = `${name} tool`) => ({
  type: "function",
  function: { name, description, parameters: { type: "object", properties: { path: { type: "string" } } }, strict: false },
});
const BODY = {
  model: "m",
  messages: [
    { role: "system", content: "PROMPT" },
    { role: "user", content: [{ type: "text", text: "one" }] },
    { role: "assistant", content: "reply" },
    { role: "user", content: "two" },
  ],
  stream: true,
  tools: [fn("read"), fn("bash"), fn("edit"), fn("write")],
};
const record = (
  payload: unknown,
  modern: boolean,
  activeTools = ["read", "bash", "edit", "write"],
  toolChangesInPlace: RequestRecord["toolChangesInPlace"] = "none",
): RequestRecord => ({ payload, leafId: "x", activeTools, modern, toolNames: null, toolChangesInPlace });

describe("request bodies in cache order", () => {
  it("reads chat completions, Anthropic messages and OpenAI responses payloads; nothing else", () => {
    expect(readRequest(BODY)).toEqual({ tools: BODY.tools, lead: "PROMPT", messages: BODY.messages.slice(1) });
    expect(
      readRequest({
        messages: [
          { role: "developer", content: [{ type: "text", text: "P" }] },
          { role: "user", content: "u" },
        ],
      }),
    ).toMatchObject({
      tools: [],
      lead: "P",
    });
    const anthropic = { system: [{ type: "text", text: "SYS", cache_control: { type: "ephemeral" } }], messages: [{ role: "user", content: "u" }], tools: [] };
    expect(readRequest(anthropic)).toEqual({ tools: [], lead: "SYS", messages: anthropic.messages });
    expect(readRequest({ instructions: "INS", input: [{ role: "user", content: "u" }] })).toMatchObject({ lead: "INS" });
    expect(readRequest({ contents: [] })).toBeNull();
    expect(readRequest({ messages: [], tools: "x" })).toBeNull();
    expect(readRequest(null)).toBeNull();
  });

  it("is the text the fake provider caches: tools, the prompt, then each message", () => {
    expect(prefixText(readRequest(BODY)!)).toBe(requestText(BODY));
    const bare = {
      messages: [
        { role: "system", content: "P" },
        { role: "user", content: "u" },
      ],
    };
    expect(prefixText(readRequest(bare)!)).toBe(requestText(bare));
  });

  it("names and shapes a declaration like the request's others", () => {
    expect([fn("read"), { name: "a", input_schema: {} }, { type: "custom", custom: { name: "g" } }, {}].map(declaredName)).toEqual(["read", "a", "g", null]);
    const made = declareLike(fn("read"), { name: "grep", description: "Search", parameters: { type: "object" } });
    expect(JSON.stringify(made)).toBe(
      JSON.stringify({ type: "function", function: { name: "grep", description: "Search", parameters: { type: "object" }, strict: false } }),
    );
    expect(declareLike({ name: "a", description: "", input_schema: {} }, { name: "b" })).toEqual({ name: "b", description: "", input_schema: {} });
    expect(declareLike({ whatever: 1 }, { name: "b" })).toBeNull();
  });

  it("declares the active list as it is on 0.73.1; 1.x keeps each kept tool in place and adds new ones last", () => {
    const declared = ["read", "bash", "edit", "write"];
    expect(nextDeclaredNames(record(BODY, false), declared, ["grep", "read"])).toEqual(["grep", "read"]);
    expect(nextDeclaredNames(record(BODY, true), declared, ["grep", "read"])).toEqual(["read", "grep"]);
    // A tool active then but left out of the declarations (1.x hides some) stays left out.
    expect(nextDeclaredNames(record(BODY, true, ["read", "bash", "edit", "write", "hidden"]), declared, ["read", "hidden", "ls"])).toEqual(["read", "ls"]);
    // A 1.x model that takes tool changes in place keeps the leading list: all changes (Anthropic's native ones), or
    // additions only (then a removal folds the list as usual).
    expect(nextDeclaredNames(record(BODY, true, declared, "changes"), declared, ["grep", "read"])).toEqual(declared);
    expect(nextDeclaredNames(record(BODY, true, declared, "additions"), declared, [...declared, "grep"])).toEqual(declared);
    expect(nextDeclaredNames(record(BODY, true, declared, "additions"), declared, ["read", "grep"])).toEqual(["read", "grep"]);
    const compat = (c: object) =>
      observeRequest(
        { payload: BODY },
        { sessionManager: new FakeSession(), isProjectTrusted: () => true, model: { provider: "p", id: "m", compat: c } },
        { getActiveTools: () => [] },
      );
    expect(compat({ supportsMidConvoSystemMessages: true, supportsMidConvoToolChanges: true }).toolChangesInPlace).toBe("changes");
    expect(compat({ supportsMidConvoSystemMessages: true, supportsMidConvoToolAdditions: true }).toolChangesInPlace).toBe("additions");
    expect(compat({ supportsMidConvoToolAdditions: true }).toolChangesInPlace).toBe("none");
    // A kept declaration is the recorded one, byte for byte; a new one follows the request's shape.
    const tools = declarationsOf(readRequest(BODY)!, ["read", "ls"], () => undefined);
    expect(tools[0]).toBe(BODY.tools[0]);
    expect(declaredName(tools[1])).toBe("ls");
  });

  it("predicts the next body: a tools change breaks the prefix in the declarations, a prompt change in the prompt", () => {
    const same = predictRequest(record(BODY, false), { activeTools: ["read", "bash", "edit", "write"], appended: [{ role: "user", content: "x" }] })!;
    expect(same.next.startsWith(same.previous)).toBe(true);
    const tools = predictRequest(record(BODY, false), { activeTools: ["read", "grep", "find", "ls"] })!;
    const kept = commonPrefix(tools.previous, tools.next);
    expect(kept).toBeGreaterThan(JSON.stringify(BODY.tools[0]).length);
    expect(kept).toBeLessThan(JSON.stringify(BODY.tools.slice(0, 2)).length);
    const prompt = predictRequest(record(BODY, false), { lead: "PROMPT!" })!;
    expect(commonPrefix(prompt.previous, prompt.next)).toBe(JSON.stringify(BODY.tools).length + 1 + "PROMPT".length);
    // A compaction since: the messages after the prompt start from the summary.
    const compacted = predictRequest(record(BODY, false), { summary: "S" })!;
    expect(commonPrefix(compacted.previous, compacted.next)).toBeLessThan(
      prefixText({ tools: BODY.tools, lead: "PROMPT", messages: BODY.messages.slice(1, 2) }).length,
    );
    expect(predictRequest(record({ contents: [] }, false), {})).toBeNull();
  });

  it("records a request without serializing it: the body is read only when a notice asks", () => {
    let serialized = 0;
    const big = { role: "user", content: "x".repeat(100_000), toJSON: () => (serialized++, { role: "user", content: "x" }) };
    const payload = { ...BODY, messages: [...BODY.messages, big] };
    const session = new FakeSession();
    session.append({ type: "message", message: { role: "user", content: "x" } });
    const store = createSessionStore();
    for (let i = 0; i < 100; i++) store.recordRequest(observeRequest({ payload }, { sessionManager: session }, { getActiveTools: () => ["read"] }));
    expect(serialized).toBe(0);
    const recorded = store.lastRequest()!;
    expect(recorded).toMatchObject({
      payload,
      leafId: session.getLeafId(),
      activeTools: ["read"],
      modern: false,
      toolNames: ["read", "bash", "edit", "write"],
    });
    expect(recorded.payload).toBe(payload);
    predictRequest(recorded, {});
    expect(serialized).toBe(2);
    // 1.x contexts carry isProjectTrusted: the record knows which host's tool order applies.
    expect(observeRequest({ payload }, { sessionManager: session, isProjectTrusted: () => true }, { getActiveTools: () => [] }).modern).toBe(true);
  });
});
