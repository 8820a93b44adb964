# Tournaments: /tournament and its replies, pairings, standings and the rounds' notes
# (src/service/tournament.rs).

## Ablehnungen, an den Fragenden (die des Minutentakts gehen in den Kanal der
## Veranstaltung). Nummern von Veranstaltungen werden als Text übergeben: Fluents Zahlen
## würden sie runden.

tournament-busy = Eine andere Änderung an diesem Turnier kam zuerst an; es wurde nichts geändert, bitte versuch es noch einmal.
tournament-not-here = Hier gibt es kein Turnier #{ $id }.
tournament-none-in-channel = In diesem Kanal gibt es kein Turnier; `/turnier erstellen` legt eins an.
tournament-create-not-allowed = Nur Mitglieder, die den Server verwalten (oder die Rolle der Veranstalter haben), dürfen ein Turnier erstellen.
tournament-name-length = Ein Turnier braucht einen Namen mit 1 bis { $max } Zeichen.
tournament-name-hidden = Der Name eines Turniers darf keine Steuer-, Richtungs- oder unsichtbaren Zeichen enthalten: Tippe ihn so, wie er erscheinen soll.
tournament-cycles-range = Ein Rundenturnier hat 1 oder 2 Durchgänge.
tournament-rounds-range = Ein Turnier im Schweizer System hat 1 bis { $max } Runden.
tournament-limit-too-low = An einem Turnier nehmen mindestens 2 Spieler teil.
tournament-days-range = Höchstens { $days } Tage pro Zug und { $bank } Tage Zeitbank.
tournament-start-in-past = Der Start muss in der Zukunft liegen.
tournament-exists = Dieses Turnier gibt es schon.
tournament-join-started = **{ $event }** hat schon begonnen und nimmt keine Spieler mehr auf.
tournament-join-twice = Du bist bei **{ $event }** schon dabei.
tournament-full = **{ $event }** ist voll ({ $limit } Spieler).
tournament-leave-started = **{ $event }** hat begonnen; mit `/turnier zurückziehen` ziehst du dich zurück.
tournament-leave-not-in = Du bist bei **{ $event }** nicht dabei.
tournament-start-not-organiser = Nur { $organiser } (Veranstalter) darf **{ $event }** starten.
tournament-started-already = **{ $event }** hat schon begonnen.
tournament-withdraw-not-organiser = Nur der Veranstalter darf einen anderen Spieler zurückziehen.
tournament-withdraw-not-in = { $name } ist bei **{ $event }** nicht dabei.
tournament-withdraw-not-running = **{ $event }** läuft nicht; vor dem Start verlässt man es mit `/turnier verlassen`.
tournament-withdrawn-already = { $name } hat sich schon zurückgezogen.
tournament-withdraw-confirm = { $name } aus **{ $event }** zurückzuziehen gibt { $games ->
    [one] { $games } Partie
   *[other] { $games } Partien
    } sofort kampflos verloren und lässt sich nicht rückgängig machen. Um fortzufahren, sag `/turnier zurückziehen bestätigen:ja`.
tournament-cancel-not-organiser = Nur { $organiser } (Veranstalter) darf **{ $event }** absagen.
tournament-over-already = **{ $event }** ist schon vorbei.
tournament-too-few = **{ $event }** braucht zum Start mindestens 2 Spieler (bisher { $players }).
tournament-unpairable = Für die nächste Runde lassen sich keine Paarungen bilden: { $why }.
tournament-unpairable-too-few = es sind weniger als zwei Spieler übrig
tournament-unpairable-repeats = jede mögliche Paarung wiederholt eine Partie oder ein Freilos

## Was der Kanal der Veranstaltung liest, in der Sprache des Servers.

tournament-created = Turnier #{ $id } **{ $event }**, erstellt von { $organiser }: { $game }, { $format }, { $terms }, { $rated }, { $vacation ->
    [yes] Urlaub erlaubt
   *[no] kein Urlaub
}{ $limit ->
    [0] {""}
   *[other] , höchstens { $limit } Spieler
}. Mitspielen mit `/turnier beitreten`.
tournament-format-round-robin = { $cycles ->
    [1] Rundenturnier
   *[other] Rundenturnier, { $cycles } Durchgänge
}
tournament-format-swiss = { $rounds ->
    [one] Schweizer System, { $rounds } Runde
   *[other] Schweizer System, { $rounds } Runden
}
tournament-joins = { $name } tritt **{ $event }** bei ({ $players } Spieler).
tournament-leaves = { $name } verlässt **{ $event }**.
tournament-withdraws = { $name } zieht sich aus **{ $event }** zurück: Die übrigen Partien gehen kampflos verloren.
tournament-cancelled = **{ $event }** ist abgesagt; laufende Partien werden außerhalb des Turniers zu Ende gespielt.
tournament-starts = **{ $event }** beginnt mit { $players } Spielern.
tournament-round-starts = **{ $event }**: Runde { $round } beginnt.
tournament-over-winner = **{ $event }** ist vorbei: { $name } gewinnt!
tournament-over = **{ $event }** ist vorbei.
tournament-over-shared = **{ $event }** ist vorbei: { $names } und { $last } teilen sich den ersten Platz!
# Das Ergebnis einer Partie: `$score` ist 1–0, ½–½ oder 0–1.
tournament-result = **{ $event }**, Runde { $round }: { $white } { $score } { $black }.
tournament-two-time-losses = { $name } hat zwei Partien auf Zeit verloren und scheidet aus; die übrigen Partien gehen kampflos verloren.
tournament-game-forfeited = { $name } ist aus **{ $event }** ausgeschieden: Diese Partie gilt als kampflos verloren.
# Der Name des Threads einer Turnierpartie (mit den Namen höchstens 100 Zeichen).
tournament-game-title = { $event } · Runde { $round } · { $white } gegen { $black }
tournament-game-elsewhere = { $title }: Diese Partie wird in { $place } gespielt.

## `/turnier exportieren`, an den Fragenden.

tournament-export = **{ $event }**: die Partien (PGN) und die Kreuztabelle (CSV).

## Tabelle und Paarungen: die eigene Nachricht der Veranstaltung in der Sprache des
## Servers, die Antwort auf `/turnier tabelle` oder `paarungen` in der des Fragenden.

tournament-standings-head = **{ $event }** ({ $format }, { $progress }), Tabelle:
tournament-progress-open = noch nicht begonnen
tournament-progress-finished = beendet
tournament-progress-cancelled = abgesagt
tournament-progress-round = Runde { $round } von { $rounds }
tournament-progress-games = { $done } von { $games } Partien entschieden
# Eine Zeile der Tabelle: `$points` ist ein Punktestand wie 2½, `$half` derselbe in
# halben Punkten; `$tiebreak` ist SB oder Buchholz, `$score` dessen Wert.
tournament-standings-line = { $place }. { $name } — { $half ->
    [1] { $points } Punkt
    [2] { $points } Punkt
   *[other] { $points } Punkte
}, { $tiebreak } { $score }
tournament-standings-withdrew = { $line } (zurückgezogen)
tournament-standings-struck = { $line } (zurückgezogen, Ergebnisse gestrichen)
tournament-pairings-head = **{ $event }**, Paarungen:
tournament-pairings-round = Runde { $round }:
tournament-pairing = { $white } gegen { $black }: { $result }
tournament-pairing-in = { $white } gegen { $black }: { $result }, in { $place }
tournament-pairings-field = Teilnehmer ({ $count }): { $players }
tournament-pairings-at-start = Die Paarungen werden beim Start gebildet.
tournament-pairing-playing = läuft
tournament-pairing-forfeit = { $score } (kampflos)
tournament-pairing-bye = { $name }: spielfrei

## Die Tabelle als Bild.

tournament-table-player = Spieler
tournament-table-points = Punkte
# Vor der Nummer einer Runde im Kopf einer Tabelle im Schweizer System: R1, R2 ...
tournament-table-round = R
tournament-table-bye = spielfrei
# Die Farbe einer Partie im Schweizer System, nach dem Platz des Gegners: +3w.
tournament-table-white = w
tournament-table-black = s
tournament-table-legend-round-robin = SB: Sonneborn-Berger. + und -: kampflos gewonnen und verloren; ·: noch zu spielen.
tournament-table-legend-swiss = + gewonnen, = remis, - verloren, gegen den so platzierten Spieler, mit Weiß (w) oder Schwarz (s); *: kampflos.

## Die Spaltenköpfe der Kreuztabelle in `/tournament export` (CSV).
tournament-csv-place = Platz
tournament-csv-player = Spieler
tournament-csv-points = Punkte
tournament-csv-tiebreak = Feinwertung
