"""Read stage: a file on disk → its bytes, or a Korean reason why not (files); YAML → data with line numbers, and
its syntax problems in Korean (yamlio, yamlerrors); the templates' settings: sizes, colours, fonts (theme); which
pictures a script may name (local_images); text no answer can carry (encodable). Limits are in generator.limits.
"""
