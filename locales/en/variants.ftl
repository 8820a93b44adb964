# The games' own words: refusals, prompts, results, guides.
