"""Heavy work off the server's interpreter: the job pool, a page's job panel (progress and
Cancel), and the pages' and the Bots page's jobs.
"""
