"""The source libcst parses for one method: the whole method, or only the statements that matter.

A pipeline's ``__call__`` can be 800 lines long for three lines that read a component's
weights. With a *focus* (texts such as ``self.vae.latents_mean``) only the statements
that mention one of them are kept, plus the statements using names those statements
assign (so ``embed = self.text_encoder.get_input_embeddings(); embed(ids)`` stays whole)
and the headers of the blocks around them. Every other line becomes blank, so line and
column numbers stay those of the file.
"""

from __future__ import annotations

import ast
import re

_BLOCKS = ("body", "orelse", "finalbody")


def method_snippet(lines: list[str], start: int, end: int, focus: frozenset[str] | None = None) -> tuple[str, int]:
    """(source to parse, line offset to add to the snippet's line numbers)."""
    body = lines[start - 1 : end]
    indented = bool(body) and body[0][:1].isspace()
    if focus:
        body = _focused(body, indented, focus) or body
    text = "".join(body)
    if not text.endswith("\n"):
        text += "\n"
    if indented:  # a method: wrap it in a class so that its columns stay the file's
        return "class _:\n" + text, start - 2
    return text, start - 1


def _focused(body: list[str], indented: bool, focus: frozenset[str]) -> list[str] | None:
    prefix = ["class _:\n"] if indented else []
    try:
        tree = ast.parse("".join(prefix + body))
    except (SyntaxError, ValueError):
        return None
    outer = tree.body[0].body[0] if indented else tree.body[0]
    if not isinstance(outer, (ast.FunctionDef, ast.AsyncFunctionDef)) or not outer.body:
        return None
    shift = len(prefix)  # ast line n is body line n - shift (1-based)
    header_end = outer.body[0].lineno - 1 - shift
    names: set[str] = set()
    for _ in range(4):  # names assigned by kept statements pull in their uses
        keep = [index < header_end for index in range(len(body))]
        patches: dict[int, str] = {}
        assigned: set[str] = set()
        _Selector(body, shift, focus, names, keep, patches, assigned).block(outer.body)
        if assigned <= names:
            break
        names |= assigned
    out = []
    for index, line in enumerate(body):
        if index in patches:
            out.append(patches[index])
        elif keep[index]:
            out.append(line)
        else:
            out.append("\n")
    return out


class _Selector:
    def __init__(self, lines: list[str], shift: int, focus: frozenset[str], names: set[str], keep: list[bool],
                 patches: dict[int, str], assigned: set[str]) -> None:
        self.lines, self.shift, self.focus = lines, shift, focus
        self.names = re.compile(r"\b(" + "|".join(map(re.escape, sorted(names))) + r")\b") if names else None
        self.keep, self.patches, self.assigned = keep, patches, assigned

    def _range(self, node: ast.stmt) -> range:
        return range(node.lineno - 1 - self.shift, (node.end_lineno or node.lineno) - self.shift)

    def _mentions(self, node: ast.stmt) -> bool:
        text = "".join(self.lines[i] for i in self._range(node))
        return any(needle in text for needle in self.focus) or bool(self.names and self.names.search(text))

    def block(self, statements: list[ast.stmt]) -> None:
        kept_any = False
        for statement in statements:
            if not self._mentions(statement):
                continue
            kept_any = True
            children = [child for field in _BLOCKS for child in getattr(statement, field, [])]
            children += [child for handler in getattr(statement, "handlers", []) for child in handler.body]
            children += [child for case in getattr(statement, "cases", []) for child in case.body]
            if not children or any(child.lineno == statement.lineno for child in children):
                for index in self._range(statement):  # a simple statement, or ``if x: y`` on one line
                    self.keep[index] = True
                self._note_assigned(statement)
                continue
            inner = {i for child in children for i in self._range(child)}
            for index in self._range(statement):  # headers, ``else:``, ``except ...:`` lines
                if index not in inner:
                    self.keep[index] = True
            self._note_assigned(statement)
            for field in _BLOCKS:
                if getattr(statement, field, None):
                    self.block(getattr(statement, field))
            for handler in getattr(statement, "handlers", []):
                self.block(handler.body)
            for case in getattr(statement, "cases", []):
                self.block(case.body)
        if not kept_any and statements:
            index = statements[0].lineno - 1 - self.shift
            line = self.lines[index]
            self.patches[index] = line[: len(line) - len(line.lstrip())] + "pass\n"  # a block needs a statement

    def _note_assigned(self, statement: ast.stmt) -> None:
        targets: list[ast.expr] = []
        if isinstance(statement, ast.Assign):
            targets = statement.targets
        elif isinstance(statement, (ast.AnnAssign, ast.AugAssign)):
            targets = [statement.target]
        elif isinstance(statement, (ast.For, ast.AsyncFor)):
            targets = [statement.target]
        elif isinstance(statement, (ast.With, ast.AsyncWith)):
            targets = [item.optional_vars for item in statement.items if item.optional_vars is not None]
        for target in targets:
            for node in ast.walk(target):
                if isinstance(node, ast.Name):
                    self.assigned.add(node.id)
