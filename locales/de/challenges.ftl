# Replies of challenges, tournaments, queries, ratings, records, web pages and the
# service's own refusals (lobby.rs, tournament.rs, queries.rs, ratings.rs, record.rs,
# pages.rs, relocate.rs, refresh.rs, mod.rs).

## Die eigenen Ablehnungen des Dienstes (mod.rs, refresh.rs) und eine umgezogene Partie (relocate.rs).

refusal-store-failed = Der Partienspeicher hat versagt, daher wurde nichts geändert; bitte versuch es später noch einmal.
refusal-store-unconfirmed = Der Partienspeicher hat das nicht bestätigt, daher kann ich nicht sagen, ob es gespeichert wurde; sieh dir das Brett an (`/brett`), bevor du es noch einmal versuchst.
refusal-store-not-answering = Der Partienspeicher antwortet gerade nicht, daher kann diese Partie nicht gelesen werden; nichts wurde geändert. Bitte versuch es gleich noch einmal.
refusal-game-busy = Die Partie hat sich geändert, während deine Anfrage bearbeitet wurde; bitte sieh dir das Brett an und versuch es noch einmal.
refusal-already-handled = Diese Anfrage wurde schon bearbeitet; ihre Antwort kam damals.
refusal-needs-no-game = Diese Anfrage braucht keine Partie.
refusal-game-ended = Diese Partie ist beendet.
game-attention-too-new = Die Partie in diesem Kanal braucht Aufmerksamkeit: Sie wurde von einer neueren Version von Arcana gespeichert (Partie { $game }), daher ruht sie, bis der Bot wieder aktualisiert ist.
game-attention-unloadable = Die Partie in diesem Kanal braucht Aufmerksamkeit: Ihr Datensatz konnte nicht geladen werden (Partie { $game }), daher ruht sie, bis der Betreiber ihn repariert.
game-moved-here = Der Thread dieser Partie wurde gelöscht oder gesperrt, daher geht die Partie hier weiter: Züge und Befehle in diesem Kanal erreichen sie.

## Die Schlusszeile einer beendeten Partie (record.rs), vor ihrem Ergebnis.

closing-resigns = { $name } gibt auf.
closing-draw-accepted = { $name } nimmt das Remisangebot an.
closing-draw-claimed = { $name } reklamiert Remis.
closing-aborts = { $name } bricht die Partie ab.
closing-moderator-aborts = { $name } (Moderator) bricht die Partie ab.
closing-wins-on-time = { $name } fordert den Sieg auf Zeit ein.

## `/profil` und `/rangliste` (ratings.rs, queries.rs). Wertungen mit Zeichen
## (`1500?`, `+12`) werden als Text übergeben.

ratings-on-this-server = auf diesem Server
ratings-across-servers = über alle Server
ratings-outside-servers = in Partien außerhalb von Servern
ratings-unnamed-player = Spieler { $id }
ratings-record = { $wins ->
    [one] { $wins } Sieg
   *[other] { $wins } Siege
}, { $draws ->
    [one] { $draws } Remis
   *[other] { $draws } Remis
}, { $losses ->
    [one] { $losses } Niederlage
   *[other] { $losses } Niederlagen
}
profile-title = **{ $name }**: Wertungen { $scope }
profile-no-rated-games = Noch keine gewerteten Partien.
profile-rating = { $variant }: { $rating } (Abweichung { $deviation }), { $record }
profile-last-results = Letzte Ergebnisse:
profile-current-games = Laufende Partien:
profile-result = { $result ->
    [win] Sieg
    [loss] Niederlage
    [draw] Remis
   *[other] abgebrochen
}
profile-rated-change = gewertet, { $before } → { $after } ({ $diff })
profile-result-line = - { $result } gegen { $opponent } ({ $variant }, { $rating })
profile-current-game = - { $variant } gegen { $opponent } in { $place }
profile-current-game-casual = - { $variant } gegen { $opponent } in { $place } (ungewertet)
profile-to-move = , { $name } am Zug
leaderboard-title = { $variant }-Rangliste { $scope }:
leaderboard-empty = Noch niemand hat eine gefestigte { $variant }-Wertung (Abweichung { $deviation } oder weniger).
leaderboard-you-unrated = Du hast hier noch keine gewerteten { $variant }-Partien.
leaderboard-you-unsettled = Du stehst noch nicht in der Liste: Deine Wertung { $rating } ist noch nicht gefestigt (Abweichung { $deviation }; gelistet wird ab { $listed } oder weniger, und sie wächst, solange du keine gewerteten Partien spielst).
leaderboard-your-place = Dein Platz: { $place } von { $of }, mit { $rating }.

## `/brett`, `/verlauf`, `/export`, `/partien` (queries.rs). Partienummern werden als Text übergeben.

refusal-no-challenge-accepted = Hier wird keine Partie gespielt: Die Herausforderung hier wurde noch nicht angenommen.
refusal-no-game-here = In diesem Kanal gibt es keine Partie.
refusal-store-failed-short = Der Partienspeicher hat versagt; bitte versuch es später noch einmal.
refusal-last-game-broken = Die letzte Partie dieses Kanals braucht Aufmerksamkeit: Ihr Datensatz lässt sich nicht nachspielen.
game-players = { $white } (Weiß) gegen { $black } (Schwarz)
game-secret-head = **{ $variant }**, Partie { $game }: { $white } gegen { $black }
game-draw-offered = { $name } hat Remis angeboten.
history-no-moves = Noch keine Züge.
export-record-of = Die Aufzeichnung von Partie { $game }.
games-active = Laufende Partien ({ $count }):
games-in-this-channel = In diesem Kanal ({ $count }):
games-elsewhere = Anderswo auf diesem Server ({ $count }):
games-none-on-server = Auf diesem Server werden keine Partien gespielt.
games-none-for-player = Dieser Spieler hat keine laufenden Partien.
games-casual-mark = (ungewertet)
games-in-place = in { $place }
games-turns-played = { $turns ->
    [0] noch keine Züge gespielt
    [one] 1 Zug gespielt
   *[other] { $turns } Züge gespielt
}
games-to-move = { $name } am Zug
games-mine-none = Du bist in keiner deiner Partien am Zug.
games-mine-title = Du bist am Zug ({ $count }), die dringendste zuerst:
games-mine-left = noch { $left }
games-mine-run-out = die Zeit ist abgelaufen
games-mine-no-limit = ohne Zeitlimit
time-clock-stopped = Die Uhr steht still: { $name } ist im Urlaub.
time-run-out = Die Bedenkzeit für diesen Zug ist abgelaufen.
time-left = Verbleibende Zeit für diesen Zug: { $left }.
time-left-then-bank = Verbleibende Zeit für diesen Zug: { $left } ({ $days } aus den Tagen des Zuges, danach { $bank } aus der Zeitbank von { $name }).
time-left-from-bank = Verbleibende Zeit für diesen Zug: { $left }, alles aus der Zeitbank von { $name }.
time-bank-empty = nichts

## Herausforderungen: Ablehnungen (lobby.rs). `$verb` ist der Befehl der Antwort:
## accept, decline oder cancel.

refusal-channel-has-game = Dieser Kanal hat schon eine Partie ({ $players }); spielt sie zu Ende (ein Spieler kann `/aufgeben` oder, bevor beide Seiten gezogen haben, `/abbrechen`) oder spielt in einem anderen Kanal.
refusal-channel-has-game-waits = Dieser Kanal hat schon eine Partie ({ $players }), und diese kann nicht anderswo gespielt werden{ $why }; die Herausforderung kann warten, bis sie endet.
refusal-days-range = Die Tage pro Zug müssen zwischen 1 und { $max } liegen, oder 0 für keine Begrenzung.
refusal-challenge-yourself = Du kannst dich nicht selbst herausfordern.
refusal-computer-challenges = Der Computer fordert niemanden heraus.
refusal-challenge-twin = Du hast hier schon eine wartende Herausforderung an { $name }; ziehe sie zuerst mit `/zurückziehen` zurück.
refusal-challenges-full = In diesem Kanal warten schon { $max } Herausforderungen; beantwortet oder zieht zuerst einige zurück.
refusal-rematch-playing = Die Partie läuft noch; eine Revanche kann warten, bis sie endet.
refusal-rematch-players = Nur { $white } und { $black } können um eine Revanche bitten.
refusal-accept-own = Du kannst deine eigene Herausforderung nicht annehmen.
refusal-accept-only = Nur { $name } kann diese Herausforderung annehmen.
refusal-open-needs-taker = Eine offene Herausforderung braucht einen Gegner, bevor ihre Partie beginnt.
refusal-level-computer-only = `stufe` legt die Spielstärke des Computers fest; sie gilt nur für eine Herausforderung an { $name }.
the-computer = den Computer
refusal-bank-range = `zeitbank` ist eine Zahl von Tagen von 0 bis { $max }.
refusal-bank-needs-days = Eine Zeitbank braucht Tage pro Zug (`tage:1` oder mehr).
refusal-decline-only = Nur { $name } kann diese Herausforderung ablehnen.
refusal-decline-open = Eine offene Herausforderung kann nicht abgelehnt werden; sie wartet auf einen Gegner oder verfällt.
refusal-cancel-only = Nur { $name } (oder der herausgeforderte Spieler oder ein Moderator) kann diese Herausforderung zurückziehen.
refusal-challenge-gone = Diese Herausforderung wartet hier nicht mehr.
refusal-challenge-over = Diese Herausforderung ist erledigt: { $outcome }
challenge-settled = Erledigt.
challenge-anyone = alle
refusal-no-challenge-with = Hier gibt es keine Herausforderung mit { $name }, die du { $verb ->
    [accept] annehmen
    [decline] ablehnen
   *[cancel] zurückziehen
} könntest.
refusal-no-challenge-playing = Es gibt keine Herausforderung zum { $verb ->
    [accept] Annehmen
    [decline] Ablehnen
   *[cancel] Zurückziehen
}: Hier wird schon eine Partie gespielt.
refusal-no-challenge-for-you = Hier gibt es keine Herausforderung, die du { $verb ->
    [accept] annehmen
    [decline] ablehnen
   *[cancel] zurückziehen
} könntest.
refusal-several-challenges = Hier könnten mehrere Herausforderungen gemeint sein ({ $names }): Drück den Knopf an der gemeinten oder nenne den Spieler, z. B. `/{ $verb ->
    [accept] annehmen
    [decline] ablehnen
   *[cancel] zurückziehen
 } spieler:@name`.

## Herausforderungen: was der Kanal liest (lobby.rs), in der Sprache des Servers.

challenge-plays-white = { $name } spielt Weiß
challenge-plays-black = { $name } spielt Schwarz
challenge-colours-random = Farben werden ausgelost
challenge-anyone-here = alle hier
challenge-line = { $name } fordert { $whom } zu { $game } heraus ({ $colour }, { $terms }, { $rated }).
challenge-answer-to = { $name }: `/annehmen` oder `/ablehnen`.
challenge-answer-open = Wer zuerst `/annehmen` sagt, spielt.
challenge-accepted-by = Angenommen von { $name }.
challenge-accepted-by-in = Angenommen von { $name }: Die Partie wird in { $place } gespielt.
challenge-expired = Unbeantwortet verfallen.
challenge-declined-by = Abgelehnt von { $name }.
challenge-declines = { $name } lehnt die Herausforderung von { $challenger } ab.
challenge-withdrawn-by = Zurückgezogen von { $name }.
challenge-withdraws = { $name } zieht die Herausforderung an { $opponent } zurück.
challenge-moderator = { $name } (Moderator)
challenge-cancelled-by = Zurückgezogen von { $name }.
challenge-cancels = { $name } zieht die Herausforderung von { $challenger } an { $opponent } zurück.

## Wo eine Partie außerhalb von Servern gespielt wird, für Leser, die sie nicht öffnen können (Issue 50).

place-dm-pair = den Direktnachrichten ihrer Spieler mit mir
place-group-chat = einem Gruppenchat
place-bot-dm = einer Direktnachricht mit mir
