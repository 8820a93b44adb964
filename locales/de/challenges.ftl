# Replies of challenges, tournaments, queries, ratings, records, web pages and the
# service's own refusals (lobby.rs, tournament.rs, queries.rs, ratings.rs, record.rs,
# pages.rs, relocate.rs, refresh.rs, mod.rs).
