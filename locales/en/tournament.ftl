# Tournaments: /tournament and its replies, pairings, standings and the rounds' notes
# (src/service/tournament.rs).

