"""A stand-in for timm (not installed), for the round g labelling runs only: mar builds its transformer from
`timm.models.vision_transformer.Block`; this one has the same constructor and a plain pre-norm attention + MLP body."""
