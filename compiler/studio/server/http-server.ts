// The studio's HTTP server on 127.0.0.1: token and Host checks, the page's assets, read-only JSON endpoints, and
// server-sent events that tell the page when the sources changed. Nothing it answers writes anything.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { HostKind } from "../model/studio-api.js";
import { refusal, refusalText, tokenCookie } from "./access.js";
import type { Asset } from "./assets.js";

export interface StudioHandlers {
  state(): unknown;
  compose(names: string[], host: HostKind, as: "preset" | "modes" | undefined): unknown;
  source(file: string): unknown | null;
  diff(a: string, b: string): unknown;
  tests(): unknown;
  generation(): number;
}

export interface StudioServer {
  port: number;
  url: string;
  /** Tells every open page that the sources changed. */
  notify(): void;
  close(): Promise<void>;
}

/** The page loads only its own script and style, talks only to this server, and may not be framed. */
const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/** Server-sent events: a comment every so often keeps idle connections from being dropped by proxies or the OS. */
const HEARTBEAT_MS = 15_000;

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, "Content-Type": type, ...extra });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, "application/json; charset=utf-8", JSON.stringify(value));
}

export function startStudioServer(options: {
  port: number;
  token: string;
  assets: ReadonlyMap<string, Asset>;
  handlers: StudioHandlers;
}): Promise<StudioServer> {
  const { token, assets, handlers } = options;
  const streams = new Set<ServerResponse>();
  let port = options.port;

  const event = (): string => `event: sources\ndata: ${JSON.stringify({ generation: handlers.generation() })}\n\n`;

  function route(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const queryToken = url.searchParams.get("token");
    const why = refusal({ host: req.headers.host, cookie: req.headers.cookie, queryToken }, token, port);
    if (why !== null) {
      send(res, 403, "text/plain; charset=utf-8", refusalText(why, port));
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      send(res, 405, "text/plain; charset=utf-8", "forge studio is read-only: GET only\n", { Allow: "GET, HEAD" });
      return;
    }
    const asset = assets.get(url.pathname);
    if (asset) {
      // The token came in the URL: from now on the page's own requests carry it as a cookie.
      send(res, 200, asset.type, asset.body, queryToken !== null ? { "Set-Cookie": tokenCookie(token, port) } : {});
      return;
    }
    const q = (name: string) => url.searchParams.get(name) ?? "";
    switch (url.pathname) {
      case "/api/state":
        return sendJson(res, 200, handlers.state());
      case "/api/compose": {
        const names = q("names")
          .split(/[\s,]+/)
          .filter((n) => n !== "");
        if (names.length === 0) return sendJson(res, 400, { error: "give a preset name or mode keys in ?names=" });
        const as = q("as") === "preset" || q("as") === "modes" ? (q("as") as "preset" | "modes") : undefined;
        return sendJson(res, 200, handlers.compose(names, q("host") === "sections" ? "sections" : "string", as));
      }
      case "/api/diff":
        return sendJson(res, 200, handlers.diff(q("a").trim(), q("b").trim()));
      case "/api/tests":
        return sendJson(res, 200, handlers.tests());
      case "/api/source": {
        const source = handlers.source(q("file"));
        return source === null ? sendJson(res, 404, { error: "no such source file under the forge root" }) : sendJson(res, 200, source);
      }
      case "/api/events":
        res.writeHead(200, { ...SECURITY_HEADERS, "Content-Type": "text/event-stream; charset=utf-8", Connection: "keep-alive" });
        res.write(`retry: 1000\n\n${event()}`);
        streams.add(res);
        req.on("close", () => streams.delete(res));
        return;
      default:
        send(res, 404, "text/plain; charset=utf-8", "not found\n");
    }
  }

  const server = createServer((req, res) => {
    try {
      route(req, res);
    } catch (err) {
      if (!res.headersSent) sendJson(res, 500, { error: (err as Error).message });
      else res.end();
    }
  });
  const heartbeat = setInterval(() => {
    for (const res of streams) res.write(": ping\n\n");
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    // Loopback only: the studio is for the person at this machine.
    server.listen(options.port, "127.0.0.1", () => {
      server.off("error", reject);
      port = (server.address() as AddressInfo).port;
      resolve({
        port,
        url: `http://127.0.0.1:${port}/?token=${token}`,
        notify() {
          const text = event();
          for (const res of streams) res.write(text);
        },
        close() {
          clearInterval(heartbeat);
          for (const res of streams) res.end();
          streams.clear();
          return new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          });
        },
      });
    });
  });
}
