// forge test --model: a test's `expect:` on one run of a real model, read from the messages of the run (the reply's
// text, the tools it called, the calls an edit limit refused) and the tokens the provider reported. Pure.
import { compileLinear } from "../../core/path-match.js";
import type { PromptTestExpectations, TestTextMatch } from "../../generated/types.js";

export interface RunMessages {
  /** agent_end's messages: the run's assistant messages and tool results. */
  messages: readonly unknown[];
}

export interface RunVerdict {
  /** Each expectation that the run did not meet, in words. */
  failures: string[];
  /** The provider's usage, summed over the run's assistant messages: input (uncached, cache read and write) and output. */
  inputTokens: number;
  outputTokens: number;
}

type Block = { type?: string; text?: string; name?: string };
type Message = { role?: string; content?: unknown; usage?: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number }; isError?: boolean };

const blocks = (content: unknown): Block[] =>
  Array.isArray(content) ? (content as Block[]) : typeof content === "string" ? [{ type: "text", text: content }] : [];
const num = (n: unknown) => (typeof n === "number" && Number.isFinite(n) ? n : 0);

function matches(text: string, m: TestTextMatch): boolean {
  if (typeof m === "string") return text.includes(m);
  return compileLinear(m.pattern)?.test(text) ?? false;
}

const show = (m: TestTextMatch) => (typeof m === "string" ? JSON.stringify(m) : `/${m.pattern}/`);

/** The verdict of one run against `expect`. The reply is the last assistant message's text. */
export function judgeRun(expect: PromptTestExpectations, run: RunMessages): RunVerdict {
  const messages = run.messages as Message[];
  const assistant = messages.filter((m) => m?.role === "assistant");
  const reply = blocks(assistant.at(-1)?.content)
    .filter((b) => b.type === "text")
    .map((b) => b.text ?? "")
    .join("");
  const called = assistant.flatMap((m) =>
    blocks(m.content)
      .filter((b) => b.type === "toolCall")
      .map((b) => b.name ?? ""),
  );
  const refused = messages.filter(
    (m) =>
      m?.role === "toolResult" &&
      m.isError === true &&
      /forge: (edit|write) refused/.test(
        blocks(m.content)
          .map((b) => b.text ?? "")
          .join(""),
      ),
  );
  const failures: string[] = [];
  for (const m of expect.contains ?? []) if (!matches(reply, m)) failures.push(`the reply does not contain ${show(m)}`);
  for (const m of expect.notContains ?? []) if (matches(reply, m)) failures.push(`the reply contains ${show(m)}`);
  for (const tool of expect.callsTool ?? [])
    if (!called.includes(tool)) failures.push(`the model did not call ${tool}${called.length ? ` (it called ${[...new Set(called)].join(", ")})` : ""}`);
  if (expect.noEditOutsideLimit === true && refused.length > 0)
    failures.push(`${refused.length} edit${refused.length === 1 ? " was" : "s were"} refused by an edit limit`);
  const usage = assistant.map((m) => m.usage ?? {});
  return {
    failures,
    inputTokens: usage.reduce((n, u) => n + num(u.input) + num(u.cacheRead) + num(u.cacheWrite), 0),
    outputTokens: usage.reduce((n, u) => n + num(u.output), 0),
  };
}
