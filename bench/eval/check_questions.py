#!/usr/bin/env python3
"""Checks a question set against its corpus and prints its counts.

usage: check_questions.py [SET.jsonl] [CORPUS_DIR]
  defaults: mintlify-more.jsonl next to this script, and shared/corpora/mintlify
  from the nearest folder above the working directory that has one (as bench/DevSet does).

Checks, per line: it parses; q/expect/kind/part are present and valid; every expect path
exists as .md/.mdx (x or x/index); the page is searchable (in docs.json navigation, not under
a hidden tab/group unless that one is searchable: true, no hidden/noindex frontmatter);
a question with `language` expects only pages under that language's folder and an English
one none under a translated folder; no question repeats one of the shared dev set.
For `paraphrase` questions it prints the words the question shares with the title or sidebar
title of an expected page, for a person to judge (Chinese: shared characters are not checked).
Exits 1 on any error.
"""
import json
import os
import re
import sys
from collections import Counter

KINDS = {"lookup", "howto", "concept", "troubleshoot", "paraphrase", "unanswerable"}
PARTS = {"tune", "aside"}
LANGS = {"es", "fr", "zh"}
STOP = set("""a an and are as at be by can do does for from how i if in is it its my of on or our so
that the this to we what when where which why with you your de la le les des du un une et en
el los las y que para con por se est au aux pour dans sur ne pas qui""".split())


def find_corpus():
    d = os.path.abspath(os.getcwd())
    while True:
        c = os.path.join(d, "shared", "corpora", "mintlify")
        if os.path.isdir(c):
            return c
        if os.path.dirname(d) == d:
            sys.exit("no shared/corpora/mintlify above " + os.getcwd())
        d = os.path.dirname(d)


def page_file(root, p):
    for cand in (p, p + "/index"):
        for ext in (".mdx", ".md"):
            f = os.path.join(root, cand + ext)
            if os.path.isfile(f):
                return f
    return None


def nav_pages(root):
    """Page path -> searchable?, over every language of docs.json (following $ref)."""
    pages = {}

    def walk(n, hidden):
        if isinstance(n, str):
            pages[n] = pages.get(n, False) or not hidden
        elif isinstance(n, list):
            for x in n:
                walk(x, hidden)
        elif isinstance(n, dict):
            if "$ref" in n:
                with open(os.path.join(root, n["$ref"]), encoding="utf-8") as f:
                    walk(json.load(f), hidden)
            h = hidden or n.get("hidden", False)
            if n.get("searchable") is True:
                h = False
            if isinstance(n.get("root"), str):
                walk(n["root"], h)
            for k, v in n.items():
                if k not in ("root", "$ref") and isinstance(v, (list, dict)):
                    walk(v, h)

    with open(os.path.join(root, "docs.json"), encoding="utf-8") as f:
        walk(json.load(f)["navigation"], False)
    return {re.sub(r"(^|/)index$", "", p): s for p, s in pages.items()}


def frontmatter(f):
    text = open(f, encoding="utf-8").read()
    m = re.match(r"---\n(.*?)\n---", text, re.S)
    return m.group(1) if m else ""


def fm_field(meta, name):
    m = re.search(r"^%s:\s*['\"]?(.*?)['\"]?\s*$" % name, meta, re.M)
    return m.group(1) if m else ""


def words(s):
    return {w for w in re.findall(r"[\w.$-]+", s.lower()) if w not in STOP and len(w) > 1}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    qfile = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "mintlify-more.jsonl")
    root = sys.argv[2] if len(sys.argv) > 2 else find_corpus()
    nav = nav_pages(root)
    shared = os.path.join(os.path.dirname(os.path.dirname(root)), "eval", "mintlify-dev.jsonl")
    shared_qs = set()
    if os.path.isfile(shared):
        shared_qs = {json.loads(l)["q"].strip().lower() for l in open(shared, encoding="utf-8") if l.strip()}
    errors, rows = [], []
    for n, line in enumerate(open(qfile, encoding="utf-8"), 1):
        try:
            r = json.loads(line)
        except ValueError as e:
            errors.append(f"line {n}: does not parse: {e}")
            continue
        rows.append(r)
        q, exp, kind, part, lang = r.get("q"), r.get("expect"), r.get("kind"), r.get("part"), r.get("language")
        if not isinstance(q, str) or not q.strip():
            errors.append(f"line {n}: q missing")
        if not isinstance(exp, list):
            errors.append(f"line {n}: expect is not a list")
            exp = []
        if kind not in KINDS:
            errors.append(f"line {n}: kind {kind!r}")
        if part not in PARTS:
            errors.append(f"line {n}: part {part!r}")
        if lang is not None and lang not in LANGS:
            errors.append(f"line {n}: language {lang!r}")
        if (kind == "unanswerable") != (not exp):
            errors.append(f"line {n}: unanswerable kind and empty expect must go together")
        if isinstance(q, str) and q.strip().lower() in shared_qs:
            errors.append(f"line {n}: copies a shared dev question")
        for p in exp:
            f = page_file(root, p)
            if p != p.strip("/") or re.search(r"\.mdx?$|(^|/)index$", p):
                errors.append(f"line {n}: {p}: not in expect form (no slash, extension or /index)")
            if f is None:
                errors.append(f"line {n}: {p}: no .md/.mdx in the corpus")
                continue
            if not nav.get(p, False):
                errors.append(f"line {n}: {p}: not searchable in docs.json navigation")
            meta = frontmatter(f)
            if re.search(r"^(hidden|noindex):\s*true", meta, re.M):
                errors.append(f"line {n}: {p}: hidden/noindex frontmatter")
            top = p.split("/")[0]
            if (lang or None) != (top if top in LANGS else None):
                errors.append(f"line {n}: {p}: language folder does not match language {lang!r}")
            if kind == "paraphrase" and lang != "zh":
                shared_words = words(q) & (words(fm_field(meta, "title")) | words(fm_field(meta, "sidebarTitle")))
                if shared_words:
                    print(f"line {n}: paraphrase shares {sorted(shared_words)} with the title of {p}")
    for e in errors:
        print("ERROR", e)
    ans = [r for r in rows if r.get("expect")]
    print(f"\n{len(rows)} questions ({len(ans)} answerable, {len(rows) - len(ans)} unanswerable) in {qfile}")
    for label, key in (("kind", lambda r: r.get("kind")),
                       ("language", lambda r: r.get("language", "en")),
                       ("part", lambda r: r.get("part"))):
        c = Counter(map(key, rows))
        print(f"by {label}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
    for part in sorted(PARTS):
        sub = [r for r in rows if r.get("part") == part]
        ck = Counter(r["kind"] for r in sub)
        cl = Counter(r.get("language", "en") for r in sub)
        print(f"{part}: " + ", ".join(f"{k} {v}" for k, v in sorted(ck.items()))
              + " | " + ", ".join(f"{k} {v}" for k, v in sorted(cl.items())))
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
