"""Processors built from their parts: optional `tokenizer=None` parts are built, and the in-memory tokenizer a
processor gets carries the multimodal special tokens it reads (`tokenizer.image_token`) and a chat template."""
import pytest

from offload_lint.confirm.caller import MULTIMODAL_TOKENS, build_component, tiny_tokenizer

transformers = pytest.importorskip("transformers")


def test_multimodal_tokenizer_tokens_are_in_vocabulary() -> None:
    tokenizer = tiny_tokenizer(multimodal=True)
    for attribute, token in MULTIMODAL_TOKENS.items():
        assert getattr(tokenizer, attribute) == token
        assert tokenizer.convert_tokens_to_ids(token) != tokenizer.unk_token_id


def test_plain_tokenizer_has_no_image_token() -> None:
    assert tiny_tokenizer().convert_tokens_to_ids("<image>") == tiny_tokenizer().unk_token_id


def test_processor_with_optional_tokenizer_is_built_with_chat_template() -> None:
    processor_class = getattr(transformers, "GlmImageProcessor", None)
    if processor_class is None:
        pytest.skip("this transformers has no GlmImageProcessor")
    processor, how = build_component("processor", processor_class)
    assert processor.tokenizer is not None and "tokenizer=" in how
    text = processor.apply_chat_template([{"role": "user", "content": "a cat"}], tokenize=False)
    assert "a cat" in text
