// JSON Schema (draft 2020-12, as OpenAPI 3.1 uses) validation of answers against the served
// document: each route's schema for a status, compiled by Ajv from the document's own
// components (so what is checked is exactly what clients are generated from).
import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

type Json = unknown;
interface Operation {
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Json }> }>;
}
interface Document {
  paths: Record<string, { get: Operation }>;
  components: { schemas: Record<string, Json>; responses: Record<string, Operation["responses"][string]> };
}

// ajv-formats is CommonJS; its default export is the function under NodeNext.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export class Schemas {
  readonly document: Document;
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(path: string) {
    this.document = JSON.parse(readFileSync(path, "utf8")) as Document;
    this.ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
    addFormats(this.ajv);
    // The components become one schema whose $defs the routes' schemas point into.
    const text = JSON.stringify(this.document.components.schemas).replaceAll(
      "#/components/schemas/",
      "kalendar#/$defs/",
    );
    this.ajv.addSchema({ $id: "kalendar", $defs: JSON.parse(text) as Json });
  }

  // The route pattern a request path matches; static segments win, as in the server's router.
  route(path: string): string {
    const segments = path.split("?")[0]!.split("/");
    let best: string | undefined;
    let bestStatic = -1;
    for (const pattern of Object.keys(this.document.paths)) {
      const parts = pattern.split("/");
      if (parts.length !== segments.length) continue;
      let statics = 0;
      const fits = parts.every((p, i) => {
        if (p.startsWith("{")) return true;
        statics++;
        return p === segments[i];
      });
      if (fits && statics > bestStatic) {
        best = pattern;
        bestStatic = statics;
      }
    }
    if (best === undefined) throw new Error(`no documented route matches ${path}`);
    return best;
  }

  // Problems of `body` as the answer of `path` with `status`; empty when it conforms.
  check(path: string, status: number, body: Json): string[] {
    const pattern = this.route(path);
    let response = this.document.paths[pattern]!.get.responses[String(status)];
    if (response === undefined) return [`${pattern} documents no status ${status}`];
    if (response.$ref !== undefined) {
      response = this.document.components.responses[response.$ref.split("/").pop()!]!;
    }
    const schema = response.content?.["application/json"]?.schema;
    if (schema === undefined) return [`${pattern} ${status} documents no JSON body`];
    const key = `${pattern} ${status}`;
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      const text = JSON.stringify(schema).replaceAll("#/components/schemas/", "kalendar#/$defs/");
      validate = this.ajv.compile(JSON.parse(text) as object);
      this.compiled.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${pattern} ${status}: ${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`,
    );
  }
}
