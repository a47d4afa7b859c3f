"""Words shared by every game: the engine's coded phrases, units, lists and ruleset words
in the session's language.
"""
