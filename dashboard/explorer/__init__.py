"""The analysis board shared by every game (the explorer): where a game comes from, its
address, the board drawn in the browser, the graded decisions and their words.
"""
