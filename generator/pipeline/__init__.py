"""Pipeline stage: the whole run both doors call, in the order a run takes it.

  checking.py   a script → a checked Game and its findings (load, name as printed, every check)
  printing.py   a checked Game → printable or a Refusal with its reason; --only/--copies resolved to its characters
  rendering.py  a printable Game and RenderOptions → the documents' files (fonts registered once, the almanac forked)
  output.py     the files → the output folder, never inside a content folder, the whole kit replaced at once
  exchange.py   the publisher's JSON, the user's almanac text and new content folders, in and out
  library.py    the content folder → the library the page keeps loaded, searched as `characters` searches it

The CLI (generator/commands/) parses flags and prints; the web server (generator/server/) parses requests and answers.
Neither imports a stage but through here (tests/test_import_graph.py lists the few exceptions and why).
"""
