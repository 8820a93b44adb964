# Replies about playing a game: turns, draws and resignations, conditional moves,
# takebacks, confirmations, timeouts and reminders, reviews, vacations, notes and
# `arcana local`'s typed commands (turns.rs, conditional.rs, takeback.rs, confirm.rs,
# timeouts.rs, review.rs, vacation.rs, notes.rs, command.rs).

## Zeitspannen (die verbleibende Bedenkzeit, die Länge eines Urlaubs).

play-days = { $n ->
    [one] { $n } Tag
   *[other] { $n } Tage
}
# Nach „seit“ und „in“ (der Dativ).
play-days-dative = { $n ->
    [one] { $n } Tag
   *[other] { $n } Tagen
}
play-hours = { $n ->
    [one] { $n } Stunde
   *[other] { $n } Stunden
}
play-minutes = { $n ->
    [one] { $n } Minute
   *[other] { $n } Minuten
}

## `/urlaub`.

vacation-status-on = Du bist seit { $since } im Urlaub; er endet von selbst in { $until }, wenn du nicht vorher `/urlaub aus` sagst. Kontingent: { $allowance ->
    [one] { $allowance } Tag
   *[other] { $allowance } Tage
} im Jahr.
vacation-status-off = Du hast dieses Jahr noch { $left ->
    [one] { $left } Urlaubstag
   *[other] { $left } Urlaubstage
} übrig ({ $used } von { $allowance } verbraucht). `/urlaub an` hält deine Uhren in jeder Partie an; jedes Mal zählt mindestens einen ganzen Tag.
vacation-already-on = Du bist schon im Urlaub; `/urlaub aus` beendet ihn.
vacation-none-left = Du hast dieses Jahr keinen Urlaub mehr übrig (alle { $allowance } Tage verbraucht).
vacation-on = Du bist für bis zu { $left ->
    [one] { $left } Tag
   *[other] { $left } Tage
} im Urlaub: Deine Uhren stehen in { $stopped ->
    [one] { $stopped } Partie
   *[other] { $stopped } Partien
} still. Deine Gegner dürfen weiterhin ziehen. `/urlaub aus`, wenn du zurück bist.
vacation-on-kept = Du bist für bis zu { $left ->
    [one] { $left } Tag
   *[other] { $left } Tage
} im Urlaub: Deine Uhren stehen in { $stopped ->
    [one] { $stopped } Partie
   *[other] { $stopped } Partien
} still (in { $kept ->
    [one] einer Partie läuft die Uhr
   *[other] { $kept } Partien laufen die Uhren
} weiter: kein Urlaub in { $games }). Deine Gegner dürfen weiterhin ziehen. `/urlaub aus`, wenn du zurück bist.
vacation-kept-game = Partie { $id }
vacation-not-on = Du bist nicht im Urlaub; `/urlaub an` beginnt einen.
vacation-back-invoker = Willkommen zurück: Deine Uhren laufen wieder. Dieser Urlaub zählte { $used ->
    [one] { $used } Tag
   *[other] { $used } Tage
}; dieses Jahr { $left ->
    [one] bleibt noch { $left }
   *[other] bleiben noch { $left }
}.
vacation-spent = Dein Urlaubskontingent für dieses Jahr ist aufgebraucht ({ $days } Tage), daher ist dein Urlaub beendet und deine Uhren laufen wieder.
vacation-away = { $name } ist im Urlaub: Die Uhr steht still bis zur Rückkehr. Du darfst trotzdem ziehen.
vacation-back = { $name } ist aus dem Urlaub zurück.
vacation-back-time = { $name } ist aus dem Urlaub zurück. { $time }

## `/notiz`.

note-players-only = Nur die Spieler dieser Partie können Notizen zu ihr führen.
note-too-long = Deine Notizen zu dieser Partie wären länger als { $max } Zeichen ({ $used } belegt); `/notiz clear` leert sie.
note-emptied = Deine Notizen zu dieser Partie sind jetzt leer.
note-added = Notiert (nur du siehst deine Notizen). { $notes }
note-none = Du hast keine Notizen zu dieser Partie; `/notiz TEXT` fügt eine hinzu (nur du siehst sie).
note-list = Deine Notizen zu dieser Partie ({ $count }):
note-changed-meanwhile = Deine Notizen wurden inzwischen geändert; sieh sie dir bitte an und versuch es noch einmal.
note-store-failed = Der Partiespeicher ist ausgefallen, deine Notizen sind also unverändert; bitte versuch es noch einmal.
