// Validates every golden body of tests/golden against its route's schema in the served
// document (status 200 or the error status the case names). Exits non-zero on any mismatch.
//   node dist/src/validate_goldens.js OPENAPI_JSON GOLDEN_DIR
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Schemas } from "./schemas.js";

const [openapi, dir] = process.argv.slice(2);
if (openapi === undefined || dir === undefined) throw new Error("usage: validate_goldens OPENAPI_JSON GOLDEN_DIR");
const schemas = new Schemas(openapi);

// cases.yaml: a list of cases with name, path and (optionally) status, one member per line.
interface Case { name: string; path: string; status: number }
const cases: Case[] = [];
for (const line of readFileSync(join(dir, "cases.yaml"), "utf8").split("\n")) {
  const m = /^\s*(-\s+)?(name|path|status):\s*(.*?)\s*$/.exec(line);
  if (m === null) continue;
  const [, start, key, value] = m;
  if (start !== undefined) cases.push({ name: "", path: "", status: 200 });
  const current = cases[cases.length - 1];
  if (current === undefined) throw new Error(`cases.yaml: ${line}`);
  if (key === "name") current.name = value!;
  if (key === "path") current.path = value!;
  if (key === "status") current.status = Number(value);
}

let failures = 0;
for (const c of cases) {
  const body: unknown = JSON.parse(readFileSync(join(dir, `${c.name}.json`), "utf8"));
  const problems = schemas.check(c.path, c.status, body);
  if (problems.length > 0) {
    failures++;
    console.error(`golden ${c.name} (${c.path}, ${c.status}):\n  ${problems.join("\n  ")}`);
  }
}
if (cases.length < 30) throw new Error(`only ${cases.length} golden cases read from cases.yaml`);
if (failures > 0) {
  console.error(`validate_goldens: ${failures} of ${cases.length} golden bodies do not match their schema`);
  process.exit(1);
}
console.log(`validate_goldens: all ${cases.length} golden bodies match their route's schema`);
