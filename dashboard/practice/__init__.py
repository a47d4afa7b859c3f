"""Practice: the drills and puzzles pages, the learner's FSRS progress, and the puzzles
made from a learner's own games.
"""
