
### Der Zugwähler (Issue 28): Fragen und Beschriftungen der Optionen. Die Notation
### (e4, Ng1-f3, freeze d5) bleibt, wie die Regeldokumente sie schreiben.

## Figuren, beim Namen.
role-pawn = Bauer
role-knight = Springer
role-bishop = Läufer
role-rook = Turm
role-queen = Dame
role-king = König
role-wizard = Zauberer
role-pawns = { $count } Bauern
role-knights = { $count } Springer
role-bishops = { $count } Läufer
role-rooks = { $count } Türme
role-queens = { $count } Damen
role-kings = { $count } Könige
role-wizards = { $count } Zauberer

## Für alle Spiele.
pick-which-piece = Welche Figur?
pick-where-to = Wohin?
pick-promote-to = Umwandeln in?
pick-which-answer = Welche Antwort?
pick-nothing-more = nichts weiter
pick-play = { $answer } spielen?
pick-piece = { $role } { $square }
pick-piece-in-wicket = { $role } im Tor { $square }
pick-wicket = Tor { $square }
pick-takes = schlägt { $target }
pick-castle-short = Kurze Rochade (O-O)
pick-castle-long = Lange Rochade (O-O-O)
pick-then = dann { $what }
pick-decline = ablehnen

## Zauberschach (Spell Chess).
pick-spell-which = Welcher Zauber?
pick-spell-none = kein Zauber
pick-spell-unsafe = { $spell } (lässt den König schlagbar)

## Zauberstabschach (Wand Chess).
pick-wand-first = Welche Figur zieht, oder welcher Zauberstab zaubert?
pick-wand-then = Und dann?
pick-wand-teleport = Wohin teleportieren?
pick-wand-teleport-to = teleportieren nach { $square }
pick-wand-zap-with = Zaubern mit Stab { $square }
pick-wand-zap-at = Worauf zaubern?
pick-wand-at = auf { $square }
pick-wand-at-itself = auf sich selbst ({ $square })

## Wizard Walls.
pick-walls-wall-1 = Erste Mauer?
pick-walls-wall-2 = Zweite Mauer?
pick-walls-wall-3 = Dritte Mauer?
pick-walls-wall-next = Nächste Mauer?
pick-walls-wall-on = Mauer auf { $square }
pick-walls-team = Welches Team?
pick-walls-place = Wohin kommt der { $role }?
pick-walls-first = Erste Aktion: welcher Zauberer?
pick-walls-what = Was tut er?
pick-walls-second = Zweite Aktion?
pick-walls-pass = passen (keine Aktion)
pick-walls-end-turn = Zug beenden
pick-walls-resurrect = Einen { $role } zurückholen
pick-walls-on = auf { $square }
pick-walls-move-to = zieht nach { $square }
pick-walls-break = bricht Mauer { $square }

## Sorchess.
pick-sorchess-entry = Zauberer vom Turm { $square }
pick-sorchess-stay = Springer bleiben

## Schach mit Toren (Chess with Wickets).
pick-wickets-keep-ball = Ball behalten (ablehnen)
pick-wickets-sacrifice-none = nichts opfern (ablehnen)
pick-wickets-ball-where = Wo liegt der Ball?
pick-wickets-ball-on = Ball auf { $square }
pick-wickets-defender = Welche Figur wird Verteidiger?
pick-wickets-throw = Wohin werfen?
pick-wickets-relay = weiter über { $piece }
pick-wickets-throw-wicket = ins Tor { $square } werfen
pick-wickets-throw-to = nach { $square } werfen
pick-wickets-card = Welche Karte?
pick-wickets-sacrifice-1 = Erste Figur zum Opfern?
pick-wickets-sacrifice-2 = Zweite Figur?
pick-wickets-sacrifice-3 = Dritte Figur?
pick-wickets-sacrifice-next = Nächste Figur?
pick-card-ace = { $suit ->
    [clubs] Kreuz-Ass
    [diamonds] Karo-Ass
    [hearts] Herz-Ass
   *[spades] Pik-Ass
}
pick-card = { $suit ->
    [clubs] Kreuz
    [diamonds] Karo
    [hearts] Herz
   *[spades] Pik
} { $rank }

## Fragen, in wenigen Worten.
question-move = dein Zug
question-teleport = wähle das Teleportfeld
question-ball-square = wähle, wo der Ball liegt
question-defender = bestimme einen neuen Verteidiger
question-card = spiele eine Karte
question-sacrifice = opfere Figuren oder `decline`
question-throw = wirf den Ball oder `decline`
question-setup-walls = setze deine Mauern
question-setup-team = stelle dein Team auf

## Die Worte des Zugwählers und seine Ablehnungen.
picker-chosen = Gewählt: { $chosen }
picker-confirm = `{ $answer }` spielen? Drücke Bestätigen.
picker-played = Du hast `{ $answer }` gespielt.
picker-back = Zurück
picker-confirm-button = Bestätigen
picker-stale = Die Stellung hat sich geändert, seit dieser Wähler geöffnet wurde: drücke erneut auf Zug.
picker-not-offered = Diese Wahl wird hier nicht angeboten: drücke erneut auf Zug.
picker-incomplete = Diese Antwort ist noch nicht vollständig: wähle zuerst aus den Menüs.
refusal-button-gone = Dieser Knopf gehört zu einer Partie, die hier nicht mehr gespielt wird.
refusal-game-over = Die Partie ist vorbei.
refusal-not-your-turn-white = Du bist nicht am Zug; { $name } (Weiß) ist am Zug.
refusal-not-your-turn-black = Du bist nicht am Zug; { $name } (Schwarz) ist am Zug.
