
## `/puzzle` (service/capabilities/puzzles): Aufgaben zum Lösen, je Spiel gewertet.
cmd-puzzle-name = aufgabe
cmd-puzzle-description = Eine Aufgabe zum Lösen, oder deine Antwort auf die offene
cmd-puzzle-game-name = spiel
cmd-puzzle-game-description = Nur Aufgaben dieses Spiels
cmd-puzzle-answer-name = antwort
cmd-puzzle-answer-description = Deine Antwort auf die offene Aufgabe, so geschrieben wie ein Zug
cmd-puzzle-theme-name = thema
cmd-puzzle-theme-description = Nur Aufgaben mit diesem Thema (mate, fork, sacrifice, zap, wall ...)
cmd-puzzle-id-name = id
cmd-puzzle-id-description = Die Aufgabe mit dieser Id
puzzle-question = Aufgabe `{ $id }` ({ $game }, Wertung { $rating }): { $side } am Zug.
puzzle-seen-before = Du hast diese Aufgabe schon gesehen: diesmal zählt sie nicht für deine Wertung.
puzzle-last-move = Letzter Zug: { $answer }
puzzle-how = Finde die beste Antwort für { $side } und sende sie mit `/aufgabe antwort:` (so geschrieben wie ein Zug).
puzzle-right = Richtig: { $answer }.
puzzle-reply = Die Antwort darauf: { $answer }.
puzzle-solved = Gelöst: { $answer }!
puzzle-wrong = Nicht dieser: { $answer }. Richtig war { $expected }.
puzzle-refutation = Nach { $answer } zeigt { $reply }, warum.
puzzle-rating-change = Deine Aufgabenwertung in { $game }: { $before } → { $after } ({ $diff }).
puzzle-unrated = Nicht gewertet (eine schon gesehene Aufgabe).
puzzle-streak = Gelöste Aufgaben in Folge: { $streak } (bestenfalls { $best }).
puzzle-none-open = Du hast keine Aufgabe offen: `/aufgabe` zeigt eine.
puzzle-not-open = Aufgabe `{ $id }` ist nicht deine offene (`{ $open }`); nichts wurde gezählt.
puzzle-moved-on = Deine Aufgabe ging weiter, bevor diese Antwort gezählt wurde (sie wurde im selben Moment anderswo beantwortet); nichts wurde gezählt.
puzzle-no-such = Es gibt keine Aufgabe `{ $id }`.
puzzle-none-for-game = Es gibt noch keine Aufgaben für { $game }.
puzzle-none = Es gibt noch keine Aufgaben.
puzzle-no-theme = Hier hat keine Aufgabe das Thema „{ $theme }“. Themen: { $themes }.
puzzle-answer-refused = { $reason } Nichts wurde gezählt: sende eine andere Antwort.
puzzle-broken = Aufgabe `{ $id }` lässt sich mit dieser Version von Arcana nicht nachspielen; `/aufgabe` zeigt eine andere.
puzzle-busy = Viele Antworten kamen gleichzeitig; nichts wurde gezählt: sende deine noch einmal.
profile-puzzles = Aufgaben (in Folge gelöst: { $streak }, bestenfalls { $best }):
profile-puzzle-rating = { $variant }: { $rating } ({ $solved } gelöst, { $failed } verfehlt)
cmd-puzzle-list-name = liste
cmd-puzzle-list-description = `meine`: eine Aufgabe aus deinen eigenen Fehlern, gefunden von /analyse
puzzle-mine-question = Deine eigene Aufgabe `{ $id }` ({ $game }, deine Partie { $source }): { $side } am Zug. Du hast hier { $played } gespielt; finde eine bessere Antwort.
puzzle-mine-none = Du hast noch keine eigenen Aufgaben: lass zuerst eine beendete Partie von dir mit `/analyse` auswerten.
puzzle-mine-all-solved = Du hast alle { $count } Aufgaben aus deinen Fehlern gelöst: lass eine weitere beendete Partie von dir mit `/analyse` auswerten, um mehr zu bekommen.
puzzle-mine-as-good = { $answer } (so gut wie { $expected } des Computers)
puzzle-mine-unrated = Nicht gewertet (eine Aufgabe aus deiner eigenen Partie).
puzzle-picked = Deine Antwort: `{ $answer }`.
puzzle-picker-stale = Diese Frage ist nicht mehr die aktuelle deiner Aufgabe: antworte auf die neueste oder frag `/aufgabe`.
puzzle-picker-not-yours = Diese Aufgabe gehört jemand anderem: `/aufgabe` zeigt dir eine eigene.
puzzle-web-line = Im Web lösen: { $url }
cmd-settings-puzzle-channel-name = aufgabe-kanal
cmd-settings-puzzle-channel-description = Moderation: täglich eine Aufgabe in diesem Kanal posten (schaltet sie ein)
cmd-settings-puzzle-daily-name = aufgabe-täglich
cmd-settings-puzzle-daily-description = Moderation: die tägliche Aufgabe an (in diesem Kanal, falls keiner gewählt ist) oder aus
cmd-settings-puzzle-hour-name = aufgabe-stunde
cmd-settings-puzzle-hour-description = Moderation: die Stunde (0-23, UTC), zu der die tägliche Aufgabe erscheint
puzzle-daily-on = Die tägliche Aufgabe erscheint jeden Tag um { $hour } UTC in { $channel }.
puzzle-daily-off = Die tägliche Aufgabe ist auf diesem Server aus (eingeschaltet erscheint sie um { $hour } UTC).
puzzle-daily-title = **Aufgabe des Tages, { $date }**: { $game }, { $side } am Zug (Wertung { $rating }).
puzzle-daily-how = Drück auf Lösen, um privat zu antworten: dein erster Versuch heute zählt, und der Beitrag von morgen nennt die Ersten, die sie gelöst haben.
puzzle-daily-thread = Aufgabe des Tages { $date }
puzzle-daily-discuss = Besprecht sie in { $thread } (bitte keine Lösungen in diesem Kanal).
puzzle-daily-yesterday = Die Aufgabe `{ $id }` vom { $date } { $count ->
    [one] hat eine Person gelöst
   *[other] haben { $count } Personen gelöst
}; als Erste: { $names }.
    [one] hat eine Person gelöst
   *[other] haben { $count } Personen gelöst
}; als Erste: { $names }.
puzzle-daily-yesterday-none = Niemand hat die Aufgabe `{ $id }` vom { $date } gelöst.
puzzle-daily-over = Diese Aufgabe des Tages ist vorbei: der heutige Beitrag hat seinen eigenen Lösen-Knopf, und `/aufgabe` zeigt dir eine andere.
puzzle-daily-tried = Du hast die heutige Aufgabe schon versucht: dieser Versuch zählt nicht für sie.
button-solve = Lösen
