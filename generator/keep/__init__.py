"""Keep stage: what a run parsed or converted → the user's cache folder, so the next run skips it, and back: plain
data under an HMAC, never code, each value checked before use (usercache). The stores: parsed fonts (fontcache),
converted SVG icons (iconcache), YAML, paragraph markup and line ends (parsecache). Any stage may use it; output
is byte-identical with or without it.
"""
