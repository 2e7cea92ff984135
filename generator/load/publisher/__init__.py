"""The publisher's script JSON (the format every online tool exchanges) → a Script: the list and its _meta
(script), the schema and its line-numbered findings (schema), character objects given in full (characters), a
script's own night order (nights), ids, text marks and the format's names (text).
"""
