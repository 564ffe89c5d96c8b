#!/usr/bin/env python3
"""Writes tests/http/fixtures/malformed_requests.txt: the hostile-request corpus (issue 10).

One request per line, escaped: \\r \\n \\t \\\\ and \\xHH; "{KEY}" stands for a valid API key
the test substitutes. The output is deterministic (fixed seed), so regenerating it gives the
same file. Usage: tools/make_malformed_corpus.py > tests/http/fixtures/malformed_requests.txt
"""
import random

rng = random.Random(10)
out = []


def add(raw: bytes):
    out.append(raw)


def req(line: str, headers=(), body: bytes = b"", end=b"\r\n") -> bytes:
    text = line.encode("latin-1") + end
    for h in headers:
        text += (h.encode("latin-1") if isinstance(h, str) else h) + end
    return text + end + body


KEY = "X-API-Key: {KEY}"
DAY = "/api/v2/days/2025-11-30?book=loc_2015"

# 1. Request lines: methods x targets.
methods = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH", "TRACE", "CONNECT",
           "BREW", "get", "G@T", "GET\x00", "M" * 300]
targets = ["/health", DAY, "*", "http://localhost/health", "/%", "/%zz", "/%00", "/..%2f..%2fetc",
           "//", "/api/v2/days/%FF?book=loc_2015", "/" + "a" * 3000, "/api/v2/../../health",
           "/health#frag", "/health?", "/health?&&&=&=="]
for m in methods:
    for t in targets:
        add(req(f"{m} {t} HTTP/1.1", ["Host: x", KEY]))

# 2. Versions and request-line shapes.
for v in ["HTTP/1.0", "HTTP/2.0", "HTTP/1.1x", "http/1.1", "", "HTTP/9.9", "HTTP/1", "HTTP/1.1 extra"]:
    for t in ["/health", DAY]:
        add(req(f"GET {t} {v}".rstrip(), ["Host: x", KEY]))
for line in ["GET", "GET /health", " GET /health HTTP/1.1", "GET  /health HTTP/1.1",
             "GET /health  HTTP/1.1", "GET\t/health\tHTTP/1.1", "GET /he alth HTTP/1.1",
             "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", "PRI * HTTP/2.0"]:
    add(req(line, ["Host: x"]))

# 3. Headers on a cheap route and on an API route.
header_cases = [
    "Content-Length: -1", "Content-Length: 99999999999", "Content-Length: 1e3",
    "Content-Length:  5", "Content-Length: 5,5", "Content-Length: 0x10",
    "Content-Length: 99999999999999999999999999", "Content-Length:", "Content-Length: +4",
    "Transfer-Encoding: chunked", "Transfer-Encoding: identity", "Transfer-Encoding: gzip",
    "No colon here", "Bad Name: x", ": empty name", " leading: space", "\tFolded: x",
    "X-Null: a\x00b", "X-Bin: \xff\xfe\xfd", "Connection: upgrade, close", "Connection: \xff",
    "Upgrade: h2c", "Expect: 100-continue", "Host:", "Host: a, b",
    "X-API-Key:", "X-API-Key: kal_", "X-API-Key: kal_" + "A" * 5000, "X-API-Key: \xc3\x28",
    "If-None-Match: " + '"' * 2000, "If-None-Match: *, W/, ,,,", "Accept-Language: " + "x-" * 2000,
    "Accept-Language: ;q=;q=,", "X-Filler: " + "a" * 20000,
]
for h in header_cases:
    add(req("GET /health HTTP/1.1", ["Host: x", h]))
    add(req(f"GET {DAY} HTTP/1.1", ["Host: x", KEY, h]))
add(req("GET /health HTTP/1.1", ["Host: x", "Content-Length: 2", "Content-Length: 3"], b"abc"))
add(req("GET /health HTTP/1.1", ["Host: x"] + [f"X-H{i}: {i}" for i in range(200)]))
add(req("GET /health HTTP/1.1", ["Host: x", "Content-Length: 4"], b"body"))
add(req("POST /health HTTP/1.1", ["Host: x", "Content-Length: 16384"], b"p" * 16384))
add(req("GET /health HTTP/1.1", ["Host: x"], end=b"\n"))
add(req("GET /health HTTP/1.1", ["Host: x"], end=b"\r"))
add(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\n\r\nGARBAGE\r\n\r\n")
add(b"\r\n\r\n\r\nGET /health HTTP/1.1\r\n\r\n")

# 4. Query strings on every API route, with a key.
routes = [
    "/api/v2/days/2025-11-30", "/api/v2/days", "/api/v2/days/2025-11-30/readings",
    "/api/v2/collects/2025-11-30", "/api/v2/passages", "/api/v2/liturgical-explanations/2025-11-30",
    "/api/v2/years/2025", "/api/v2/years/2025/seasons", "/api/v2/years/2025/key-dates",
    "/api/v2/years/2025/lectionary-cycle", "/api/v2/celebrations", "/api/v2/celebrations/andrew",
    "/api/v2/celebrations/types", "/api/v2/prayer-books", "/api/v2/prayer-books/loc_2015",
    "/api/v2/prayer-books/loc_2015/preferences", "/api/v2/bible-versions",
]
queries = [
    "book=loc_2015&fields[day]=" + "," * 1000, "book=loc_2015&cursor=" + "A" * 500,
    "book=loc_2015&cursor=eyJ9", "book=loc_2015&cursor=%FF%FE", "ref=Hb8(Re2)&bible=kjv",
    "ref=" + "Ps%201-150;" * 40 + "&bible=web", "ref=%00&bible=kjv", "ref=John%2099:1&bible=kjv",
    "book=loc_2015&year=99999999999999999999", "book=loc_2015&from=2025-02-30&to=2025-03-01",
    "book=loc_2015&limit=-1", "book[]=loc_2015", "book[0]=loc_2015", "book=%", "book=%C3%28",
    "book=loc_2015&include=" + ",".join(["text"] * 300), "book=loc_2015&q=" + "%E2%80%AE" * 50,
    "book=loc_2015&lang=" + "x" * 500, "book=bcp_1662", "book=loc_2015&from=0001-01-01&to=9999-12-31",
]
for r in routes:
    for q in queries:
        add(req(f"GET {r}?{q} HTTP/1.1", ["Host: x", KEY]))

# 5. Random bytes (deterministic), some after a valid request line.
for i in range(40):
    junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
    add(junk + b"\r\n\r\n")
    add(b"GET /health HTTP/1.1\r\n" + junk.replace(b"\r\n\r\n", b"") + b"\r\n\r\n")

# 6. Incomplete requests: answered 408 after the request timeout.
for partial in [b"GET /health HTTP/1.1\r\nHost: x\r\n", b"GET /hea", b"G",
                b"GET /health HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc"]:
    add(partial)


def escape(raw: bytes) -> str:
    s = []
    for b in raw:
        if b == 0x5C:
            s.append("\\\\")
        elif b == 0x0D:
            s.append("\\r")
        elif b == 0x0A:
            s.append("\\n")
        elif b == 0x09:
            s.append("\\t")
        elif 0x20 <= b < 0x7F:
            s.append(chr(b))
        else:
            s.append("\\x%02x" % b)
    return "".join(s)


print("# Hostile-request corpus (issue 10), made by tools/make_malformed_corpus.py; one request")
print("# per line, escaped (\\r \\n \\t \\\\ \\xHH); {KEY} is replaced by a valid API key.")
for raw in out:
    print(escape(raw))
