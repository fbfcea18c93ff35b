// The version of this forge build: esbuild defines FORGE_VERSION in dist/cli.js and dist/extension.js from
// package.json; code run from source (the tests) gets the dev marker.
declare const FORGE_VERSION: string | undefined;

export const DEV_VERSION = "0.0.0-dev";
export const forgeVersion: string = typeof FORGE_VERSION === "string" ? FORGE_VERSION : DEV_VERSION;
