# The web pages for spectators (src/web/html.rs) and the /web replies
# (src/service/pages.rs).

## `/web`, der Link unter dem Brett und `/einstellungen web` (pages.rs).

web-off = Webseiten sind für diesen Bot nicht eingeschaltet.
web-game-page = Die Seite der Partie { $game }: { $url }
web-private-page = Deine eigene Ansicht, nur für dich (sie öffnet sich eine Woche lang; gib sie nicht weiter): { $url }
web-board-line = Webseite: { $url }
web-server-on = Die Seite dieses Servers ist an: { $url }
web-server-on-later = Die Seite dieses Servers ist an; sie wird angezeigt, sobald der Bot Webseiten ausliefert.
web-server-off = Die Seite dieses Servers ist aus.

## Ein Turnier auf der Seite eines Servers (pages.rs): `Schach, Schweizer System über 3 Runden, 7 Spieler, Runde 2`.

web-event-about = { $variant }, { $format }, { $players } Spieler, { $state }
web-event-round-robin = Rundenturnier
web-event-round-robin-cycles = Rundenturnier, { $cycles } Partien je Paarung
web-event-swiss = Schweizer System über { $rounds ->
    [one] { $rounds } Runde
   *[other] { $rounds } Runden
}
web-event-open = Anmeldung offen
web-event-round = Runde { $round }
web-event-finished = beendet

## Jede Seite (html.rs, mod.rs).

web-site = Arcana
web-marks-link = Was die Markierungen bedeuten
web-index = Die Seiten der Partien liegen unter den Adressen, die der Bot nennt: frag im Kanal einer Partie mit `/web` danach.

## Die Seite einer Partie (html.rs). `$after` sagt, welche Stellung gezeigt wird:
## `vor dem ersten Zug`, `nach 3. Nf3`.

web-game-title = { $title } – Partie { $game }
web-private-notice = Deine eigene Ansicht: Nur du siehst, was als deins markiert ist. Gib die Adresse dieser Seite nicht weiter.
web-after-start = vor dem ersten Zug
web-after-last = nach dem letzten Zug
web-after-move = nach { $played }
web-board-alt = { $variant }, Stellung { $after }. FEN: { $fen }
web-board-caption = Stellung { $after }
web-board-caption-now = Stellung { $after } (jetzt)
web-secret-heading = Nur für dich
web-replay = Nachspielen
web-step-first = « Anfang
web-step-prev = ‹ Zurück
web-step-next = Vor ›
web-step-last = Jetzt »
web-moves = Züge
web-no-moves = Noch keine Züge.
web-downloads = Downloads
web-download-pgn = Partieformular (PGN)
web-download-gif = Animation (GIF)
web-public-link = Die öffentliche Seite

## Die Seite der Legende (html.rs).

web-legend = Legende
web-legend-title = Legende – Arcana
web-legend-intro = Was die Markierungen und Abzeichen auf den Brettern bedeuten.
web-legend-alt = Die Markierungen und Abzeichen, gezeichnet wie auf den Brettern; jede ist in der Liste darunter benannt.

## Die Seite eines Servers (html.rs).

web-server-title = Partien – Arcana
web-server-heading = Die Partien dieses Servers
web-server-live = Laufende Partien
web-server-no-live = Auf diesem Server wird gerade keine Partie gespielt.
web-server-live-game = { $variant }: { $white } (Weiß) gegen { $black } (Schwarz)
web-server-turns = { $turns ->
    [one] { $turns } Zug gespielt
   *[other] { $turns } Züge gespielt
}
web-server-recent = Zuletzt beendet
web-server-no-recent = Auf diesem Server ist noch keine Partie zu Ende gegangen.
web-server-recent-game = { $variant }: { $white } gegen { $black }, { $result }
web-server-ladders = Ranglisten
web-server-no-ladder = Auf diesem Server hat noch niemand eine gefestigte Wertung (so wie `/rangliste` sie aufführt).
web-ladder-player = Spieler
web-ladder-rating = Wertung
web-ladder-record = Gewonnen/remis/verloren
web-server-tournaments = Turniere

## Seiten, die nicht gezeigt werden können (mod.rs).

web-not-found = Nicht gefunden
web-no-game = Diese Partie gibt es nicht.
web-no-page = Unter dieser Adresse gibt es keine Seite.
web-no-game-page = Unter dieser Adresse liegt keine Partieseite.
web-not-available = Nicht verfügbar
web-store-trouble = Der Partienspeicher antwortet gerade nicht; bitte versuch es gleich noch einmal.
web-link-refused = Link abgelehnt
web-link-forged = Dieser private Link ist ungültig. Frag im Kanal der Partie mit `/web` nach deinem.
web-link-expired-title = Link abgelaufen
web-link-expired = Dieser private Link ist abgelaufen. Frag im Kanal der Partie mit `/web` nach einem neuen.
web-server-not-shown = Nicht angezeigt
web-server-page-off = Die Seite dieses Servers ist aus; seine Moderatoren können sie mit `/einstellungen web:an` einschalten.
web-too-many-streams = Gerade verfolgen zu viele Seiten Partien.
web-socket-only = Diese Adresse liefert die Live-Updates einer Partieseite über einen WebSocket; öffne stattdessen die Seite der Partie.
web-socket-elsewhere = Live-Updates gehen nur an die eigenen Seiten dieser Website.
web-only-get = Hier wird nur GET beantwortet.
web-address-too-long = Diese Adresse ist zu lang.
web-no-body = Anfragen hier haben keinen Inhalt.
web-too-many-requests = Zu viele Anfragen von deiner Adresse; bitte warte einen Moment.

## Auf der eigenen Seite spielen (Issue 49)
web-play-heading = Dein Zug
web-play-loading = Deine Möglichkeiten werden geladen …
web-play-confirm = Bestätigen
web-play-back = Zurück
web-play-cancel = Abbrechen
web-play-off = Auf dieser Seite kann hier nicht gezogen werden; spiel im Chat der Partie.
web-play-elsewhere = Diese Aktion kam nicht von der Seite dieser Partie.
web-play-unreadable = Diese Aktion konnte nicht gelesen werden.
web-play-failed = Die Aktion konnte nicht gesendet werden; prüfe deine Verbindung und versuch es noch einmal.

## A player's other actions on their own page (issue 49)
web-play-game-heading = Deine Partie
web-play-draw-offer = Remis anbieten
web-play-draw-accept = Remis annehmen
web-play-draw-decline = Remis ablehnen
web-play-takeback = Deinen letzten Zug zurücknehmen lassen
web-play-takeback-accept = Rücknahme annehmen
web-play-takeback-decline = Rücknahme ablehnen
web-play-resign = Aufgeben
web-play-resign-confirm = Ja, aufgeben
web-play-resign-sure = Diese Partie aufgeben? Drück „Ja, aufgeben“ zur Bestätigung; die Partie endet sofort.
web-play-note-label = Eine Notiz, die nur du siehst:
web-play-note-add = Notiz hinzufügen
web-play-note-refused = Eine Notiz ist eine Zeile mit 1 bis 200 Zeichen; nichts wurde hinzugefügt.
web-play-stale = Die Partie hat sich geändert, seit diese Seite gezeigt wurde; nichts wurde getan. Sieh dir die Partie noch einmal an.
web-play-sent = Erledigt: der Chat der Partie ist informiert.
web-puzzle-title = Aufgabe { $id }: { $game }
web-puzzle-to-move = { $side } am Zug: finde die beste Antwort.
web-puzzle-rating = Wertung der Aufgabe: { $rating }
web-puzzle-board-alt = { $game }, die Stellung der Aufgabe. FEN: { $fen }
web-puzzle-heading = Deine Antwort
web-puzzle-notice = Deine eigene Aufgabenseite: nur du kannst hier antworten. Gib die Adresse dieser Seite nicht weiter.
web-puzzle-start = Das ist nicht die Aufgabe, die du gerade offen hast. Löse sie hier (eine offene Aufgabe wird dann verlassen).
web-puzzle-open = Diese Aufgabe lösen
web-puzzle-again = Noch einmal versuchen
web-puzzle-next = Nächste Aufgabe
web-puzzle-link-forged = Dieser Aufgabenlink ist nicht gültig. `/aufgabe` gibt dir eine Aufgabe mit einem eigenen Link.
web-puzzle-link-expired = Dieser Aufgabenlink ist abgelaufen. `/aufgabe` gibt dir einen neuen.
web-no-puzzle = Diese Aufgabe gibt es nicht.

## The Discord Activity (docs/web.md, "The Activity")
button-play = Am Brett spielen
activity-entry-description = Die Partie dieses Threads auf einem Brett zum Antippen öffnen
web-activity-title = Arcana
web-activity-connecting = Discord wird gefragt, wer du bist …
web-activity-failed = Discord hat dieser Seite nicht gesagt, wer du bist. Schließe die Aktivität und öffne sie erneut.
web-activity-refused = Discord hat nicht bestätigt, wer du bist. Schließe die Aktivität und öffne sie erneut.
web-activity-no-game = In diesem Thread wird keine Partie gespielt. Öffne die Aktivität im Thread einer Partie.
web-activity-elsewhere = Discord kennt dich in keiner Aktivität dieses Threads. Öffne sie erneut im Thread der Partie.
web-activity-unconfirmed = Discord konnte diese Aktivität gerade nicht bestätigen. Schließe sie und öffne sie gleich erneut.

## Bedingte Züge auf der eigenen Seite (Issue 49)
web-line-heading = Bedingte Züge
web-line-intro = Während dein Gegner am Zug ist, spiel seinen erwarteten Zug und deine Antwort auf einer Kopie des Bretts aus und reih die Folge ein: sie antwortet sofort, wenn er so zieht. Nur du siehst deine Folgen.
web-line-start = Eine Folge ausspielen
web-line-queue = Diese Folge einreihen
web-line-delete = Löschen
web-line-none = Du hast in dieser Partie keine bedingten Züge.
web-line-list = Deine Folgen (nur du siehst sie):
web-line-so-far = Die Folge bisher: { $line }
web-line-hidden = Diese Partie verbirgt Informationen, daher kann keine Folge auf einer Kopie des Bretts ausgespielt werden; reih eine mit `/conditional` ein.
