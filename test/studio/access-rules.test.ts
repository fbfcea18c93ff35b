// The studio's access rule as a pure function: the token from the query or the studio's own cookie (parsed by `cookie`).
import { describe, expect, it } from "vitest";
import { allowed, tokenCookie } from "../../compiler/studio/server/access.js";

const TOKEN = "tok_-123";
const at = (cookie: string | undefined, queryToken: string | null = null, host = "127.0.0.1:4000") => allowed({ host, cookie, queryToken }, TOKEN, 4000);

describe("studio access", () => {
  it("sets an HttpOnly, SameSite=Strict cookie named for the port", () => {
    expect(tokenCookie(TOKEN, 4000)).toBe("forge_studio_4000=tok_-123; Path=/; HttpOnly; SameSite=Strict");
  });

  it("reads the token from its own cookie among others, whatever the spacing", () => {
    expect(at("forge_studio_4000=tok_-123")).toBe(true);
    expect(at("a=1;forge_studio_4000=tok_-123 ; b=2")).toBe(true);
    expect(at("a=1; forge_studio_4000=tok_-123", null, "localhost:4000")).toBe(true);
  });

  it("refuses another port's cookie, a wrong or missing token, prototype names and another Host", () => {
    expect(at("forge_studio_4001=tok_-123")).toBe(false);
    expect(at("forge_studio_4000=tok_-12")).toBe(false);
    expect(at(undefined)).toBe(false);
    expect(at("__proto__=tok_-123; constructor=x")).toBe(false);
    expect(at("forge_studio_4000=tok_-123", null, "evil.example:4000")).toBe(false);
  });

  it("the first of repeated cookies counts, and a query token goes before the cookie", () => {
    expect(at("forge_studio_4000=wrong; forge_studio_4000=tok_-123")).toBe(false);
    expect(at("forge_studio_4000=wrong", TOKEN)).toBe(true);
    expect(at("forge_studio_4000=tok_-123", "wrong")).toBe(false);
  });
});
