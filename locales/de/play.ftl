# Replies about playing a game: turns, draws and resignations, conditional moves,
# takebacks, confirmations, timeouts and reminders, reviews, vacations, notes and
# `arcana local`'s typed commands (turns.rs, conditional.rs, takeback.rs, confirm.rs,
# timeouts.rs, review.rs, vacation.rs, notes.rs, command.rs).
