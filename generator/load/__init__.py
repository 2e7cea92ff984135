"""Load stage: the content folder → a Library (characters, night order, rules, jinxes, setup table: library,
characters, fields, info_cards); a script (YAML, or the publisher's JSON: load.publisher) → a Script; both → a
Game (game). Also the facts every later stage shares: setup brackets and the bag (brackets, bag), player ranges
(players), the search by Korean name, 초성 and id (search), the publisher's order (standard_order), the printed
wording of content text (wording) and the night card's cues (night_cue).
"""
