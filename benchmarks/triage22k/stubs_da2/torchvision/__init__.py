"""Stand-in (imports only): Depth-Anything-V2 imports torchvision.transforms.Compose for infer_image, which no checked call uses."""
