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
play-under-a-minute = weniger als eine Minute
# Nach „seit“ und „in“ (der Dativ).
play-under-a-minute-dative = weniger als einer Minute

## `/urlaub`.

vacation-status-on = Du bist seit { $since } im Urlaub; er endet von selbst in { $until }, wenn du nicht vorher `/urlaub aus` sagst. Kontingent: { $allowance ->
    [one] { $allowance } Tag
   *[other] { $allowance } Tage
} im Jahr.
vacation-status-off = Du hast dieses Jahr noch { $left ->
    [one] { $left } Urlaubstag
   *[other] { $left } Urlaubstage
} übrig ({ $used } von { $allowance } verbraucht). `/urlaub an` hält deine Uhren in jeder Partie an; jedes Mal wird mindestens ein ganzer Tag angerechnet.
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

## `/zurücknehmen`.

takeback-players-only = Nur die Spieler dieser Partie dürfen einen Zug zurücknehmen.
takeback-already-asked = Du hast schon gefragt; warte auf die Antwort.
takeback-asked = { $name } möchte `{ $turn }` zurücknehmen. { $opponent }: `/zurücknehmen annehmen` oder `/zurücknehmen ablehnen`.
takeback-not-asked = { $name } hat nicht darum gebeten, einen Zug zurückzunehmen.
takeback-declined = { $name } lehnt die Zugrücknahme ab.
takeback-rated = Zugrücknahmen gibt es nur in ungewerteten Partien; diese zählt für die Wertung.
takeback-not-now = Du kannst deinen letzten Zug zurücknehmen, solange dein Gegner am Zug ist.
takeback-nothing = Du hast keinen Zug, den du zurücknehmen könntest.
takeback-impossible = Dieser Zug kann nicht zurückgenommen werden.
takeback-chance = `{ $turn }` hing vom Zufall ab und kann daher nicht zurückgenommen werden (sein Ergebnis ist jetzt bekannt).
takeback-hidden = `{ $turn }` hat etwas Verborgenes aufgedeckt oder geschlagen und kann daher nicht zurückgenommen werden.
takeback-done = `{ $turn }` von { $name } wird einvernehmlich zurückgenommen.

## `/einstellungen` (die eigenen des Spielers) und die Zugbestätigung.

prefs-saved = Gespeichert. Deine Einstellungen:
prefs-shown = Deine Einstellungen:
prefs-confirm = - bestätigen: { $value } — { $on ->
        [yes] ein Zug, den du tippst, wird dir zuerst gezeigt, mit Bestätigen und Abbrechen
       *[no] ein Zug, den du tippst, wird sofort gespielt
    }
prefs-digest = - übersicht: { $value } — { $on ->
        [yes] einmal am Tag listet eine Direktnachricht die Partien, in denen du am Zug bist
       *[no] keine tägliche Nachricht
    }
prefs-reminders = - erinnerungen: { $value } — { $on ->
        [yes] eine Direktnachricht erinnert dich, wenn deine Bedenkzeit knapp wird
       *[no] keine Erinnerungen per Direktnachricht
    }
prefs-change = Ändere eine zum Beispiel mit `/einstellungen bestätigen:an`.
prefs-digest-message = Deine tägliche Übersicht. { $games }
prefs-digest-stop = (`/einstellungen übersicht:aus` stellt diese Nachrichten ab.)
confirm-store-failed = Der Partiespeicher ist ausgefallen, es wurde also nichts geändert; bitte versuch es später noch einmal.
confirm-board-after = `{ $turn }` spielen? Das Brett danach:
confirm-board-now = `{ $turn }` spielen? (Das Brett wird so gezeigt, wie es jetzt ist: In dieser Partie zeigt sich das Ergebnis des Zuges erst, wenn er gespielt ist.)
confirm-question = { $what }
    Drücke Bestätigen oder tippe den Zug noch einmal, um ihn zu spielen; Abbrechen (oder `abbrechen` getippt) verwirft ihn. (Mit `/einstellungen bestätigen:aus` werden getippte Züge sofort gespielt.)
confirm-stale = Diese Bestätigung gehört zu einer früheren Stellung; es wurde nichts gespielt. Tippe deinen Zug noch einmal.
confirm-store-failed-later = Der Partiespeicher ist ausgefallen; bitte versuch es später noch einmal.
confirm-nothing-waits = Hier wartet kein Zug von dir auf Bestätigung.
# The word typed to drop a waiting move.
confirm-cancel-word = abbrechen
confirm-cancelled = Abgebrochen: Es wurde nichts gespielt.

## Züge, Remis, `/abbrechen`, `/hand`.

play-type-a-move = Tippe einen Zug, zum Beispiel `e4`.
play-too-long = Das ist viel zu lang für einen Zug.
play-not-a-player = Nur { $white } und { $black } spielen diese Partie; zuschauen kannst du mit `/brett` und `/verlauf`.
draw-not-offered = { $name } hat kein Remis angeboten.
draw-declined = { $name } lehnt das Remisangebot ab.
draw-already-offered = Du hast schon Remis angeboten; warte auf die Antwort.
draw-offered = { $name } bietet Remis an. { $opponent }: `/remis annehmen` oder `/remis ablehnen`.
draw-computer-declines = { $name } bietet Remis an. { $computer } lehnt ab: Die Stellung gefällt ihm.
draw-claim-not-your-turn = Du kannst ein Remis nur reklamieren, wenn du am Zug bist.
draw-claim-none = Es gibt kein Remis zu reklamieren: noch { $rules }.
draw-claim-no-repetition = keine dreifache Stellungswiederholung
draw-claim-no-fifty = keine 50-Züge-Regel
draw-claim-no-rule = kein { $rule }
draw-claim-and = und
abort-too-late = Zu spät zum Abbrechen: Beide Seiten haben gezogen; du kannst `/aufgeben` oder Remis anbieten.
hand-nothing-secret = Du hast in dieser Partie keine geheimen Informationen.

## `/vorauszüge`.

conditional-example = `/vorauszüge e5 Nf3 Nc6 Bb5`: Spielt dein Gegner e5, antwortest du Nf3; spielt er dann Nc6, antwortest du Bb5
conditional-none-to-clear = Du hast keine Vorauszüge in dieser Partie.
conditional-cleared = Deine Vorauszüge in dieser Partie sind gelöscht.
conditional-deleted = Vorauszug { $number } ist gelöscht; `/vorauszüge` zeigt die übrigen.
conditional-delete-which = Sag mit der Nummer von 1 bis { $count }, welchen Vorauszug du löschen willst: zum Beispiel `/vorauszüge delete 1` (`/vorauszüge` listet sie auf).
conditional-your-turn = Du bist am Zug: Spiel zuerst deinen Zug; Vorauszüge beantworten die nächsten Züge deines Gegners.
conditional-line-too-long = Diese Zugfolge ist länger als { $max } Zeichen; eine Zugfolge enthält höchstens { $answers } Antworten.
conditional-too-many = Du hast in dieser Partie schon { $max } Zugfolgen vorausgeplant, mehr sind nicht möglich; `/vorauszüge clear` leert sie.
conditional-already-queued = Diese Zugfolge hast du schon vorausgeplant.
conditional-queued = Vorgemerkt: { $line }. Du hast in dieser Partie { $count ->
    [one] { $count } vorausgeplante Zugfolge
   *[other] { $count } vorausgeplante Zugfolgen
} (nur du siehst sie).
conditional-queued-unchecked = Vorgemerkt (in dieser Partie werden die Züge geprüft, wenn es so weit ist): { $line }. Du hast in dieser Partie { $count ->
    [one] { $count } vorausgeplante Zugfolge
   *[other] { $count } vorausgeplante Zugfolgen
} (nur du siehst sie).
conditional-none = Du hast keine Vorauszüge in dieser Partie. Solange dein Gegner am Zug ist, kannst du eine Zugfolge vormerken: { $example }. Nur du siehst sie.
conditional-list = Deine Vorauszüge in dieser Partie ({ $count }; nur du siehst sie):
conditional-clear-hint = `/vorauszüge delete 2` löscht den zweiten; `/vorauszüge clear` leert sie alle.
conditional-if-then = wenn `{ $theirs }`, dann `{ $mine }`
conditional-if = wenn `{ $theirs }`
conditional-shape = Eine Zugfolge wechselt zwischen dem Zug deines Gegners und deiner Antwort und endet mit deiner Antwort, zum Beispiel { $example }.
conditional-too-deep = Eine Zugfolge enthält höchstens { $max } Antworten; diese hat { $count }.
conditional-turn-too-long = `{ $start }…` ist viel zu lang für einen Zug.
conditional-same-player = Nach dem Zug vor `{ $turn }` ist wieder derselbe Spieler gefragt; eine Zugfolge enthält nur ganze Züge.
conditional-over-before = Die Partie wäre vor `{ $turn }` schon vorbei.
conditional-answer-illegal = `{ $turn }` (deine Antwort) ist dort nicht regelgerecht: { $why }
conditional-turn-illegal = `{ $turn }` (Zug des Gegners) ist dort nicht regelgerecht: { $why }
conditional-dropped-other = { $line } (gespielt wurde `{ $turn }`)
conditional-dropped-illegal = { $line } (`{ $answer }` ist nicht mehr regelgerecht: { $why })
conditional-dropped-earlier = { $line } (eine frühere Zugfolge hat zuerst geantwortet)
conditional-dropped = { $count ->
    [one] Vorausgeplante Zugfolge
   *[other] Vorausgeplante Zugfolgen
} in Partie { $game } verworfen:
conditional-answered = Dein Vorauszug hat in Partie { $game } `{ $turn }` mit `{ $answer }` beantwortet; { $left ->
    [one] { $left } Zugfolge bleibt
   *[other] { $left } Zugfolgen bleiben
}.
conditional-move = { $answer } (Vorauszug)

## `/analyse`.

review-store-failed = Der Partiespeicher ist ausgefallen; bitte versuch es später noch einmal.
review-no-game-here = In diesem Kanal gibt es keine Partie; nenne eine: `/analyse partie:<nummer>`.
review-unknown-game = Hier gibt es keine Partie { $game }.
review-broken = Partie { $game } braucht Aufmerksamkeit: Ihre Aufzeichnung lässt sich nicht nachspielen.
review-still-played = Partie { $game } läuft noch; analysiert werden kann sie erst, wenn sie vorbei ist.
review-started = Analysiere Partie { $game } ({ $turns ->
    [one] { $turns } Zug
   *[other] { $turns } Züge
}): Der Computer geht jeden Zug durch; die Analyse folgt gleich hier.
review-failed = Partie { $game } konnte nicht analysiert werden: Ihre Aufzeichnung lässt sich nicht nachspielen.
review-turn = Zug { $number }
review-heading = Analyse von Partie { $game }: { $white } (Weiß) gegen { $black } (Schwarz), { $result }. Computer auf Stufe { $level }, der jetzt, da die Partie vorbei ist, alles sieht; `?` ein Fehler, `??` ein grober Fehler.
review-no-mistakes = { $name }: keine Fehler gefunden.
review-mistake = { $turn } ({ $before } auf { $after })
review-mistake-better = { $turn } ({ $before } auf { $after }, besser { $better })
review-largest-mistakes = Die größten Fehler von { $name }: { $mistakes }
review-graph-title = Partie { $game }: { $white } gegen { $black }, { $result }

## Zeitüberschreitungen, Erinnerungen (`/erinnerungen`) und `/zeitsieg`.

timeout-expired = Die Bedenkzeit von { $name } ist abgelaufen. { $opponent }: Du kannst mit `/zeitsieg` den Sieg beanspruchen oder weiter warten.
timeout-reminder = { $name }, dir bleiben noch { $left } für deinen Zug gegen { $opponent }.
timeout-reminder-dm = Erinnerung: Dir bleiben noch { $left } für deinen Zug gegen { $opponent } ({ $variant }, Partie { $game }). `/erinnerungen dm:aus` stellt diese Nachrichten ab.
reminders-dm-on = Erinnerungen kommen jetzt auch per Direktnachricht, wenn deine Bedenkzeit knapp wird.
reminders-dm-off = Keine Erinnerungen mehr per Direktnachricht; der Ort der Partie bekommt sie weiterhin.
timeout-no-pass = In dieser Variante verfällt ein Zug nicht, wenn die Bedenkzeit abläuft.
timeout-passed = Die Bedenkzeit von { $name } ist abgelaufen, daher verfällt der Zug ohne Aktion.
claim-not-now = Du kannst den Zeitsieg nur beanspruchen, wenn dein Gegner am Zug ist.
claim-no-limit = Diese Partie hat kein Zeitlimit, es gibt also nichts zu beanspruchen.
claim-on-vacation = { $name } ist im Urlaub: Die Uhr steht still.
claim-too-early = { $name } hat noch { $left } Bedenkzeit für diesen Zug.
claim-turn-passes = In dieser Variante verfällt ein Zug, wenn die Bedenkzeit abläuft; einen Zeitsieg gibt es nicht.

## Die getippten Befehle von `arcana local` (ein Terminal-Frontend, auf Englisch).

local-no-arguments = `/{ $command }` nimmt keine Argumente.
local-not-understood = Ich verstehe `{ $word }` in `/{ $command }` nicht; so lautet er: `{ $usage }`.
reminders-dm-off-outside = Dieser Chat kann keine Erinnerungen bekommen (ich kann hier nur auf Befehle antworten), daher kommen die Erinnerungen für Partien außerhalb von Servern weiter per Direktnachricht; die von Partien auf Servern gehen jetzt nur noch an den Ort der Partie.
