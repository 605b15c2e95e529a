def resolve_pretrained_cfg(*args, **kwargs):
    return None


def _update_default_model_kwargs(*args, **kwargs):
    return None
