"""Stand-in for einx (not installed; nothing may be pip-installed here): only the operations the round-p harnesses of
vector-quantize-pytorch reach, written with torch indexing. get_at('[c] d, b ... -> b ... d', t, i) is t[i];
get_at('h [c] d, h b n -> h b n d', t, i) gathers per head. Anything else raises."""
import torch


def get_at(pattern, table, index):
    left = pattern.split('->')[0].split(',')[0].strip()
    if left.startswith('[c]'):
        return table[index]
    if left.startswith('h [c]'):
        return torch.stack([table[h][index[h]] for h in range(table.shape[0])])
    raise NotImplementedError(pattern)


def where(pattern, *args):
    raise NotImplementedError(pattern)


def add(pattern, *args):
    raise NotImplementedError(pattern)
