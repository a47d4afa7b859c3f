"""The Rule variants page's parts: which games and rules it offers and the link that opens
it preset (``choices``), the job that plays the games in the server's pool (``job``), the
verdicts and measures in the player's words (``words``) and the results drawn as light
HTML (``draw``). The page itself is ``dashboard/views/variants.py``."""
