"""Round-trip driver for generated Python modules.

Usage: python3 roundtrip.py DIR...   (each DIR holds one generated module)
stdin: one JSON request per line, {"module": NAME, "def": DEFINITION, "value": JSON}
stdout: one JSON line per request, {"ok": true, "value": RE-ENCODED, "variant": CLASS}
        or {"ok": false, "error": MESSAGE}
"""
import importlib
import json
import re
import sys

for d in sys.argv[1:]:
    sys.path.insert(0, d)


def norm(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


converters = {}


def converters_for(module_name, definition):
    key = (module_name, definition)
    if key not in converters:
        mod = importlib.import_module(module_name)
        want = norm(definition)
        found = None
        for attr in dir(mod):
            if attr.endswith("_from_dict") and norm(attr[: -len("_from_dict")]) == want:
                found = attr[: -len("_from_dict")]
        if found is None:
            raise LookupError(f"{module_name}: no converter for {definition}")
        converters[key] = (getattr(mod, found + "_from_dict"), getattr(mod, found + "_to_dict"))
    return converters[key]


for line in sys.stdin:
    if not line.strip():
        continue
    req = json.loads(line)
    try:
        from_dict, to_dict = converters_for(req["module"], req["def"])
        decoded = from_dict(req["value"])
        out = {"ok": True, "value": to_dict(decoded), "variant": type(decoded).__name__}
    except Exception as e:  # every failure is an answer, never a crash of the driver
        out = {"ok": False, "error": f"{type(e).__name__}: {e}"}
    print(json.dumps(out), flush=True)
