// A consumer of the generated client, as an application would write it: typed answers only
// (no casts), run against a live server. Every answer is also validated against the served
// document's schema. Exits non-zero on the first broken expectation.
//   node dist/src/consumer.js   (KALENDAR_URL, KALENDAR_KEY, KALENDAR_OPENAPI in the environment)
import createClient from "openapi-fetch";
import type { components, paths } from "../generated/api.js";
import { Schemas } from "./schemas.js";

type Day = components["schemas"]["Day"];
type Reading = components["schemas"]["Reading"];
type Errors = components["schemas"]["Errors"];

const baseUrl = required("KALENDAR_URL");
const schemas = new Schemas(required("KALENDAR_OPENAPI"));
// include and fields[...] are comma lists (style form, explode false), as the document says.
const options = { baseUrl, querySerializer: { array: { style: "form", explode: false } } } as const;
const api = createClient<paths>({ ...options, headers: { "X-API-Key": required("KALENDAR_KEY") } });
const anonymous = createClient<paths>(options);
let checks = 0;

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === "") throw new Error(`${name} is not set`);
  return value;
}

function expect(condition: boolean, what: string): asserts condition {
  checks++;
  if (!condition) throw new Error(`consumer: ${what}`);
}

// Validates the raw answer against the document (the generated types are compile-time only).
function conforms(response: Response, body: unknown): void {
  const url = new URL(response.url);
  const problems = schemas.check(url.pathname, response.status, body);
  expect(problems.length === 0, `${url.pathname}${url.search} does not match its schema:\n  ${problems.join("\n  ")}`);
}

// One day, with competing celebrations.
async function day(): Promise<void> {
  const { data, error, response } = await api.GET("/api/v2/days/{date}", {
    params: { path: { date: "2025-11-30" }, query: { book: "loc_2015", include: ["celebrations"] } },
  });
  expect(error === undefined && data !== undefined, `day: status ${response.status}`);
  conforms(response, data);
  const d: Day = data.data;
  expect(d.id === "2025-11-30" && d.date === "2025-11-30", "day: id and date");
  expect(d.season?.slug === "advent", `day: season ${d.season?.slug}`);
  expect(d.celebration?.kind === "sunday" && d.celebration.id === null, "day: Advent Sunday prevails");
  const andrew = (d.celebrations ?? []).find((c) => c.slug === "andrew");
  expect(andrew?.fate === "transferred" && andrew.transferred_to === "2025-12-01", "day: Andrew moves to 1 December");
  expect(data.meta.code === "loc_2015" && data.meta.service === "daily", "day: meta");
}

// A range of days, trimmed with fields[day], and the catalogue walked page by page by cursor.
async function range_and_cursor(): Promise<void> {
  const days = await api.GET("/api/v2/days", {
    params: { query: { book: "loc_2015", from: "2026-03-01", to: "2026-03-31", "fields[day]": ["date", "color"] } },
  });
  expect(days.data !== undefined, `range: status ${days.response.status}`);
  conforms(days.response, days.data);
  expect(days.data.data.length === 31, `range: ${days.data.data.length} days`);
  expect(days.data.data.every((x) => x.title === undefined && x.color !== undefined), "range: fields[day] trims");
  expect(days.data.links.next === null, "range: one page");

  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const list = await api.GET("/api/v2/celebrations", {
      params: { query: { book: "loc_2015", month: 12, limit: 5, ...(cursor ? { cursor } : {}) } },
    });
    expect(list.data !== undefined, `cursor: status ${list.response.status}`);
    conforms(list.response, list.data);
    for (const c of list.data.data) seen.push(c.slug ?? "");
    const next = list.data.links.next;
    if (next === null) break;
    cursor = new URL(next, baseUrl).searchParams.get("cursor") ?? undefined;
    expect(cursor !== undefined, "cursor: links.next carries a cursor");
  }
  expect(seen.length > 5 && new Set(seen).size === seen.length, `cursor: ${seen.length} distinct celebrations over several pages`);
  expect(seen[0] === "francisco_xavier" && seen.includes("christmas"), "cursor: December, from Francis Xavier (3rd) to Christmas");
}

// Readings with Bible text and collects with their bodies: include=readings.text,collect.text.
async function readings_with_text(): Promise<void> {
  const { data, response } = await api.GET("/api/v2/days/{date}", {
    params: {
      path: { date: "2025-11-30" },
      query: { book: "loc_2015", include: ["readings.text", "collect.text"], bible: "kjv" },
    },
  });
  expect(data !== undefined, `text: status ${response.status}`);
  conforms(response, data);
  const readings: Reading[] = data.data.readings ?? [];
  expect(readings.length >= 3, `text: ${readings.length} readings`);
  const withText = readings.filter((r) => (r.verses ?? []).length > 0);
  expect(withText.length > 0, "text: some reading has verses");
  expect(withText.every((r) => r.bible === "kjv" && r.verses!.every((v) => v.text.length > 0)), "text: kjv verses");
  const collect = (data.data.collect ?? [])[0];
  expect(collect !== undefined && typeof collect.body === "string" && collect.body.length > 0, "text: collect body from the pack");
  expect(data.meta.bible === "kjv", "text: meta.bible");

  const plain = await api.GET("/api/v2/days/{date}/readings", {
    params: { path: { date: "2025-11-30" }, query: { book: "loc_2019_en", include: ["text"], text_format: "plain" } },
  });
  expect(plain.data !== undefined, `readings: status ${plain.response.status}`);
  conforms(plain.response, plain.data);
  const list = plain.data.data;
  expect(Array.isArray(list) && list.some((r) => typeof r.content === "string" && r.content.length > 0), "readings: plain text");
}

// Any passage.
async function passage(): Promise<void> {
  const { data, response } = await api.GET("/api/v2/passages", {
    params: { query: { ref: "John 3:16", bible: "kjv" } },
  });
  expect(data !== undefined, `passage: status ${response.status}`);
  conforms(response, data);
  expect(data.data.reference === "John 3:16", `passage: ${data.data.reference}`);
  expect((data.data.verses ?? [])[0]?.text.includes("God so loved the world") === true, "passage: text");
}

// Errors: the typed error document, for a bad request and for a missing key.
async function errors(): Promise<void> {
  const bad = await api.GET("/api/v2/days/{date}", {
    params: { path: { date: "2025-02-30" }, query: { book: "loc_2015" } },
  });
  expect(bad.response.status === 400 && bad.error !== undefined, `error: status ${bad.response.status}`);
  conforms(bad.response, bad.error);
  const e: Errors = bad.error;
  expect(e.errors[0]?.code === "invalid_parameter" && e.errors[0].source?.parameter === "date", "error: invalid date");

  const keyless = await anonymous.GET("/api/v2/prayer-books", {});
  expect(keyless.response.status === 401 && keyless.error !== undefined, `no key: status ${keyless.response.status}`);
  conforms(keyless.response, keyless.error);
  expect(keyless.error.errors[0]?.code === "missing_api_key", "no key: missing_api_key");

  const document = await anonymous.GET("/api/v2/openapi.json", {});
  expect(document.response.status === 200, `openapi.json without a key: ${document.response.status}`);
}

await day();
await range_and_cursor();
await readings_with_text();
await passage();
await errors();
console.log(`consumer: ${checks} checks passed against ${baseUrl}`);
