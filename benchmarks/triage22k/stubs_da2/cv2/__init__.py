"""Stand-in (imports only): Depth-Anything-V2 imports cv2 for its image transforms, which no checked call uses."""

# interpolation flags named as default arguments in depth_anything_v2/util/transform.py
INTER_NEAREST, INTER_LINEAR, INTER_CUBIC, INTER_AREA, INTER_LANCZOS4 = 0, 1, 2, 3, 4
