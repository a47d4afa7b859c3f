"""Play against the bots: the page and the words every game's moves are made of."""
