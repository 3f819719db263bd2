#!/usr/bin/env python3
"""Checks a question set (JSON Lines) against its corpus and prints counts.

usage: bench/eval/check.py QUESTIONS.jsonl CORPUS_DIR [SHARED_DEV.jsonl]

Checks: every line parses and has the required fields; every expect path exists as
.md/.mdx (x or x/index) and is in the docs.json navigation; a `version` label exists
in the navigation and the expected pages sit in that version (a question without one
expects default-version or unversioned pages); `paraphrase` questions share no
significant word (crudely stemmed) with the title or sidebarTitle of any expected
page; no question repeats one of the shared dev set. Exits 1 on any failure.
"""
import collections, json, os, re, sys

KINDS = {"lookup", "howto", "concept", "troubleshoot", "paraphrase", "unanswerable"}
PARTS = {"tune", "aside"}
STOP = set("""a an the and or of to in on for with by at from as is are was be been it its this that
these those i my me we our you your he she they them their what which who whom how why when where
does do did can could should would may might must will shall not no yes if then than so but about
into onto over under up down out off just only also still too very any some all each every other
one two there here has have had get gets got use using used make makes made want need needs s t
instead while after before again way like""".split())

def stem(w):
    w = w.lower()
    for suf in ("ations", "ation", "ings", "ing", "ies", "ied", "ers", "er", "es", "ed", "s"):
        if len(w) >= len(suf) + 3 and w.endswith(suf):
            return w[: -len(suf)]
    return w

def words(text):
    return {stem(w) for w in re.findall(r"[A-Za-z0-9]+", text) if w.lower() not in STOP and len(w) > 1}

def nav_pages(node, ctx, out):
    if isinstance(node, str):
        out.setdefault(node, []).append(ctx)
    elif isinstance(node, list):
        for n in node:
            nav_pages(n, ctx, out)
    elif isinstance(node, dict):
        c = dict(ctx)
        for k in ("version", "language"):
            if k in node:
                c[k] = node[k]
        if node.get("default"):
            c["default"] = True
        if node.get("hidden") and not node.get("searchable"):
            c["hidden"] = True
        for k in ("tabs", "versions", "languages", "groups", "pages", "anchors", "dropdowns"):
            if k in node:
                nav_pages(node[k], c, out)

def page_file(corpus, p):
    for cand in (p, p + "/index"):
        for ext in (".mdx", ".md"):
            f = os.path.join(corpus, cand + ext)
            if os.path.exists(f):
                return f
    return None

def front_matter(f):
    m = re.match(r"---\n(.*?)\n---", open(f, encoding="utf-8").read(), re.S)
    h = {}
    for line in (m.group(1).splitlines() if m else []):
        mm = re.match(r"(\w+):\s*(.*)", line)
        if mm:
            h[mm.group(1)] = mm.group(2).strip().strip("\"'")
    return h

def norm(p):
    return re.sub(r"(^|/)index$", "", p.strip("/"))

def main():
    qfile, corpus = sys.argv[1], sys.argv[2]
    dev = set()
    if len(sys.argv) > 3:
        dev = {json.loads(l)["q"].strip().lower() for l in open(sys.argv[3], encoding="utf-8") if l.strip()}
    docs = json.load(open(os.path.join(corpus, "docs.json"), encoding="utf-8"))
    nav = {}
    nav_pages(docs["navigation"], {}, nav)
    nav = {norm(k): v for k, v in nav.items()}
    versions = {c.get("version") for cs in nav.values() for c in cs if c.get("version")}
    default_version = next((c["version"] for cs in nav.values() for c in cs if c.get("default") and c.get("version")), None)
    errors, seen = [], set()
    counts = collections.Counter()
    rows = []
    for n, line in enumerate(open(qfile, encoding="utf-8"), 1):
        if not line.strip():
            continue
        try:
            o = json.loads(line)
        except json.JSONDecodeError as e:
            errors.append(f"line {n}: does not parse: {e}")
            continue
        rows.append(o)
        def err(msg):
            errors.append(f"line {n}: {msg}: {o.get('q', '')[:70]}")
        for field in ("q", "expect", "kind", "part"):
            if field not in o:
                err(f"missing {field}")
        kind, part, version = o.get("kind"), o.get("part"), o.get("version")
        if kind not in KINDS:
            err(f"unknown kind {kind}")
        if part not in PARTS:
            err(f"unknown part {part}")
        if (kind == "unanswerable") != (not o.get("expect")):
            err("unanswerable iff expect is empty")
        key = o.get("q", "").strip().lower()
        if key in seen or key in dev:
            err("duplicate question")
        seen.add(key)
        if version and version not in versions:
            err(f"unknown version {version}")
        want_version = version or default_version
        titles = set()
        for p in o.get("expect", []):
            f = page_file(corpus, p)
            if not f:
                err(f"no page {p}")
                continue
            ctxs = nav.get(norm(p))
            if not ctxs:
                err(f"{p} is not in the navigation")
                continue
            if all(c.get("hidden") for c in ctxs):
                err(f"{p} is hidden")
            vs = {c.get("version") for c in ctxs}
            if None not in vs and want_version not in vs:
                err(f"{p} is not in {want_version}")
            lang = o.get("language")
            if lang and lang not in {c.get("language") for c in ctxs}:
                err(f"{p} is not in language {lang}")
            h = front_matter(f)
            titles |= words(h.get("title", "") + " " + h.get("sidebarTitle", ""))
        if kind == "paraphrase":
            shared = words(o["q"]) & titles
            if shared:
                err(f"paraphrase shares {sorted(shared)} with an expected title")
        counts[("kind", kind, part)] += 1
        counts[("version", version or "-", part)] += 1
        counts[("language", o.get("language", "en"), part)] += 1
    for e in errors:
        print("FAIL", e)
    def table(dim):
        keys = sorted({k[1] for k in counts if k[0] == dim})
        print(f"\n| {dim} | tune | aside | total |\n| --- | ---: | ---: | ---: |")
        for k in keys:
            t, a = counts[(dim, k, "tune")], counts[(dim, k, "aside")]
            print(f"| {k} | {t} | {a} | {t + a} |")
    table("kind")
    table("version")
    table("language")
    tune = sum(1 for o in rows if o.get("part") == "tune")
    print(f"\n{len(rows)} questions: {tune} tune, {len(rows) - tune} aside "
          f"({100 * (len(rows) - tune) / max(1, len(rows)):.0f} % aside); {len(errors)} problems")
    sys.exit(1 if errors else 0)

if __name__ == "__main__":
    main()
