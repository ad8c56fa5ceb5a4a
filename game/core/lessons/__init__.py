"""Lessons: what a scripted game that teaches a variant is (:mod:`.model`), reading and
checking lesson files on a catalog of variants (:mod:`.book`), and the replay that checks
a script against its engine once, within a budget (:mod:`.replay`)."""
