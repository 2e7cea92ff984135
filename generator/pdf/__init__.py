"""PDF stage: finished PDF bytes → other PDF bytes, knowing nothing of the game: the file's objects (objects),
pages imposed two-up for a saddle-stitched booklet (impose), pages repeated for copies (repeat).
"""
