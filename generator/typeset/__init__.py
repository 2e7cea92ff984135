"""Typeset stage: text → Korean type set on the page: fonts registered and the letters they can print (fonts,
glyphs), paragraph markup made from content strings (markup), words with their widths and ties (words),
whole-paragraph line breaking (linebreak) and the paragraph that draws it (paragraph), paragraph styles (styles),
small flowables (flowables), and the search for the largest size that fits (search_size).
"""
