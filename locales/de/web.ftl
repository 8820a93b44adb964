# The web pages for spectators (src/web/html.rs) and the /web replies
# (src/service/pages.rs).

