import json, sys
rows = [
 (1,"corp6__efficientvit","efficientvit/ae_model_zoo.py",[58]),
 (2,"corp6__efficientvit","efficientvit/ae_model_zoo.py",[64]),
 (3,"corp6__efficientvit","onnx/export_decoder.py",[40]),
 (4,"corp6__efficientvit","onnx/export_decoder.py",[44]),
 (5,"corp6__efficientvit","onnx/export_decoder.py",[47]),
 (6,"corp6__efficientvit","onnx/export_decoder.py",[70]),
 (7,"corp6__Janus","janusflow/models/modeling_vlm.py",[196]),
 (8,"corp6__Janus","janusflow/models/modeling_vlm.py",[197]),
 (9,"corp6__Janus","janusflow/models/modeling_vlm.py",[199,200]),
 (10,"corp6__Janus","janusflow/models/modeling_vlm.py",[214]),
 (11,"corp6__mar","models/mar.py",[173]),
 (12,"corp6__mar","models/mar.py",[189]),
 (13,"corp6__mar","models/mar.py",[190]),
 (14,"corp6__mar","models/mar.py",[202]),
 (15,"corp6__mar","models/mar.py",[208]),
 (16,"corp6__mar","models/mar.py",[212,214]),
 (17,"corp6__mar","models/mar.py",[217]),
 (18,"corp6__mar","models/mar.py",[226]),
 (19,"corp6__mar","models/mar.py",[229]),
 (20,"corp6__mar","models/mar.py",[278]),
 (21,"corp6__mar","models/mar.py",[280,283]),
 (22,"corp6__mar","models/mar.py",[319]),
 (23,"corp6__InternVL","classification/models/clip_vit.py",[63]),
 (24,"corp6__InternVL","classification/models/clip_vit.py",[66]),
 (25,"corp6__InternVL","classification/models/clip_vit.py",[69]),
]
for d in sys.argv[1:]:
    found = []
    for n, tree, path, lines in rows:
        fs = json.load(open(f"{d}/{tree}.json"))
        hit = [f for f in fs if f['path'].endswith(path) and f['line'] in lines]
        found.append(n if hit else None)
    got = [n for n in found if n]
    print(d, len(got), "of 25; missed:", [r[0] for r in rows if r[0] not in got])
