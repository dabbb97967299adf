"""Documents -> token windows with BIO labels and word-shape ids.

Everything here is mirrored by the Node inference code in src/detect/ner/ (tokenizer, shapes,
windows); the parity fixtures written by make_fixtures.py keep the two in step.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from tokenizers import Tokenizer

ENTITY_TYPES = ["NAME", "COMPANY", "ADDRESS", "SSN", "CREDIT_CARD", "EMAIL", "PHONE", "URL"]

# Windows: 256 positions = [CLS] + 254 content tokens + [SEP]; a new window every 128 tokens,
# so every token away from the document's ends is seen with at least 63 tokens of context.
MAX_LEN = 256
WINDOW = MAX_LEN - 2
STRIDE = 128

CLS_ID = 101
SEP_ID = 102
PAD_ID = 0

# Word-shape ids. The encoder is uncased (its tokenizer lower-cases everything), and casing is
# the strongest clue that "Mark" is a name and "mark" is not, so the shape of each token's
# original characters goes in as a learned embedding added to the word embedding.
SHAPE_SPECIAL = 0
SHAPE_LOWER = 1
SHAPE_TITLE = 2
SHAPE_UPPER = 3
SHAPE_DIGIT = 4
SHAPE_OTHER = 5
SHAPE_MIXED = 6
NUM_BASE_SHAPES = 7

# Layout of the gap before a token. WordPiece drops all whitespace, so without this the model
# cannot see a line break or a column gap: it ran names on into the next line ("Wei Chen\nf")
# and glued a name line to the company line under it. The gap kind multiplies the shape id, so
# id = shape + NUM_BASE_SHAPES * gap; [CLS]/[SEP]/padding stay SHAPE_SPECIAL.
GAP_NONE = 0  # nothing or one space: same word or next word on the line
GAP_NEWLINE = 1  # a line break (or the start of the document)
GAP_WIDE = 2  # a tab or two or more spaces: a column gap
NUM_GAPS = 3
NUM_SHAPES = NUM_BASE_SHAPES * NUM_GAPS
LINE_BREAKS = "\n\r\f\v\u2028\u2029"

# Stages 1-3 of the shipped model were trained before the layout gaps existed (casing only,
# NUM_BASE_SHAPES ids); `train --no-layout-gaps` reproduces them. Everything else uses the gaps.
_layout_gaps = True


def use_layout_gaps(on: bool) -> None:
    global _layout_gaps
    _layout_gaps = on


def num_shapes() -> int:
    return NUM_SHAPES if _layout_gaps else NUM_BASE_SHAPES


def bio_labels(types: list[str]) -> list[str]:
    labels = ["O"]
    for t in types:
        labels += [f"B-{t}", f"I-{t}"]
    return labels


def is_cased(ch: str) -> bool:
    return ch.lower() != ch.upper()


def token_shape(s: str) -> int:
    cased = [c for c in s if is_cased(c)]
    if not cased:
        return SHAPE_DIGIT if any(c.isdecimal() for c in s) else SHAPE_OTHER
    if all(c == c.upper() for c in cased):
        return SHAPE_UPPER if len(cased) >= 2 else SHAPE_TITLE
    if all(c == c.lower() for c in cased):
        return SHAPE_LOWER
    if cased[0] == cased[0].upper() and all(c == c.lower() for c in cased[1:]):
        return SHAPE_TITLE
    return SHAPE_MIXED


def gap_kind(between: str, at_start: bool) -> int:
    """Kind of the text between the previous token's end and this token's start."""
    if at_start or any(c in LINE_BREAKS for c in between):
        return GAP_NEWLINE
    if len(between) >= 2 or "\t" in between:
        return GAP_WIDE
    return GAP_NONE


def layout_shapes(text: str, offsets: list[tuple[int, int]]) -> list[int]:
    out: list[int] = []
    prev_end = 0
    for i, (a, b) in enumerate(offsets):
        out.append(token_shape(text[a:b]) + NUM_BASE_SHAPES * gap_kind(text[prev_end:a], i == 0))
        prev_end = b
    return out


def utf16_to_cp_map(text: str) -> list[int]:
    """Index i (a UTF-16 offset, as the generator and Node use) -> code-point index (Python's)."""
    out: list[int] = []
    for cp, ch in enumerate(text):
        out.append(cp)
        if ord(ch) > 0xFFFF:
            out.append(cp)
    out.append(len(text))
    return out


def cp_to_utf16_map(text: str) -> list[int]:
    out: list[int] = []
    u = 0
    for ch in text:
        out.append(u)
        u += 2 if ord(ch) > 0xFFFF else 1
    out.append(u)
    return out


@dataclass
class Encoded:
    ids: list[int]
    offsets: list[tuple[int, int]]  # code-point offsets into the text
    shapes: list[int]
    word_start: list[bool]  # True where a token begins a pre-tokenized word (not a ## piece)


def load_tokenizer(path: str | Path) -> Tokenizer:
    tok = Tokenizer.from_file(str(path))
    tok.no_truncation()
    tok.no_padding()
    return tok


def encode(tok: Tokenizer, text: str) -> Encoded:
    enc = tok.encode(text, add_special_tokens=False)
    offsets = [tuple(o) for o in enc.offsets]
    shapes = layout_shapes(text, offsets) if _layout_gaps else [token_shape(text[a:b]) for a, b in offsets]
    word_start = [not t.startswith("##") for t in enc.tokens]
    return Encoded(list(enc.ids), offsets, shapes, word_start)  # type: ignore[arg-type]


def window_starts(n: int) -> list[int]:
    starts = [0]
    while starts[-1] + WINDOW < n:
        starts.append(starts[-1] + STRIDE)
    return starts


def token_labels(enc: Encoded, spans_cp: list[tuple[int, int, str]], label_ids: dict[str, int]) -> list[int]:
    """B on the first token that starts inside a gold span, I on the following ones."""
    labels: list[int] = []
    spans = sorted(spans_cp)
    prev_span = -1
    j = 0
    for a, _b in enc.offsets:
        while j < len(spans) and spans[j][1] <= a:
            j += 1
        if j < len(spans) and spans[j][0] <= a < spans[j][1] and spans[j][2] in label_ids.get("__types__", {}):
            t = spans[j][2]
            labels.append(label_ids[("I-" if prev_span == j else "B-") + t])
            prev_span = j
        else:
            labels.append(label_ids["O"])
            prev_span = -1
    return labels


def read_jsonl(path: str | Path, limit: int | None = None) -> list[dict]:
    docs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                docs.append(json.loads(line))
                if limit is not None and len(docs) >= limit:
                    break
    return docs


def doc_spans_cp(doc: dict) -> list[tuple[int, int, str]]:
    m = utf16_to_cp_map(doc["text"])
    return [(m[s["start"]], m[s["end"]], s["type"]) for s in doc["spans"]]


@dataclass
class Window:
    ids: list[int]
    shapes: list[int]
    labels: list[int]


def doc_windows(tok: Tokenizer, doc: dict, label_ids: dict) -> list[Window]:
    enc = encode(tok, doc["text"])
    labels = token_labels(enc, doc_spans_cp(doc), label_ids)
    out = []
    for s in window_starts(len(enc.ids)):
        e = min(s + WINDOW, len(enc.ids))
        out.append(
            Window(
                [CLS_ID] + enc.ids[s:e] + [SEP_ID],
                [SHAPE_SPECIAL] + enc.shapes[s:e] + [SHAPE_SPECIAL],
                [-100] + labels[s:e] + [-100],
            )
        )
    return out


def make_label_ids(types: list[str]) -> dict:
    labels = bio_labels(types)
    d: dict = {l: i for i, l in enumerate(labels)}
    d["__types__"] = {t: True for t in types}
    return d
