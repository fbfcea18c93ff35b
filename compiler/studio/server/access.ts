// Who may talk to the studio server: a random token (in the printed URL, then a cookie) and a loopback Host header.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { parseCookie, stringifySetCookie } from "cookie";

/** 192 random bits, URL-safe: the secret the printed URL carries. */
export function newToken(): string {
  return randomBytes(24).toString("base64url");
}

/** Cookies are not isolated by port, so each studio names its own. */
export function cookieName(port: number): string {
  return `forge_studio_${port}`;
}

function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface AccessRequest {
  host: string | undefined;
  cookie: string | undefined;
  /** The `token` query parameter, if any. */
  queryToken: string | null;
}

/**
 * Whether a request may be answered. The Host check refuses pages of other origins that resolve their name to
 * 127.0.0.1 (DNS rebinding); the token refuses everyone who was not handed the URL.
 */
export function allowed(request: AccessRequest, token: string, port: number): boolean {
  return refusal(request, token, port) === null;
}

/**
 * Why a request is refused, or null: the Host is checked first, so a refused Host says nothing about the token (which
 * may well have been right: a page elsewhere that points its name at 127.0.0.1 has no business here either way).
 */
export function refusal(request: AccessRequest, token: string, port: number): "host" | "token" | null {
  if (request.host !== `127.0.0.1:${port}` && request.host !== `localhost:${port}`) return "host";
  const given = request.queryToken ?? parseCookie(request.cookie ?? "")[cookieName(port)] ?? null;
  return given !== null && sameSecret(given, token) ? null : "token";
}

/** The 403 body for a refusal: what to do about it, in the words of that refusal. */
export function refusalText(why: "host" | "token", port: number): string {
  if (why === "host") {
    return `forbidden: forge studio answers only requests addressed to 127.0.0.1:${port} or localhost:${port}; a page under another name is refused (this guards against DNS rebinding)\n`;
  }
  return "forbidden: open the URL `forge studio` printed; it carries the access token\n";
}

/** The cookie that lets the page's own requests (assets, fetch, EventSource) through once the URL was opened. */
export function tokenCookie(token: string, port: number): string {
  return stringifySetCookie({ name: cookieName(port), value: token, path: "/", httpOnly: true, sameSite: "strict" });
}
