"""<style> sheets as resvg applies them, for the selectors it knows: type, *, #id, .class,
[attr], [attr=value], :first-child, joined by descendant (space) and child (>) combinators;
specificity, source order and !important. A rule's declarations beat presentation attributes,
the style attribute beats them, !important beats the style attribute."""

import re

_COMPOUND = re.compile(r"(\*|[A-Za-z][\w-]*)?((?:#[\w-]+|\.[\w-]+|\[[^\]]+\]|:first-child)*)$")
_PART = re.compile(r"#[\w-]+|\.[\w-]+|\[[^\]]+\]|:first-child")


class Unsupported(Exception):
    """A sheet or selector beyond this subset; the message names it."""


def _local(tag):
    return tag.split("}")[-1] if isinstance(tag, str) else ""


def _compound(text):
    hit = _COMPOUND.match(text)
    if not hit or not text:
        raise Unsupported("CSS selector " + text)
    return hit.group(1), _PART.findall(hit.group(2) or "")


def _selector(text):
    """[(combinator, compound)], the subject last; and its specificity."""
    tokens = text.replace(">", " > ").split()
    steps, comb, spec = [], " ", [0, 0, 0]
    for tok in tokens:
        if tok == ">":
            comb = ">"
            continue
        tag, parts = _compound(tok)
        steps.append((comb, (tag, parts)))
        comb = " "
        spec[2] += 1 if tag and tag != "*" else 0
        for p in parts:
            spec[0 if p[0] == "#" else 1] += 1
    if not steps:
        raise Unsupported("CSS selector " + text)
    return steps, tuple(spec)


class Sheet:
    def __init__(self, root, parents):
        self.parents, self.rules = parents, []
        for e in root.iter():
            if _local(e.tag) != "style" or e.get("type", "text/css") not in ("text/css", ""):
                continue
            text = re.sub(r"/\*.*?\*/", "", e.text or "", flags=re.S)
            if "@" in text:
                raise Unsupported("CSS at-rule")
            for block in text.split("}"):
                if "{" not in block:
                    if block.strip():
                        raise Unsupported("CSS syntax")
                    continue
                sels, body = block.split("{", 1)
                decls = self._declarations(body)
                for sel in sels.split(","):
                    steps, spec = _selector(sel.strip())
                    self.rules.append((spec, len(self.rules), steps, decls))

    @staticmethod
    def _declarations(body):
        out = []
        for item in body.split(";"):
            if ":" in item:
                k, v = item.split(":", 1)
                v = v.strip()
                important = v.endswith("!important")
                out.append((k.strip(), v[:-len("!important")].strip() if important else v, important))
        return out

    def declarations(self, elem):
        """(normal, important) dicts of the declarations that apply to elem, in cascade order."""
        hits = sorted((spec, order, decls) for spec, order, steps, decls in self.rules
                      if self._matches(elem, steps))
        normal, important = {}, {}
        for _, _, decls in hits:
            for k, v, imp in decls:
                (important if imp else normal)[k] = v
        return normal, important

    def _matches(self, elem, steps):
        comb, compound = steps[-1]
        if not self._one(elem, compound):
            return False
        if len(steps) == 1:
            return True
        parent = self.parents.get(elem)
        if comb == ">":
            return parent is not None and self._matches(parent, steps[:-1])
        while parent is not None:
            if self._matches(parent, steps[:-1]):
                return True
            parent = self.parents.get(parent)
        return False

    def _one(self, elem, compound):
        tag, parts = compound
        if tag and tag != "*" and _local(elem.tag) != tag:
            return False
        for p in parts:
            if p[0] == "#" and elem.get("id") != p[1:]:
                return False
            if p[0] == "." and p[1:] not in elem.get("class", "").split():
                return False
            if p[0] == "[":
                name, _, value = p[1:-1].partition("=")
                got = elem.get(name.strip())
                if got is None or (value and got != value.strip().strip("\"'")):
                    return False
            if p == ":first-child":
                parent = self.parents.get(elem)
                if parent is None or list(parent)[0] is not elem:
                    return False
        return True
