#!/usr/bin/env bash
# `npm run train`: the NER recipe in one run of about two hours on 2 cores —
# venv -> synthetic data -> fine-tune the pretrained encoder -> evaluate -> ONNX export -> fusion ->
# int8 quantisation -> quantised-vs-PyTorch check -> models/pii-ner/ + Node parity fixtures.
# Measured (sixth session, MODEL_CARD.md "The two-hour recipe"): about 115 min in all, 105 of them
# training; its model meets every synthetic-test target of issue 7.
# The committed model is not this run's: it is the seven-stage history of train-shipped.sh
# (`npm run train:shipped`, about eight hours), which measured better on real invoices.
# A run cut off after a checkpoint (every 100 steps) resumes with the same train command plus
# `--init <out>/model.pt --start-step <step in <out>/checkpoint.json>` (copy model.pt first).
set -euo pipefail
source "$(dirname "$0")/common.sh"

# The generator's continental small print and consumer goods are in this run (seed 11 is the
# shipped stage 7's data); its dev templates are trained on, its 14 test templates stay unseen.
synth 60000 11 "$DATA-s11"
with_dev "$DATA-s11" "$DATA-s11-dev"

# From the pretrained encoder with the layout gaps on from the start; lr 1e-4 with 6% warm-up and
# linear decay. The budget makes a slower machine stop early instead of running on: the measured
# run stopped at step 1,594 of 1,600 (learning rate 4e-7 by then).
.venv/bin/python -m finredact_ner.train --data "$DATA-s11-dev" --out "$RUN" --max-steps 1600 \
  --batch 16 --lr 1e-4 --warmup 0.06 --seed 61 --threads 2 --eval-docs 300 --budget-min 105
# Checked against synth-v6-like data (the 14 unseen test templates of every generator run).
synth 60000 7 "$DATA-60k"
ship_model "$RUN" "$DATA-60k"
