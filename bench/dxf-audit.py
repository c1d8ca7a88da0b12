"""DXF check for bench/dxf-audit.mjs: each file loaded by ezdxf, audited, and loaded again through
ezdxf.recover, then its model space flattened to polylines in ezdxf's own reading of bulges and
HATCH loops, so the bench can draw it beside the SVG. Run under Debian's /usr/bin/python3 with
python3-ezdxf; prints one JSON object per file, one per line.

Usage: /usr/bin/python3 bench/dxf-audit.py FILE.dxf ... (normally started by the .mjs)
"""

import json
import sys

import ezdxf
from ezdxf import path, recover

# Largest distance between a curve and its flattening, in drawing units (mm): 0.12 px at 300 DPI.
FLATTEN_MM = 0.01


def check(name):
    doc = ezdxf.readfile(name)
    auditor = doc.audit()
    _, recovered = recover.readfile(name)
    layers = {
        layer.dxf.name: {"rgb": list(layer.rgb or (0, 0, 0)), "lineweight": layer.dxf.lineweight}
        for layer in doc.layers
    }
    counts = {}
    entities = []
    for e in doc.modelspace():
        kind = e.dxftype()
        counts[kind] = counts.get(kind, 0) + 1
        if kind == "HATCH":
            loops = [
                [round(c, 4) for v in p.flattening(FLATTEN_MM) for c in (v.x, v.y)]
                for p in path.from_hatch(e)
            ]
            entities.append(
                {
                    "type": kind,
                    "layer": e.dxf.layer,
                    "solid": e.dxf.solid_fill,
                    "style": e.dxf.hatch_style,
                    "loops": loops,
                }
            )
        elif kind == "LWPOLYLINE":
            points = [
                round(c, 4)
                for v in path.make_path(e).flattening(FLATTEN_MM)
                for c in (v.x, v.y)
            ]
            entities.append(
                {"type": kind, "layer": e.dxf.layer, "closed": e.closed, "points": points}
            )
    return {
        "file": name,
        "version": doc.dxfversion,
        "insunits": doc.header.get("$INSUNITS"),
        "extmax": list(doc.header.get("$EXTMAX"))[:2],
        "errors": [str(x.message) for x in auditor.errors],
        "fixes": [str(x.message) for x in auditor.fixes],
        "recoverErrors": [str(x.message) for x in recovered.errors],
        "recoverFixes": [str(x.message) for x in recovered.fixes],
        "counts": counts,
        "layers": layers,
        "entities": entities,
    }


for file in sys.argv[1:]:
    print(json.dumps(check(file)), flush=True)
