"""Lessons: scripted games that teach a variant (:mod:`.model`), and the replay that
checks a lesson file against its engine once, within a budget (:mod:`.replay`)."""
