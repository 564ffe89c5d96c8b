// Validates every golden body of tests/golden against its route's schema in the served
// document (status 200 or the error status the case names), then, with KALENDAR_URL and
// KALENDAR_KEY set, the live server's answer to every case's request too. Exits non-zero on
// any mismatch.
//   node dist/src/validate_goldens.js OPENAPI_JSON GOLDEN_DIR
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Schemas } from "./schemas.js";

const [openapi, dir] = process.argv.slice(2);
if (openapi === undefined || dir === undefined) throw new Error("usage: validate_goldens OPENAPI_JSON GOLDEN_DIR");
const schemas = new Schemas(openapi);

// cases.yaml: a list of cases with name, path and (optionally) status, one member per line.
interface Case { name: string; path: string; book: string; status: number }
const cases: Case[] = [];
for (const line of readFileSync(join(dir, "cases.yaml"), "utf8").split("\n")) {
  const m = /^\s*(-\s+)?(name|path|book|status):\s*(.*?)\s*$/.exec(line);
  if (m === null) continue;
  const [, start, key, value] = m;
  if (start !== undefined) cases.push({ name: "", path: "", book: "", status: 200 });
  const current = cases[cases.length - 1];
  if (current === undefined) throw new Error(`cases.yaml: ${line}`);
  if (key === "name") current.name = value!;
  if (key === "path") current.path = value!;
  if (key === "book") current.book = value!;
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
// The same requests to the live server (its Bibles differ from the goldens' tiny ones, so the
// bodies differ; their shapes may not).
const url = process.env["KALENDAR_URL"];
const key = process.env["KALENDAR_KEY"];
let live = 0;
if (url !== undefined && key !== undefined) {
  for (const c of cases) {
    const target = c.book === "" ? c.path : `${c.path}${c.path.includes("?") ? "&" : "?"}book=${c.book}`;
    const response = await fetch(new URL(target, url), { headers: { "X-API-Key": key } });
    const body: unknown = await response.json();
    const problems =
      response.status === c.status
        ? schemas.check(c.path, response.status, body)
        : [`status ${response.status}, the golden case says ${c.status}`];
    if (problems.length > 0) {
      failures++;
      console.error(`live ${c.name} (${target}):\n  ${problems.join("\n  ")}`);
    }
    live++;
  }
}
if (cases.length < 30) throw new Error(`only ${cases.length} golden cases read from cases.yaml`);
if (failures > 0) {
  console.error(`validate_goldens: ${failures} bodies do not match their schema`);
  process.exit(1);
}
console.log(
  `validate_goldens: all ${cases.length} golden bodies` +
    (live > 0 ? ` and ${live} live answers to the same requests` : "") +
    " match their route's schema",
);
