// A model request as the provider reads it: the leading system prompt and the messages after it (tests and benches).

/** One message of a request as the provider reads it. */
export interface SentMessage {
  role: "system" | "user" | "assistant" | "tool";
  text: string;
}

/** One model request: the leading system prompt and the messages after it. */
export interface SentRequest {
  prompt: string;
  messages: SentMessage[];
}
