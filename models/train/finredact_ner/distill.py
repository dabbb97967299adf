"""Distil a smaller student from the shipped model on the generator's documents (a GPU job).

python -m finredact_ner.distill --data DIR[,DIR...] --teacher ../pii-ner/model.onnx --out runs/NAME \
    --keep-layers 0 --budget-min 8 [--device cuda]

The student is the teacher's embeddings, shape embedding, classifier and the encoder layers named
by --keep-layers; it learns from the gold BIO labels and from the teacher's token distributions
(soft targets carry what the teacher knows beyond the generator's labels, e.g. how sure it is
about a capitalised word that is no name). With --budget-min the learning-rate schedule (warm-up,
then linear decay to zero) runs on the clock, so a run stops on time with its schedule finished;
such a run is not step-for-step repeatable. The output folder is a run that `export --run` ships
(meta.json carries keep_layers, so the export builds the same student).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from transformers import BertConfig

from .data import (
    CLS_ID,
    ENTITY_TYPES,
    SEP_ID,
    SHAPE_SPECIAL,
    WINDOW,
    Window,
    bio_labels,
    doc_windows,
    load_tokenizer,
    make_label_ids,
    num_shapes,
    read_jsonl,
)
from .from_onnx import state_from_onnx
from .metrics import format_report
from .model import NerModel, keep_layers, load_state
from .train import collate, evaluate, make_batches

_tok = None
_label_ids = None


def _init_worker(tokenizer_path: str, types: list[str]) -> None:
    global _tok, _label_ids
    _tok = load_tokenizer(Path(tokenizer_path))
    _label_ids = make_label_ids(types)


def _windows(doc: dict):
    return doc_windows(_tok, doc, _label_ids)


def spliced_window(windows, rng: random.Random, starts_word: list[bool]) -> Window:
    """A window of 8-64-token runs cut from random windows at word starts. The students learned the
    training templates and missed unseen ones; text no template makes, labelled by the teacher,
    asks them for what the teacher knows rather than for the templates' order of lines."""
    ids, shapes = [CLS_ID], [SHAPE_SPECIAL]
    while len(ids) < WINDOW:
        w = windows[rng.randrange(len(windows))]
        body = range(1, len(w.ids) - 1)
        starts = [i for i in body if starts_word[w.ids[i]]]
        if not starts:
            continue
        a = rng.choice(starts)
        b = min(a + rng.randint(8, 64), len(w.ids) - 1, a + WINDOW + 1 - len(ids))
        ids += w.ids[a:b]
        shapes += w.shapes[a:b]
    return Window(ids + [SEP_ID], shapes + [SHAPE_SPECIAL], [-100] + [0] * (len(ids) - 1) + [-100])


def device_runner(model, device: str):
    def run(ids: np.ndarray, mask: np.ndarray, shapes: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            t = [torch.from_numpy(a).to(device) for a in (ids, mask, shapes)]
            return model(*t).float().cpu().numpy()

    return run


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, help="folders with train.jsonl (comma-separated); the first one's dev/test.jsonl are evaluated")
    ap.add_argument(
        "--gold-only-data",
        default="",
        help="folders (comma-separated, a folder named twice counts twice) whose windows learn from the gold labels alone: "
        "new documents the teacher errs on, where its soft targets would teach the error back",
    )
    ap.add_argument("--teacher", required=True, help="the shipped model.onnx (dequantised)")
    ap.add_argument(
        "--init", default=None, help="continue a student: its model.pt or int8 model.onnx (else the teacher's layers)"
    )
    ap.add_argument("--base-config", required=True, help="the pretrained encoder's config.json")
    ap.add_argument("--tokenizer", required=True, help="tokenizer.json of the shipped model")
    ap.add_argument("--out", required=True)
    ap.add_argument("--keep-layers", required=True, help="the teacher's encoder layers the student keeps, e.g. 0")
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--warmup", type=float, default=0.05)
    ap.add_argument("--alpha", type=float, default=0.5, help="weight of the teacher's soft targets against the gold labels")
    ap.add_argument("--temperature", type=float, default=2.0)
    ap.add_argument("--max-steps", type=int, default=None)
    ap.add_argument("--budget-min", type=float, default=None, help="train for this long (the schedule runs on the clock)")
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--eval-docs", type=int, default=300)
    ap.add_argument("--splice", type=float, default=0.0, help="share of each batch replaced by spliced windows, labelled by the teacher")
    args = ap.parse_args()
    if (args.max_steps is None) == (args.budget_min is None):
        ap.error("give exactly one of --max-steps and --budget-min")
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    dev = args.device
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    types = list(ENTITY_TYPES)
    labels = bio_labels(types)
    tok = load_tokenizer(Path(args.tokenizer))
    folders = [Path(p) for p in args.data.split(",")]
    gold_folders = [Path(p) for p in args.gold_only_data.split(",") if p]

    t0 = time.time()
    docs = [d for f in folders for d in read_jsonl(f / "train.jsonl", None)]
    gold_docs = [d for f in gold_folders for d in read_jsonl(f / "train.jsonl", None)]
    with Pool(args.workers, _init_worker, (args.tokenizer, types)) as pool:
        windows = [w for ws in pool.imap(_windows, docs, chunksize=256) for w in ws]
        gold_windows = [w for ws in pool.imap(_windows, gold_docs, chunksize=256) for w in ws]
    # Window i learns from the teacher too when i < n_soft.
    n_soft = len(windows)
    windows += gold_windows
    docs += gold_docs
    n_tokens = sum(len(w.ids) for w in windows)
    print(
        f"train docs {len(docs)} windows {len(windows)} ({len(gold_windows)} gold only) tokens {n_tokens} (prep {time.time() - t0:.1f}s)",
        flush=True,
    )

    teacher = NerModel(None, len(labels), config=BertConfig.from_json_file(args.base_config), num_shapes=num_shapes())
    load_state(teacher, state_from_onnx(Path(args.teacher)))
    student = copy.deepcopy(teacher)
    keep = [int(i) for i in args.keep_layers.split(",")]
    keep_layers(student, keep)
    if args.init:
        # A student shipped or brought back from a device as int8 ONNX continues from its
        # dequantised weights (the int8 rounding becomes part of its starting point).
        init = Path(args.init)
        load_state(student, state_from_onnx(init) if init.suffix == ".onnx" else torch.load(init, map_location="cpu"))
    teacher.to(dev).eval()
    student.to(dev).train()
    for p in teacher.parameters():
        p.requires_grad_(False)
    print(f"student: layers {keep} of the teacher, {sum(p.numel() for p in student.parameters()) / 1e6:.1f}M parameters", flush=True)

    vocab = tok.get_vocab()
    starts_word = [True] * (max(vocab.values()) + 1)
    for piece, i in vocab.items():
        starts_word[i] = not piece.startswith("##")
    opt = torch.optim.AdamW(student.parameters(), lr=args.lr, weight_decay=0.01)
    rng = random.Random(args.seed)
    T = args.temperature
    step = 0
    t_train = time.time()

    def progress() -> float:
        if args.budget_min is not None:
            return (time.time() - t_train) / (args.budget_min * 60)
        return step / args.max_steps

    def lr_factor(frac: float) -> float:
        # A tiny rate rather than zero at the very first step, which would otherwise be wasted.
        return min(frac / args.warmup, max(0.0, (1 - frac) / (1 - args.warmup))) if frac > 0 else 1e-3

    done = False
    epoch = 0
    while not done:
        epoch += 1
        for idx in make_batches(windows, args.batch, rng):
            frac = progress()
            if frac >= 1:
                done = True
                break
            for g in opt.param_groups:
                g["lr"] = args.lr * lr_factor(frac)
            n_splice = sum(rng.random() < args.splice for _ in idx)
            batch = [windows[i] for i in idx[n_splice:]] + [spliced_window(windows, rng, starts_word) for _ in range(n_splice)]
            soft_rows = torch.tensor([i < n_soft for i in idx[n_splice:]] + [True] * n_splice, device=dev)
            ids, mask, shapes, gold = (t.to(dev, non_blocking=True) for t in collate(batch, list(range(len(batch)))))
            with torch.autocast(dev, dtype=torch.bfloat16, enabled=dev == "cuda"):
                with torch.no_grad():
                    t_logits = teacher(ids, mask, shapes)
                s_logits = student(ids, mask, shapes)
            if n_splice:
                rows = slice(len(batch) - n_splice, None)
                gold[rows] = torch.where(gold[rows] == -100, gold[rows], t_logits[rows].argmax(-1))
            s = s_logits.float().view(-1, len(labels))
            t = t_logits.float().view(-1, len(labels))
            keep_tok = gold.view(-1) != -100
            soft_tok = keep_tok & soft_rows[:, None].expand_as(gold).reshape(-1)
            hard = F.cross_entropy(s[keep_tok], gold.view(-1)[keep_tok])
            soft = (
                F.kl_div(F.log_softmax(s[soft_tok] / T, -1), F.log_softmax(t[soft_tok] / T, -1), log_target=True, reduction="batchmean")
                * (T * T)
                if bool(soft_tok.any())
                else s.sum() * 0
            )
            loss = (1 - args.alpha) * hard + args.alpha * soft
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(student.parameters(), 1.0)
            opt.step()
            step += 1
            if step % 500 == 0:
                el = time.time() - t_train
                print(
                    f"epoch {epoch} step {step} hard {hard.item():.4f} soft {soft.item():.4f} "
                    f"lr {opt.param_groups[0]['lr']:.2e} {step / el:.1f} steps/s {100 * frac:.0f}%",
                    flush=True,
                )
    train_s = time.time() - t_train
    student.cpu()
    torch.save(student.state_dict(), out / "model.pt")
    meta = {
        "types": types,
        "labels": labels,
        "args": {**vars(args), "keep_layers": ",".join(str(i) for i in range(len(keep))), "teacher_layers": args.keep_layers},
        "train_docs": len(docs),
        "train_windows": len(windows),
        "train_tokens": n_tokens,
        "steps": step,
        "train_seconds": round(train_s, 1),
        "torch": torch.__version__,
    }
    print(f"trained {step} steps ({step * args.batch / len(windows):.1f} epochs) in {train_s / 60:.1f} min", flush=True)
    student.to(dev)
    for split in ("dev", "test"):
        path = folders[0] / f"{split}.jsonl"
        if not path.exists():
            continue
        docs_e = read_jsonl(path, args.eval_docs)
        for name, m in (("student", student), ("teacher", teacher)):
            rep = evaluate(m, tok, docs_e, labels, types, 0.5, device_runner(m, dev))
            print(format_report(f"{name} {split} ({len(docs_e)} docs)", rep), flush=True)
            meta[f"{name}_{split}"] = rep
    (out / "meta.json").write_text(json.dumps(meta, indent=2))


if __name__ == "__main__":
    main()
