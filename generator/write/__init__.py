"""Write stage: finished documents → files in the output folder, the whole kit replaced at once, never outside it
(files); a Game → the publisher's JSON (export_json); the user's almanac text → character YAML files (importer).
"""
