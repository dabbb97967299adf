"""Document -> spans with any window runner (PyTorch or ONNX).

This is the reference for src/detect/ner/: same windows, same batching, logits averaged over
overlapping windows, word-level BIO decoding, trimming and scoring. The golden parity file is
produced through this code with the shipped ONNX model.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Callable

import numpy as np

from .data import (
    CLS_ID,
    GAP_WIDE,
    LINE_BREAKS,
    PAD_ID,
    SEP_ID,
    SHAPE_SPECIAL,
    WINDOW,
    cp_to_utf16_map,
    encode,
    gap_kind,
    window_starts,
)

# The words the TypeScript detectors share (src/domain/vocabulary.ts, written by `npm run vocabulary`).
VOCABULARY = json.loads((Path(__file__).with_name("vocabulary.json")).read_text(encoding="utf-8"))

# Windows of one document go to the model in batches of this many, each batch padded to its
# longest window. Node batches the same way: with dynamic int8 quantisation the padding is part
# of the activation range, so identical batches are what makes the outputs identical.
BATCH_WINDOWS = 8

# Characters trimmed from both ends of a decoded span (LABELS.md: a span excludes surrounding
# whitespace and punctuation that is not part of the value).
TRIM_CHARS = " \t\r\n\u00a0,;:"

# A bracket at either end of a span is kept only when the span also holds its partner:
# "(020) 7946-0959" keeps its "(", "80331 München)" loses its ")".
BRACKETS = {")": "(", "]": "["}
OPENERS = {v: k for k, v in BRACKETS.items()}
# A bracket left open at the end or closed at the start is always the text's around the span
# ("Kaveri Industries Limited (" before its short name), and so is an opening quote whose
# closing quote the span left out ("'Ann' <…>" tagged from its "'").
OPENING_QUOTES = {"'": "'", '"': '"', "‘": "’", "“": "”"}

# Where an entity stops even if the model tags the next word I- of the same type. In the
# generator's 60k documents no gold span of any type but ADDRESS (0.16%) holds a blank line, and
# no NAME or COMPANY holds a column gap (a tab or 2+ spaces); the model still ran names on into
# the next paragraph or column ("AVOLA Rachele\n\nTeije"), so those words start a new entity.
NO_COLUMN_GAP_TYPES = ("NAME", "COMPANY")


def breaks_entity(gap: str, typ: str) -> bool:
    """True when the text between two words ends an entity of type `typ`."""
    breaks = sum(1 for c in gap.replace("\r\n", "\n") if c in LINE_BREAKS)
    if breaks >= 2:
        return True
    return typ in NO_COLUMN_GAP_TYPES and gap_kind(gap, False) == GAP_WIDE


# A dash with whitespace on both sides is never inside a gold NAME (0 of 60,198 in 20,000
# generated documents), yet the model ran names on over it ("Marit - FYI", "Soo-ah Park -").
DASHES = "-\u2013\u2014"


def spaced_dash(text: str, a: int, b: int) -> bool:
    return (
        b - a == 1
        and text[a] in DASHES
        and (a == 0 or text[a - 1].isspace())
        and (b == len(text) or text[b].isspace())
    )


def touching(text: str, end: int, start: int) -> bool:
    """Two entities of one type with at most one non-space character between them are one: no
    two gold spans of a type are that close in 20,000 generated documents, and the model split
    "J. Parisian" at its "." and "Wehner-Dare" at its "-"."""
    gap = text[end:start]
    return len(gap) <= 1 and not gap.isspace()


def initial_before(text: str, a: int) -> bool:
    """A NAME that would start at the "." of an initial ("J. Parisian", the model left "J" O)
    starts at the initial instead: no gold NAME starts with "."."""
    return text[a] == "." and a >= 1 and text[a - 1].isalpha() and (a == 1 or not text[a - 2].isalnum())


# A possessive is not part of a name: no gold NAME or COMPANY ends in "'s" or "'" (0 of 112,644 in
# 20,000 generated documents), and the model kept it ("Reed Elsevier's", "Pinabel Marcil'").
POSSESSIVE_TYPES = ("NAME", "COMPANY")
POSSESSIVE = re.compile("['\u2019][sS]?\\Z")


def without_possessive(text: str, a: int, b: int, typ: str) -> int:
    """The span's end with a trailing possessive ("'s", "'") after a letter removed."""
    value = text[a:b]
    m = POSSESSIVE.search(value) if typ in POSSESSIVE_TYPES else None
    return a + m.start() if m and m.start() > 0 and value[m.start() - 1].isalpha() else b


# Measured on synth-v8's training documents: 1 of 1,557 gold NAMEs that cross a line break ends
# in a line without a capital (OCR noise), yet the model ran W-2 names on into the next box's
# letter ("Reynolds\nf"); every gold NAME that starts with a word without a capital starts with a
# particle of this set (or a digit, OCR noise), yet the model took the verb before a quoted name.
NAME_PARTICLES = frozenset(VOCABULARY["nameParticles"])
LAST_LINE = re.compile(f"[{LINE_BREAKS}]([^{LINE_BREAKS}]*)\\Z")
LOWERCASE_LEAD = re.compile(r"([^\W\d_]+)\s+")


def has_capital(value: str) -> bool:
    return any(unicodedata.category(ch) == "Lu" for ch in value)


def name_core(text: str, a: int, b: int, typ: str) -> tuple[int, int]:
    """A NAME without the lines at its end that hold no capital letter, and without a leading
    lower-case word that is not a name particle, when a capital remains (`nameCore` in Node)."""
    if typ != "NAME":
        return a, b
    while (m := LAST_LINE.search(text, a, b)) and not has_capital(m.group(1)):
        if not has_capital(text[a : m.start()]):
            break
        b = m.start()
    lead = LOWERCASE_LEAD.match(text, a, b)
    if (
        lead
        and all(unicodedata.category(ch) == "Ll" for ch in lead.group(1))
        and lead.group(1) not in NAME_PARTICLES
        and has_capital(text[lead.end() : b])
    ):
        a = lead.end()
    return a, b


def implausible(value: str) -> bool:
    """A decoded span no gold span looks like: a single character (W-2 box letters). Names without
    a capital stay, and single letters standing apart ("N V E", OCR's reading of a logo) — see
    `isImplausible` in src/detect/ner/decodeSpans.ts, which must match."""
    return len(value) < 2 or LETTERS_APART.match(value) is not None


# Legal forms without their dots, src/domain/vocabulary.ts's (`isBareLegalForm` reads the same).
LEGAL_FORMS = frozenset(VOCABULARY["legalFormKeys"])


def bare_legal_form(value: str) -> bool:
    """A legal form standing alone ("Sarl au capital …") names no company (0 of 77,023 gold COMPANY spans)."""
    return re.sub(r"\s+", " ", value.replace(".", "").strip().lower()) in LEGAL_FORMS


WORD_BEFORE = re.compile(r"(?:^|[ ])\(?([^\W\d_](?:[^\W_]|[&'’.-])*)\)?[ ]$")


def follows_capitalised_word(text: str, start: int) -> bool:
    """A capitalised word, bracketed or not, right before `start` on its line
    (src/domain/capitalisedWordBefore.ts): a legal form there ends a company whose start the model cut."""
    m = WORD_BEFORE.search(text[max(0, start - 40) : start])
    return bool(m) and m.group(1)[0].isupper()


# Python's \w without digits and underscore is a letter, as \p{L} is in Node.
LETTERS_APART = re.compile(r"^[^\W\d_](?:\s+[^\W\d_])+$")


Runner = Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]


def window_logits(run: Runner, ids: list[int], shapes: list[int], num_labels: int) -> np.ndarray:
    """Averaged logits [n_tokens, num_labels] for the content tokens of a document."""
    n = len(ids)
    total = np.zeros((n, num_labels), dtype=np.float64)
    count = np.zeros((n, 1), dtype=np.float64)
    starts = window_starts(n) if n > 0 else []
    for b in range(0, len(starts), BATCH_WINDOWS):
        batch = starts[b : b + BATCH_WINDOWS]
        lens = [min(s + WINDOW, n) - s for s in batch]
        width = max(lens) + 2
        input_ids = np.full((len(batch), width), PAD_ID, dtype=np.int64)
        mask = np.zeros((len(batch), width), dtype=np.int64)
        shape_ids = np.full((len(batch), width), SHAPE_SPECIAL, dtype=np.int64)
        for r, (s, ln) in enumerate(zip(batch, lens)):
            input_ids[r, : ln + 2] = [CLS_ID] + ids[s : s + ln] + [SEP_ID]
            shape_ids[r, 1 : ln + 1] = shapes[s : s + ln]
            mask[r, : ln + 2] = 1
        out = run(input_ids, mask, shape_ids)
        for r, (s, ln) in enumerate(zip(batch, lens)):
            total[s : s + ln] += out[r, 1 : ln + 1]
            count[s : s + ln] += 1
    return (total / np.maximum(count, 1)).astype(np.float32)


def softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def decode_spans(
    text: str,
    offsets: list[tuple[int, int]],
    word_start: list[bool],
    probs: np.ndarray,
    labels: list[str],
    threshold: float,
    punctuation_rules: bool = True,
) -> list[dict]:
    """Word-level BIO decoding; offsets in the output are UTF-16 (as JavaScript strings).
    `punctuation_rules=False` only serves to find parity cases where those rules matter."""
    # A word's label is its first piece's argmax; its type probability is P(B-T) + P(I-T).
    words: list[tuple[int, int, str, str, float]] = []  # (start, end, tag, type, p)
    for i, (a, b) in enumerate(offsets):
        if word_start[i] or not words:
            k = int(np.argmax(probs[i]))
            lab = labels[k]
            if lab == "O":
                words.append((a, b, "O", "", float(probs[i][k])))
            else:
                tag, typ = lab.split("-", 1)
                p = float(probs[i][labels.index("B-" + typ)] + probs[i][labels.index("I-" + typ)])
                words.append((a, b, tag, typ, p))
        else:
            s, _e, tag, typ, p = words[-1]
            words[-1] = (s, b, tag, typ, p)
    entities: list[list] = []  # [start, end, type, [p...]]
    prev_type = ""
    prev_end = 0
    for a, b, tag, typ, p in words:
        gap = text[prev_end:a]
        prev_end = b
        if punctuation_rules and typ == "NAME" and spaced_dash(text, a, b):
            tag = "O"
        if tag == "O":
            prev_type = ""
            continue
        continues = (tag == "I" and prev_type == typ and not breaks_entity(gap, typ)) or (
            punctuation_rules and bool(entities) and touching(text, entities[-1][1], a)
        )
        if entities and entities[-1][2] == typ and continues:
            entities[-1][1] = b
            entities[-1][3].append(p)
        else:
            start = a - 1 if punctuation_rules and typ == "NAME" and initial_before(text, a) else a
            entities.append([start, b, typ, [p]])
        prev_type = typ
    u16 = cp_to_utf16_map(text)
    out = []
    for a, b, typ, ps in entities:
        a, b = trim_span(text, a, b)
        if punctuation_rules:
            a, b = trim_span(text, *name_core(text, a, b, typ))
            a = start_of_word(text, a)
            b = without_possessive(text, a, b, typ)
            # "'Ann'" loses its closing quote as if it were a possessive: the opening one goes too.
            if unclosed_quote(text, a, b):
                a += 1
        if b <= a:
            continue
        score = float(sum(ps) / len(ps))
        if score < threshold or implausible(text[a:b]):
            continue
        if typ == "COMPANY" and bare_legal_form(text[a:b]) and not follows_capitalised_word(text, a):
            continue
        out.append({"start": u16[a], "end": u16[b], "type": typ, "score": score})
    return out


def _alnum(ch: str) -> bool:
    return ch.isalnum()


def start_of_word(text: str, a: int) -> int:
    """As Node's wordStart (src/detect/ner/decodeSpans.ts): a span the model starts inside a word
    starts where the word does; one starting on punctuation alone before a space starts after it."""
    here = text[a] if a < len(text) else ""
    after = text[a + 1] if a + 1 < len(text) else ""
    if not _alnum(here) and not _alnum(after):
        m = re.match(r"[.,·•*]+\s+(?=\w)", text[a : a + 8])
        return a + m.end() if m and _alnum(text[a + m.end()]) else a
    s = a
    while s > 0 and (_alnum(text[s - 1]) or text[s - 1] in ".'’-") and a - s < 32:
        s -= 1
    return s if s < len(text) and _alnum(text[s]) else a


def unclosed_quote(text: str, a: int, b: int) -> bool:
    """An opening quote at `a` whose closing quote is not in the span."""
    closing = OPENING_QUOTES.get(text[a]) if a < len(text) else None
    return closing is not None and b > a + 1 and closing not in text[a + 1 : b]


def trim_span(text: str, a: int, b: int) -> tuple[int, int]:
    while True:
        start, end = a, b
        while a < b and text[a] in TRIM_CHARS:
            a += 1
        while b > a and text[b - 1] in TRIM_CHARS:
            b -= 1
        if b > a and text[b - 1] in BRACKETS:
            close = text[b - 1]
            if text.count(close, a, b) > text.count(BRACKETS[close], a, b):
                b -= 1
        if b > a and text[a] in OPENERS:
            open_ = text[a]
            if text.count(open_, a, b) > text.count(OPENERS[open_], a, b):
                a += 1
        if b > a and text[b - 1] in OPENERS:
            b -= 1
        if b > a and text[a] in BRACKETS:
            a += 1
        elif b > a and unclosed_quote(text, a, b):
            a += 1
        if (a, b) == (start, end):
            return a, b


def document_probs(tok, run: Runner, text: str, num_labels: int):
    """(encoding, per-token label probabilities) of a document, or None when it has no tokens."""
    enc = encode(tok, text)
    if not enc.ids:
        return None
    return enc, softmax(window_logits(run, enc.ids, enc.shapes, num_labels))


def predict_text(tok, run: Runner, text: str, labels: list[str], threshold: float) -> list[dict]:
    found = document_probs(tok, run, text, len(labels))
    if found is None:
        return []
    enc, probs = found
    return decode_spans(text, enc.offsets, enc.word_start, probs, labels, threshold)


def rules_change_spans(tok, run: Runner, text: str, labels: list[str], threshold: float) -> bool:
    """True when the punctuation rules change a document's spans (one model run, two decodings)."""
    found = document_probs(tok, run, text, len(labels))
    if found is None:
        return False
    enc, probs = found
    with_rules, without = (
        decode_spans(text, enc.offsets, enc.word_start, probs, labels, threshold, rules) for rules in (True, False)
    )
    return with_rules != without


def predict_labels(tok, run: Runner, text: str, num_labels: int) -> np.ndarray:
    """Per-token argmax labels, for the quantised-vs-PyTorch agreement check."""
    enc = encode(tok, text)
    if not enc.ids:
        return np.zeros((0,), dtype=np.int64)
    return np.argmax(window_logits(run, enc.ids, enc.shapes, num_labels), axis=-1)

