# French: tournament (keys not here fall back to English).
