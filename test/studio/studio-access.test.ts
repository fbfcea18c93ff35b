// forge studio's access model and command line: loopback only, 403 without the token (or from another Host), GET
// only, no file outside the forge root, usage errors exit 2, SIGTERM stops it cleanly.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, makeTempDir, removeTempDirs, runCli, writeTree } from "../cli/helpers.js";
import { projectFiles } from "./fixture-project.js";
import { startStudio, type RunningStudio } from "./studio-process.js";

let studio: RunningStudio;
let root: string;

beforeAll(async () => {
  assertBuilt();
  root = makeTempDir("forge-studio-access-");
  writeTree(root, { ...projectFiles(), "outside.json": '{"secret": true}\n' });
  studio = await startStudio(root);
});

afterAll(async () => {
  await studio?.stop();
  removeTempDirs();
});

/** A raw GET, so the Host header and method are ours to choose (fetch would set Host itself). */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: studio.port, path, method, headers }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("forge studio access", () => {
  it("prints a loopback URL with a long random token", () => {
    expect(studio.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{32}$/);
  });

  it.each([
    "/",
    "/index.html",
    "/app.js",
    "/app.css",
    "/api/state",
    "/api/compose?names=shipping",
    "/api/diff",
    "/api/source?file=modes/focus.yaml",
    "/api/events",
    "/nope",
  ])("refuses %s without the token (403)", async (path) => {
    const r = await get(path);
    expect(r.status).toBe(403);
    expect(r.body).toContain("forbidden");
  });

  it("refuses a wrong token, and the right token from another Host (DNS rebinding)", async () => {
    expect((await get("/api/state?token=wrong")).status).toBe(403);
    expect((await get(`/api/state?token=${studio.token}x`)).status).toBe(403);
    const rebound = await get(`/api/state?token=${studio.token}`, { Host: `evil.example:${studio.port}` });
    expect(rebound.status).toBe(403);
    // The token was right: the refusal names the Host rule, and does not send the user back to the URL.
    expect(rebound.body).toContain(`answers only requests addressed to 127.0.0.1:${studio.port} or localhost:${studio.port}`);
    expect(rebound.body).not.toContain("access token");
    expect((await get("/api/state?token=wrong")).body).toContain("open the URL `forge studio` printed; it carries the access token");
    expect((await get("/api/state", { Cookie: `forge_studio_${studio.port}=nope` })).status).toBe(403);
  });

  it("answers with the token in the URL or the cookie the page gets, with a strict content policy", async () => {
    const page = await get(`/?token=${studio.token}`);
    expect(page.status).toBe(200);
    expect(String(page.headers["set-cookie"])).toMatch(new RegExp(`^forge_studio_${studio.port}=${studio.token}; Path=/; HttpOnly; SameSite=Strict`));
    expect(String(page.headers["content-security-policy"])).toContain("script-src 'self'");
    const state = await get("/api/state", { Cookie: `forge_studio_${studio.port}=${studio.token}` });
    expect(state.status).toBe(200);
    expect(JSON.parse(state.body)).toMatchObject({ status: "ok", target: { scope: "project", forgeRoot: ".pi/forge/" } });
  });

  it("is read-only and serves no file outside the forge root", async () => {
    const t = `token=${studio.token}`;
    expect((await get(`/api/state?${t}`, {}, "POST")).status).toBe(405);
    expect((await get(`/api/source?${t}&file=modes/focus.yaml`)).status).toBe(200);
    for (const file of ["../outside.json", "/etc/passwd", "modes/../../outside.json", "bundle.json"]) {
      expect((await get(`/api/source?${t}&file=${encodeURIComponent(file)}`)).status).toBe(404);
    }
    expect((await get(`/package.json?${t}`)).status).toBe(404);
    const diff = JSON.parse((await get(`/api/diff?${t}&a=/etc/passwd&b=worktree`)).body) as { status: string; message: string };
    expect(diff).toMatchObject({ status: "failed" });
    expect(diff.message).toContain("only inside");
  });
});

describe("forge studio command line", () => {
  it.each([
    [["studio", "--port", "nope"], "--port must be a port number"],
    [["studio", "--port", "70000"], "--port must be a port number"],
    [["studio", "--json"], "does not take --json"],
    [["studio", "extra"], "unexpected argument"],
    [["preview", "x", "--open"], "does not take --open"],
  ])("%j is a usage error (exit 2)", (args, message) => {
    const r = runCli(args, root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it("lists studio in --help", () => {
    expect(runCli(["--help"], root).stdout).toContain("forge studio [--root DIR | --global] [--port N] [--open]");
  });

  it("fails clearly without forge sources", () => {
    const empty = makeTempDir("forge-studio-empty-");
    const r = runCli(["studio"], empty);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no forge sources");
  });

  it("stops cleanly on SIGTERM", async () => {
    const other = await startStudio(root);
    expect(await other.stop()).toBe(0);
    expect(other.output()).toContain("forge studio: stopped");
  });
});
