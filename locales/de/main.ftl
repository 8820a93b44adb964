### Arcanas deutscher Katalog: dieselben Schlüssel mit denselben Variablen wie der
### englische (`locales/en/main.ftl`). Spieler werden geduzt. Schachnotation bleibt,
### wie die Regeldokumente sie schreiben (N für den Springer, e4, Ng1-f3).

## Die Prüfung der Kataloge selbst (Unit-Tests von src/i18n).

i18n-example = Hallo, { $name }!

## /help: die erste Zeile und die Form einer Option.

help-intro = **Arcana** — Schachvarianten im Fernschach (`/regeln <variante>` erklärt eine). Befehle:
help-pairs = option:wert
# Die Nummer einer Partie oder eines Turniers in `/hilfe`.
help-number = N

## Slash-Befehle: Namen (Kleinbuchstaben, Ziffern, - und _, höchstens 32 Zeichen) und
## Beschreibungen (höchstens 100 Zeichen).

cmd-challenge-name = herausfordern
cmd-challenge-description = Fordere jemanden in diesem Kanal zu einer Partie heraus
cmd-challenge-help = (fordere den Bot selbst heraus, um gegen den Computer zu spielen)
cmd-challenge-opponent-name = gegner
cmd-challenge-opponent-description = Gegen wen (niemand: eine offene Herausforderung, wer zuerst annimmt, spielt)
cmd-challenge-variant-name = variante
cmd-challenge-variant-description = Welches Spiel (Standard: Chess)
cmd-challenge-color-name = farbe
cmd-challenge-color-description = Deine Farbe
cmd-challenge-days-name = tage
cmd-challenge-days-description = Tage pro Zug, 1-14, oder 0 für keine Begrenzung
cmd-challenge-bank-name = zeitbank
cmd-challenge-bank-description = Tage Zeitbank für jeden Spieler zusätzlich zu den Tagen pro Zug, 0-30
cmd-challenge-options-name = optionen
cmd-challenge-options-description = Optionen der Variante als option:wert (`/regeln <variante>` nennt sie)
cmd-challenge-level-name = stufe
cmd-challenge-level-description = Die Spielstärke des Computers, wenn du den Bot herausforderst, 1-8 (Standard 6)
cmd-challenge-rated-name = gewertet
cmd-challenge-rated-description = Ob die Partie für die Wertungen zählt (Standard: ja)

cmd-accept-name = annehmen
cmd-accept-description = Nimm eine Herausforderung in diesem Kanal an
cmd-accept-player-name = spieler
cmd-accept-player-description = Wer herausgefordert hat, wenn hier mehrere warten

cmd-decline-name = ablehnen
cmd-decline-description = Lehne eine Herausforderung ab, die dir hier gestellt wurde
cmd-decline-player-name = spieler
cmd-decline-player-description = Wer herausgefordert hat, wenn hier mehrere warten

cmd-cancel-name = zurückziehen
cmd-cancel-description = Ziehe deine Herausforderung hier zurück (Moderatoren: jede Herausforderung)
cmd-cancel-player-name = spieler
cmd-cancel-player-description = Der andere Spieler der Herausforderung, wenn hier mehrere warten

cmd-move-name = zug
cmd-move-description = Spiele einen Zug (oder beantworte die Frage der Partie)
cmd-move-help = (wer am Zug ist, kann ihn auch einfach tippen)
cmd-move-text-name = zug
cmd-move-text-description = Der Zug, z. B. e4 oder Ng1-f3
cmd-move-text-missing = Tippe den Zug nach `/zug`, zum Beispiel `/zug e4`.

cmd-board-name = brett
cmd-board-description = Zeige das Brett der Partie in diesem Kanal

cmd-note-name = notiz
cmd-note-description = Deine privaten Notizen zur Partie in diesem Kanal
cmd-note-help = (`/notiz` zeigt sie, `/notiz clear` leert sie; nur du siehst sie, auch in deinem eigenen `/export`)
cmd-note-text-name = text
cmd-note-text-description = Eine Zeile für deine Notizen; `clear` leert sie

cmd-conditional-name = vorauszüge
cmd-conditional-description = Beantworte die erwarteten Züge deines Gegners im Voraus
cmd-conditional-help = (während dein Gegner am Zug ist: `/vorauszüge e5 Nf3` beantwortet e5 sofort mit Nf3; `/vorauszüge` zeigt deine, nur dir)
cmd-conditional-line-name = zugfolge
cmd-conditional-line-description = Sein Zug, deine Antwort, ... z. B. `e5 Nf3 Nc6 Bb5`; `clear` leert sie

cmd-takeback-name = zurücknehmen
cmd-takeback-description = Bitte darum, deinen letzten Zug zurückzunehmen, oder antworte darauf
cmd-takeback-help = (ungewertete Partien; dein letzter Zug, solange dein Gegner am Zug ist)
cmd-takeback-action-name = aktion
cmd-takeback-action-description = fragen (Standard), annehmen oder ablehnen

cmd-history-name = verlauf
cmd-history-description = Zeige die Züge der Partie in diesem Kanal

cmd-export-name = export
cmd-export-description = Lade die Partie dieses Kanals herunter: die Notation (PGN) und ein animiertes GIF

cmd-review-name = analyse
cmd-review-description = Die Analyse einer beendeten Partie durch den Computer
cmd-review-help = (nur beendete Partien: ein Diagramm, die größten Fehler beider Seiten, die kommentierte Notation)
cmd-review-game-name = partie
cmd-review-game-description = Die beendete Partie (ihre Nummer); ohne Angabe die letzte Partie dieses Kanals

cmd-resign-name = aufgeben
cmd-resign-description = Gib die Partie in diesem Kanal auf

cmd-draw-name = remis
cmd-draw-description = Biete ein Remis an, nimm es an, lehne es ab oder reklamiere es
cmd-draw-action-name = aktion
cmd-draw-action-description = Was du tun willst
cmd-draw-action-missing = Sag `/remis anbieten`, `/remis annehmen`, `/remis ablehnen` oder `/remis reklamieren`.

cmd-abort-name = abbrechen
cmd-abort-description = Brich die Partie ab, bevor beide Seiten gezogen haben (Moderatoren: jederzeit)

cmd-claim-name = zeitsieg
cmd-claim-description = Fordere den Sieg ein, wenn die Zeit deines Gegners abgelaufen ist

cmd-hand-name = hand
cmd-hand-description = Zeige deine geheimen Informationen (nur du siehst sie)

cmd-rematch-name = revanche
cmd-rematch-description = Nach einer Partie hier: fordere denselben Gegner erneut heraus, mit getauschten Farben

cmd-games-name = partien
cmd-games-description = Liste die laufenden Partien dieses Servers oder eines Spielers auf
cmd-games-help = (`/partien meine`: wo du am Zug bist, die dringendste zuerst)
cmd-games-player-name = spieler
cmd-games-player-description = Nur die Partien dieses Spielers
cmd-games-list-name = liste
cmd-games-list-description = `meine`: jede Partie auf jedem Server, in der du am Zug bist

cmd-profile-name = profil
cmd-profile-description = Wertungen, Ergebnisse und laufende Partien eines Spielers
cmd-profile-player-name = spieler
cmd-profile-player-description = Wessen Profil (Standard: deins)

cmd-leaderboard-name = rangliste
cmd-leaderboard-description = Die besten etablierten Wertungen einer Variante hier
cmd-leaderboard-variant-name = variante
cmd-leaderboard-variant-description = Welches Spiel (Standard: Chess)

cmd-reminders-name = erinnerungen
cmd-reminders-description = Schalte deine Erinnerungen per Direktnachricht ein oder aus
cmd-reminders-help = (im Kanal oder Thread der Partie wird immer erinnert)
cmd-reminders-dm-name = dm
cmd-reminders-dm-description = Erinnerungen per Direktnachricht, wenn deine Zeit knapp wird
cmd-reminders-dm-missing = Sag `/erinnerungen dm:an` oder `/erinnerungen dm:aus`.

cmd-vacation-name = urlaub
cmd-vacation-description = Halte deine Uhren an, während du weg bist
cmd-vacation-help = (ein jährliches Kontingent in ganzen Tagen; `/urlaub` zeigt, was übrig ist)
cmd-vacation-state-name = status
cmd-vacation-state-description = an: deine Uhren stehen in jeder Partie; aus: sie laufen wieder

cmd-settings-name = einstellungen
cmd-settings-description = Deine Einstellungen: Zugbestätigung, Übersicht, Erinnerungen
cmd-settings-help = (z. B. `/einstellungen bestätigen:an`; ohne Option werden sie angezeigt)
cmd-settings-confirm-name = bestätigen
cmd-settings-confirm-description = Zeigt dir einen getippten Zug zuerst, mit Bestätigen und Abbrechen
cmd-settings-digest-name = übersicht
cmd-settings-digest-description = Eine tägliche Direktnachricht mit den Partien, in denen du am Zug bist
cmd-settings-reminders-name = erinnerungen
cmd-settings-reminders-description = Erinnerungen per Direktnachricht, wenn deine Zeit knapp wird
cmd-settings-web-name = web
cmd-settings-web-description = Moderatoren: die Webseite dieses Servers an oder aus
cmd-settings-boards-name = bretter
cmd-settings-boards-description = Moderation: öffentliche Bretter drehen sich zum Spieler am Zug oder zeigen Weiß stets unten

cmd-tournament-name = turnier
cmd-tournament-description = Veranstalte ein Turnier in diesem Kanal
cmd-tournament-help = (Rundenturnier oder Schweizer System, jede Partie in ihrem eigenen Thread; zwei Zeitverluste oder ein Rückzug verlieren die übrigen kampflos)
cmd-tournament-action-name = aktion
cmd-tournament-action-description = Was du tun willst
cmd-tournament-action-missing = Sag, was du tun willst: `/turnier erstellen`, `beitreten`, `verlassen`, `starten`, `tabelle`, `paarungen`, `zurückziehen`, `absagen` oder `exportieren`.
cmd-tournament-name-name = name
cmd-tournament-name-description = erstellen: der Name der Veranstaltung
cmd-tournament-variant-name = variante
cmd-tournament-variant-description = erstellen: welches Spiel (Standard: Chess)
cmd-tournament-options-name = optionen
cmd-tournament-options-description = erstellen: Optionen der Variante als option:wert
cmd-tournament-format-name = format
cmd-tournament-format-description = erstellen: Rundenturnier (Standard) oder Schweizer System
cmd-tournament-cycles-name = durchgänge
cmd-tournament-cycles-description = erstellen: Partien pro Paar in einem Rundenturnier, 1 oder 2
cmd-tournament-rounds-name = runden
cmd-tournament-rounds-description = erstellen: Runden im Schweizer System, 1-30
cmd-tournament-days-name = tage
cmd-tournament-days-description = erstellen: Tage pro Zug, 1-14 (Standard 3), oder 0 für keine Begrenzung
cmd-tournament-bank-name = zeitbank
cmd-tournament-bank-description = erstellen: Tage Zeitbank, 0-30
cmd-tournament-rated-name = gewertet
cmd-tournament-rated-description = erstellen: zählt für die Wertungen (Standard: ja)
cmd-tournament-vacation-name = urlaub
cmd-tournament-vacation-description = erstellen: Urlaub hält die Uhren an (Standard: ja)
cmd-tournament-limit-name = limit
cmd-tournament-limit-description = erstellen: die höchste Spielerzahl (Standard: keine)
cmd-tournament-start-name = start
cmd-tournament-start-description = erstellen: startet von selbst in so vielen Stunden (Standard: wenn gestartet)
cmd-tournament-player-name = spieler
cmd-tournament-player-description = zurückziehen: der Spieler (Veranstalter)
cmd-tournament-confirm-name = bestätigen
cmd-tournament-confirm-description = zurückziehen: ja zum Bestätigen (die übrigen Partien gehen kampflos verloren)
cmd-tournament-event-name = veranstaltung
cmd-tournament-event-description = Welche Veranstaltung, nach Nummer (Standard: die dieses Kanals)

cmd-rules-name = regeln
cmd-rules-description = Erkläre die Regeln einer Variante
cmd-rules-help = (der genaue Text jeder Sonderaktion, mit Bild)
cmd-rules-variant-name = variante
cmd-rules-variant-description = Welches Spiel

cmd-legend-name = legende
cmd-legend-description = Ein Bild, das jedes Abzeichen und jede Markierung auf dem Brett benennt
cmd-legend-variant-name = variante
cmd-legend-variant-description = Welches Spiel (Standard: das dieses Kanals)

cmd-help-name = hilfe
cmd-help-description = Wie man mit Arcana spielt

cmd-web-name = web
cmd-web-description = Die Webseite dieser Partie

## Die Wörter fester Auswahlmöglichkeiten (`choice-<wert>`), wie Discord sie zeigt.

choice-mover = am-zug
choice-white = Weiß
choice-black = Schwarz
choice-random = Zufällig
choice-on = an
choice-off = aus
choice-ask = fragen
choice-accept = annehmen
choice-decline = ablehnen
choice-offer = anbieten
choice-claim = reklamieren
choice-mine = meine
choice-daily = täglich
choice-create = erstellen
choice-join = beitreten
choice-leave = verlassen
choice-start = starten
choice-standings = tabelle
choice-pairings = paarungen
choice-withdraw = zurückziehen
choice-cancel = absagen
choice-export = exportieren
choice-round-robin = rundenturnier
choice-swiss = schweizer-system

## Wörter auf Bildern.

render-to-move = am Zug
render-continued = { $title } (Fortsetzung)
graph-mistake = Fehler ?
graph-blunder = Patzer ??
graph-white = Weiß
graph-black = Schwarz

## Die eigenen Sätze des Discord-Frontends. IDs (Nutzer, Kanäle) werden als Text
## übergeben: Fluents Zahlen würden sie runden.

delivery-dm-sent = Ich habe dir eine Direktnachricht geschickt.
delivery-undelivered = (Eine Direktnachricht, die ich vorhin nicht zustellen konnte:)
delivery-dms-closed = <@{ $user }>, ich konnte dir keine Direktnachricht schicken (sind deine DMs geschlossen?). Du siehst sie bei deinem nächsten Befehl hier privat.
delivery-from = Aus <#{ $channel }>:

## Warum kein Thread für eine Partie geöffnet werden konnte (dann wird dort gespielt, wo sie beginnt).

thread-not-allowed = Ich darf hier keine Threads starten (Öffentliche Threads erstellen und Nachrichten in Threads senden); ein Server-Admin kann mir das erlauben
thread-in-thread = ein Thread kann keinen weiteren Thread enthalten
thread-exists = aus der Nachricht der Herausforderung wurde schon ein Thread gestartet
thread-failed = Discord hat keinen Thread gestartet ({ $error })
thread-switched-off = Threads sind in der Konfiguration dieses Bots ausgeschaltet
thread-no-runtime = von hier aus können keine Threads gestartet werden
thread-timeout = Discord hat nicht rechtzeitig geantwortet

## Ablehnungen der Werte eines Befehls (die Grammatik). Zahlen werden als Text übergeben.

grammar-unknown-variant = Unbekannte Variante `{ $given }`; wähle eine von { $choices }.
grammar-or = { $rest } oder { $last }
grammar-too-long = `{ $option }` ist zu lang (höchstens { $max } Zeichen).
grammar-not-in-range = `{ $option }` muss eine ganze Zahl von { $min } bis { $max } sein, nicht `{ $given }`.
grammar-not-in-range-or-word = `{ $option }` muss eine ganze Zahl von { $min } bis { $max } sein (oder `{ $word }`), nicht `{ $given }`.
grammar-cannot-be = `{ $option }` kann nicht `{ $given }` sein.
grammar-not-a-choice = `{ $option }` muss { $choices } sein, nicht `{ $given }`.
grammar-no-text = `{ $option }` nimmt keinen Text an.
grammar-no-number = `{ $option }` nimmt keine Zahl an.
grammar-no-bool = `{ $option }` nimmt kein true oder false an.
grammar-no-person = `{ $option }` nimmt keine Person an.
grammar-true-or-false = Sag `{ $option }:true` oder `{ $option }:false`, nicht `{ $option }:{ $given }`.
grammar-name-a-player = Nenne einen Spieler für `{ $option }`.
grammar-no-channel = `{ $option }` nimmt keinen Kanal an.
grammar-name-a-channel = Nenne einen Kanal für `{ $option }` (`#kanal`), nicht „{ $given }“.
grammar-pair-shape = Option `{ $given }` sollte die Form option=wert haben
grammar-option-twice = Option `{ $key }` ist doppelt angegeben; gib sie nur einmal an
grammar-option-twice-differently = Option `{ $key }` ist doppelt angegeben (`{ $first }` und `{ $second }`); wähle eine
grammar-no-command = Es gibt keinen Befehl `/{ $name }`; versuch es mit `/hilfe`.
grammar-no-option = `/{ $command }` hat keine Option `{ $option }`.
grammar-variant-options = Optionen der Variante: { $why }.

## Die Knöpfe des Discord-Frontends (kurz) und seine eigenen Antworten (Issue 47). Die
## Texte, die sagen, welchen Knopf man drückt, nennen diese Beschriftungen.

button-accept = Annehmen
button-decline = Ablehnen
button-cancel = Zurückziehen
button-move = Zug
button-resign = Aufgeben
button-offer-draw = Remis anbieten
button-accept-draw = Remis annehmen
button-hand = Meine Hand
button-rematch = Revanche
button-confirm = Bestätigen
button-cancel-move = Abbrechen
button-resign-confirm = Ja, aufgeben
resign-prompt = Diese Partie aufgeben? Das lässt sich nicht rückgängig machen.
delivery-game-over = Diese Partie ist vorbei: { $outcome }
delivery-done = Erledigt.
delivery-text-attached = (der ganze Text ist angehängt)
delivery-no-bots = Bots spielen nicht; wähle eine Person.
delivery-went-wrong = Bei mir ist etwas schiefgegangen; nichts wurde geändert.
delivery-old-button = Dieser Knopf gehört zu einer älteren Version dieses Bots; benutze die Befehle.
delivery-game-not-posted = Ich konnte die Partie nicht in <#{ $channel }> posten: { $reason }. `/brett` dort zeigt sie.
delivery-reason-permission = Mir fehlt dort eine Berechtigung (Kanäle ansehen, Nachrichten senden, Nachrichten in Threads senden, Dateien anhängen oder Nachrichtenverlauf anzeigen); ein Server-Admin kann sie mir geben
delivery-reason-no-access = Ich kann diesen Kanal nicht sehen; ein Server-Admin kann mich hineinlassen
delivery-reason-gone = diesen Kanal gibt es nicht mehr
delivery-reason-locked = dieser Thread ist archiviert und gesperrt
