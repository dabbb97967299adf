"""The token classifier: a pretrained BERT encoder plus a word-shape embedding and a linear head."""

from __future__ import annotations

import json
from pathlib import Path

import torch
from torch import nn
from transformers import BertConfig, BertModel

from .data import NUM_BASE_SHAPES, NUM_SHAPES


class NerModel(nn.Module):
    def __init__(
        self, base_dir: str | None, num_labels: int, config: BertConfig | None = None, num_shapes: int = NUM_SHAPES
    ):
        super().__init__()
        if base_dir is not None:
            self.bert = BertModel.from_pretrained(base_dir, add_pooling_layer=False)
        else:
            assert config is not None
            self.bert = BertModel(config, add_pooling_layer=False)
        hidden = self.bert.config.hidden_size
        # Starts at zero so fine-tuning begins from the pretrained embeddings unchanged.
        self.shape = nn.Embedding(num_shapes, hidden)
        nn.init.zeros_(self.shape.weight)
        self.dropout = nn.Dropout(0.1)
        self.classifier = nn.Linear(hidden, num_labels)

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor, shape_ids: torch.Tensor) -> torch.Tensor:
        emb = self.bert.embeddings.word_embeddings(input_ids) + self.shape(shape_ids)
        hidden = self.bert(inputs_embeds=emb, attention_mask=attention_mask).last_hidden_state
        return self.classifier(self.dropout(hidden))


def keep_layers(model: NerModel, layers: list[int]) -> None:
    """A student: only these encoder layers, in this order (e.g. [0, 5] of the six)."""
    model.bert.encoder.layer = nn.ModuleList([model.bert.encoder.layer[i] for i in layers])
    model.bert.config.num_hidden_layers = len(layers)


def load_run(run: Path, config: BertConfig) -> NerModel:
    """A training run's model (model.pt + meta.json). A student's state dict numbers the layers it
    kept from 0, so only their count matters here."""
    meta = json.loads((run / "meta.json").read_text())
    model = NerModel(None, len(meta["labels"]), config=config)
    kept = meta.get("args", {}).get("keep_layers")
    if kept:
        keep_layers(model, list(range(len(kept.split(",")))))
    model.load_state_dict(torch.load(run / "model.pt", map_location="cpu"))
    return model


def load_state(model: NerModel, state: dict) -> None:
    """Load a checkpoint; one from before the layout gaps (7 shape rows) starts every gap kind
    from its plain shape's row, so training resumes from exactly the old model's behaviour."""
    w = state.get("shape.weight")
    rows = model.shape.weight.shape[0]
    if w is not None and w.shape[0] == NUM_BASE_SHAPES and rows != NUM_BASE_SHAPES:
        state = dict(state)
        state["shape.weight"] = w.repeat(rows // NUM_BASE_SHAPES, 1)
    model.load_state_dict(state)
