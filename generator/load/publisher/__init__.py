"""The publisher's script JSON (the format every online tool exchanges) → a Script: the list and its _meta
(script), the schema and its line-numbered findings (schema), character objects given in full (characters), whether
an object with an official id is the official character or a homebrew reusing the id (official), quirks read for
their plain intent (lenient), a script's own night order (nights), ids, text marks and the format's names (text).
"""
