# French: web (keys not here fall back to English).
