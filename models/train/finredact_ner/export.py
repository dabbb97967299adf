"""Export the trained model to ONNX, quantise it to int8, verify it, and write the shipped files.

python -m finredact_ner.export --run runs/NAME --data DIR --ship ../pii-ner --fixtures ../../test/fixtures
python -m finredact_ner.export --fixtures-only --data DIR --ship ../pii-ner --fixtures ../../test/fixtures
"""

from __future__ import annotations

import argparse
import json
import shutil
import time
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import torch
from onnxruntime.quantization import QuantType, quantize_dynamic
from onnxruntime.transformers import optimizer
from onnxruntime.transformers.fusion_options import FusionOptions
from transformers import BertConfig

from .data import (
    CLS_ID,
    ENTITY_TYPES,
    MAX_LEN,
    NUM_SHAPES,
    PAD_ID,
    SEP_ID,
    STRIDE,
    WINDOW,
    cp_to_utf16_map,
    encode,
    load_tokenizer,
    read_jsonl,
)
from .decode import BATCH_WINDOWS, TRIM_CHARS, predict_labels, predict_text, rules_change_spans
from .metrics import SpanScorer, format_report
from .model import NerModel, load_run
from .train import base_model_dir, torch_runner
from .u8weights import widen_to_u8

OPSET = 17
# The quantised model must give the same per-token label as PyTorch on at least this share of dev tokens.
AGREEMENT_TOLERANCE = 0.99


def ort_runner(path: Path, threads: int = 2):
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    sess = ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])

    def run(ids: np.ndarray, mask: np.ndarray, shapes: np.ndarray) -> np.ndarray:
        return sess.run(["logits"], {"input_ids": ids, "attention_mask": mask, "shape_ids": shapes})[0]

    return run


def export_onnx(model: NerModel, path: Path) -> None:
    model.eval()
    # Eager attention exports the plain MatMul/Softmax pattern that onnxruntime's fusion recognises;
    # the SDPA export (with its IsNaN/Where guards) is left unfused.
    model.bert.set_attn_implementation("eager")
    ids = torch.tensor([[CLS_ID, 2000, 2001, 2002, SEP_ID], [CLS_ID, 2003, SEP_ID, PAD_ID, PAD_ID]])
    mask = (ids != PAD_ID).long()
    shapes = torch.ones_like(ids)
    axes = {0: "batch", 1: "sequence"}
    torch.onnx.export(
        model,
        (ids, mask, shapes),
        str(path),
        input_names=["input_ids", "attention_mask", "shape_ids"],
        output_names=["logits"],
        dynamic_axes={"input_ids": axes, "attention_mask": axes, "shape_ids": axes, "logits": axes},
        opset_version=OPSET,
        do_constant_folding=True,
        dynamo=False,
    )


def fuse_and_quantise(fp32: Path, out: Path, config: BertConfig) -> dict[str, int]:
    """Fused attention, bias+GELU and residual+LayerNorm kernels, then int8 weights stored as uint8.

    Fusing before quantising lets the attention projections run as one QAttention per layer:
    measured with bench:ner, 15-20% more tokens/s than the unfused graph, same spans.
    """
    fused_path = fp32.with_suffix(".fused.onnx")
    fused = optimizer.optimize_model(
        str(fp32),
        model_type="bert",
        num_heads=config.num_attention_heads,
        hidden_size=config.hidden_size,
        optimization_options=FusionOptions("bert"),
        opt_level=0,
    )
    fused.save_model_to_file(str(fused_path))
    stats = {k: v for k, v in fused.get_fused_operator_statistics().items() if v}
    # Per-channel weight scales: per-tensor ones agreed with PyTorch on only 98.9% of dev tokens.
    # The fused ops are outside ONNX shape inference, hence the default tensor type.
    quantize_dynamic(
        str(fused_path),
        str(out),
        weight_type=QuantType.QInt8,
        per_channel=True,
        extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
    )
    widen_to_u8(out, out)
    return stats


def evaluate(tok, run, docs, labels, types, threshold, sweep: list[float] | None = None) -> dict:
    """Scores at `threshold`; with `sweep`, also at each of those thresholds (spans are only
    filtered by score after decoding, so one decoding at threshold 0 serves them all)."""
    raw = [[p for p in predict_text(tok, run, d["text"], labels, 0.0) if p["type"] in types] for d in docs]

    def score(t: float) -> dict:
        scorer = SpanScorer(ENTITY_TYPES)
        for d, pred in zip(docs, raw):
            scorer.add(d["text"], d["spans"], [p for p in pred if p["score"] >= t])
        return scorer.report()

    rep = score(threshold)
    if sweep:
        rep["sweep"] = {str(t): {"micro": score(t)["micro"], "leak_rate": score(t)["leak_rate"]} for t in sweep}
    return rep


def tokenizer_fixture(tok, texts: list[str]) -> list[dict]:
    cases = []
    for t in texts:
        enc = encode(tok, t)
        u16 = cp_to_utf16_map(t)
        cases.append(
            {
                "text": t,
                "ids": enc.ids,
                "offsets": [[u16[a], u16[b]] for a, b in enc.offsets],
                "shapes": enc.shapes,
            }
        )
    return cases


def write_tokenizer_fixture(tok, texts: list[str], path: Path) -> None:
    body = {"source": "models/train/finredact_ner/export.py", "cases": tokenizer_fixture(tok, texts)}
    path.write_text(json.dumps(body, ensure_ascii=False) + "\n")


# Hand-written edge cases for the tokenizer parity fixture; the rest are generated documents.
EDGE_TEXTS = [
    "José Álvarez-Núñez paid €1,250.00 to Müller GmbH (Straße 5, 80331 München).",
    "Ms. Zoë O'Brien-Smith <zoe.obrien@example.co.uk>; tel: +44 20 7946 0958\tfax (020) 7946-0959",
    "Déjà vu:\u00a0naïve café façade — “quoted” ‘text’ … ¿qué? ¡sí!",
    "東京都千代田区 1-2-3, 北京 and 서울 with emoji 🙂👍🏽 and a\u200bzero\ufeffwidth",
    "ALL CAPS HEADING: INVOICE NO. INV-2024-000123 DATED 01/02/2024",
    "Pneumonoultramicroscopicsilicovolcanoconiosis" * 3 + " short",
    "Control\x07chars\x00and\ufffdreplacement, e\u0301 decomposed, İstanbul, ß, ﬁnance",
    "https://www.example.com/path?q=1&r=2#frag and amazon.in/business, SSN 123-45-6789",
    "4111 1111 1111 1111 exp 12/27 CVC 123\n\n   \r\n  trailing   ",
    "Name:\tWei   Chen\nf Employee\fPage 2\u2028next  line\u00a0\u00a0x \v y\r\nz",
    # Possessives the shipped model keeps inside a span (sentences of presidio-synth-v2's shape).
    "They were singing about the verses from Pinabel Marcil's Cautionary Tales.\nZuzana:\"I'm Jennifer's daughter\".",
    # Where the NAME core rule cuts what the shipped model tags: a W-2 box letter on the next
    # line, and the verb before a quoted name.
    "3\ne Employee's first name and initial   Last name\nNash   Reynolds\nf Employee's address and ZIP"
    " code\n9427 N. Rodriguez St",
    "n Agency and law enforcement. \"Protecting our customers is our first priority,\" said Munguía"
    " Prieto, Mario, President. Customers with questi",
    "",
]


def punctuation_cases(tok, run, docs: list[dict], labels: list[str], threshold: float, n: int = 4) -> list[str]:
    """Documents whose spans change with decode.py's punctuation rules (spaced dash, touching
    entities, initials, possessives), so that the parity test covers those rules with real model output."""
    found = []
    for d in docs:
        if rules_change_spans(tok, run, d["text"], labels, threshold):
            found.append(d["text"])
            if len(found) == n:
                break
    return found


def write_fixtures(tok, ship: Path, data: Path, fixtures: Path, labels: list[str], threshold: float, threads: int) -> None:
    """Golden files for the Node tests, produced with the shipped (int8) model."""
    fixtures.mkdir(parents=True, exist_ok=True)
    test_docs = read_jsonl(data / "test.jsonl", 40)
    texts = EDGE_TEXTS + [d["text"] for d in test_docs[:30]]
    write_tokenizer_fixture(tok, texts, fixtures / "tokenizer-parity.json")
    # The last case joins several documents so that it spans many overlapping windows.
    long_doc = "\n\n".join(d["text"] for d in test_docs[30:36])
    ship_run = ort_runner(ship / "model.onnx", threads)
    sentences = (
        [t for t in EDGE_TEXTS if t]
        + punctuation_cases(tok, ship_run, read_jsonl(data / "dev.jsonl", 300), labels, threshold)
        + [d["text"] for d in test_docs[30:40]]
        + [long_doc]
    )
    cases = [{"text": t, "spans": predict_text(tok, ship_run, t, labels, threshold)} for t in sentences]
    (fixtures / "ner-parity.json").write_text(
        json.dumps({"source": "models/train/finredact_ner/export.py", "threshold": threshold, "cases": cases}, ensure_ascii=False, indent=1) + "\n"
    )
    print(f"wrote parity fixtures for {ship}/ ({len(texts)} tokenizer texts, {len(cases)} span cases)", flush=True)


def refresh_fixtures(ship: Path, data: Path, fixtures: Path, threads: int) -> None:
    """Only the golden files, from the model already in `ship`: for a change to the decoding code,
    where re-exporting would need the training run's PyTorch weights."""
    meta = json.loads((ship / "labels.json").read_text())
    tok = load_tokenizer(ship / "tokenizer.json")
    write_fixtures(tok, ship, data, fixtures, meta["labels"], meta["threshold"], threads)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--run", help="training run folder (model.pt, meta.json); not needed with --fixtures-only")
    ap.add_argument("--data", required=True)
    ap.add_argument("--ship", required=True)
    ap.add_argument("--fixtures", required=True)
    ap.add_argument("--dev-docs", type=int, default=200)
    ap.add_argument("--test-docs", type=int, default=1000)
    ap.add_argument("--threshold", type=float, default=0.5)
    ap.add_argument("--threads", type=int, default=2)
    # Measured: the validated patterns beat the model on the structured types (see MODEL_CARD.md),
    # so by default the recognizer reports only the types patterns cannot find.
    ap.add_argument("--emit-types", default="NAME,COMPANY,ADDRESS")
    ap.add_argument("--skip-verify", action="store_true", help="debugging only: no agreement check or evaluation")
    ap.add_argument("--fixtures-only", action="store_true", help="only regenerate the parity fixtures from the model in --ship")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    if args.fixtures_only:
        refresh_fixtures(Path(args.ship), Path(args.data), Path(args.fixtures), args.threads)
        return
    if not args.run:
        ap.error("--run is required unless --fixtures-only")

    run = Path(args.run)
    meta = json.loads((run / "meta.json").read_text())
    labels: list[str] = meta["labels"]
    types: list[str] = meta["types"]
    base = base_model_dir()
    tok = load_tokenizer(base / "tokenizer.json")
    model = load_run(run, BertConfig.from_pretrained(str(base)))
    model.eval()

    fp32 = run / "model.fp32.onnx"
    int8 = run / "model.int8.onnx"
    t0 = time.time()
    export_onnx(model, fp32)
    fusions = fuse_and_quantise(fp32, int8, model.bert.config)
    print(f"exported + fused {fusions} + quantised in {time.time() - t0:.0f}s: fp32 {fp32.stat().st_size / 1e6:.1f} MB, "
          f"int8 {int8.stat().st_size / 1e6:.1f} MB", flush=True)

    data = Path(args.data)
    dev = read_jsonl(data / "dev.jsonl", 0 if args.skip_verify else args.dev_docs)
    pt_run = torch_runner(model)
    q_run = ort_runner(int8, args.threads)
    agree = total = 0
    t0 = time.time()
    for d in dev:
        a = predict_labels(tok, pt_run, d["text"], len(labels))
        b = predict_labels(tok, q_run, d["text"], len(labels))
        agree += int((a == b).sum())
        total += len(a)
    agreement = agree / max(total, 1)
    print(f"int8 vs pytorch token-label agreement on {len(dev)} dev docs: {agreement:.5f} "
          f"({total} tokens, tolerance >= {AGREEMENT_TOLERANCE}) in {time.time() - t0:.0f}s", flush=True)
    if agreement < AGREEMENT_TOLERANCE and not args.skip_verify:
        raise SystemExit("quantised model disagrees with PyTorch beyond tolerance")

    results = {"agreement": agreement, "agreement_tokens": total}
    for split, n in (("dev", args.dev_docs), ("test", args.test_docs)) if not args.skip_verify else ():
        docs = read_jsonl(data / f"{split}.jsonl", n)
        t0 = time.time()
        sweep = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8] if split == "dev" else None
        rep = evaluate(tok, q_run, docs, labels, types, args.threshold, sweep)
        print(format_report(f"int8 onnx {split} ({len(docs)} docs, {time.time() - t0:.0f}s)", rep), flush=True)
        for t, r in rep.get("sweep", {}).items():
            print(f"   threshold {t}: micro F1 {r['micro']['f1']:.4f} P {r['micro']['p']:.4f} "
                  f"R {r['micro']['r']:.4f} leak {r['leak_rate'] * 100:.2f}%", flush=True)
        results[f"int8_{split}"] = rep

    ship = Path(args.ship)
    ship.mkdir(parents=True, exist_ok=True)
    shutil.copy(int8, ship / "model.onnx")
    shutil.copy(base / "vocab.txt", ship / "vocab.txt")
    shutil.copy(base / "tokenizer.json", ship / "tokenizer.json")
    (ship / "labels.json").write_text(
        json.dumps(
            {
                "labels": labels,
                "types": types,
                "emitTypes": [t for t in args.emit_types.split(",") if t in types],
                "maxLength": MAX_LEN,
                "window": WINDOW,
                "stride": STRIDE,
                "batchWindows": BATCH_WINDOWS,
                "clsId": CLS_ID,
                "sepId": SEP_ID,
                "padId": PAD_ID,
                "numShapes": NUM_SHAPES,
                "threshold": args.threshold,
                "trimChars": TRIM_CHARS,
                "lowercase": True,
            },
            indent=2,
        )
        + "\n"
    )
    (run / "export.json").write_text(json.dumps(results, indent=2))

    write_fixtures(tok, ship, data, Path(args.fixtures), labels, args.threshold, args.threads)


if __name__ == "__main__":
    main()
