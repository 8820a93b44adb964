# Replies of the service (games, challenges, settings, ...).
