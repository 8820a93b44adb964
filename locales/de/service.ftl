# Replies of the service (games, challenges, settings, ...).

## Servereinstellungen (`/einstellungen web`, `/einstellungen sprache`).

cmd-settings-language-name = sprache
cmd-settings-language-description = Moderatoren: die Sprache der öffentlichen Nachrichten dieses Servers
choice-auto = automatisch
choice-en = Englisch
choice-de = Deutsch
choice-fr = Französisch
language-en = Englisch
language-de = Deutsch
language-fr = Französisch
settings-server-only = Servereinstellungen werden auf einem Server vorgenommen.
settings-moderators-only = Nur die Moderatoren des Servers können seine Einstellungen ändern.
settings-boards-white = Die öffentlichen Bretter dieses Servers zeigen jetzt Weiß stets unten; `/brett` zeigt jedem Spieler seine eigene Seite.
settings-boards-mover = Die öffentlichen Bretter dieses Servers drehen sich jetzt zum Spieler am Zug; `/brett` zeigt jedem Spieler seine eigene Seite.
settings-language-set = Die öffentlichen Nachrichten dieses Servers sind jetzt auf { $language }.
settings-language-auto = Die öffentlichen Nachrichten dieses Servers folgen seiner Sprache auf Discord, derzeit { $language }.

## Die eigenen Sätze des Discord-Frontends (neben `delivery-*` in main.ftl).

delivery-move-not-posted = Dein Zug wurde gespielt, aber ich konnte nicht in <#{ $channel }> posten: { $reason }. `/brett` zeigt die Partie.

## `/regeln` und `/legende` (die Regeln selbst gehören den Varianten).

rules-not-playable = (In dieser Version noch nicht spielbar.)
rules-pictured = Im Bild: { $caption }
rules-variants = Spielbare Varianten: { $list }. Mit `/regeln <variante>` bekommst du die Regeln einer Variante.
legend-title = **Legende** – was die Markierungen auf dem Brett bedeuten.
legend-every-board = Auf jedem Brett
legend-see-picture = (Das Bild benennt sie alle.)

## Partien: ihr Beginn, wer am Zug ist, ihre Bedingungen.

challenge-accepted = { $name } nimmt an.
game-computer-plays = { $name } spielt gegen dich auf Stufe { $level }.
game-computer-plays-stockfish = { $name } spielt gegen dich auf Stufe { $level }, etwa { $rating } auf der Wertungsskala von Stockfish.
game-computer-plays-own = { $name } spielt gegen dich auf Stufe { $level }, etwa { $rating } auf der eigenen Skala der Stufen dieses Spiels.
game-played-in = Die Partie wird in { $place } gespielt.
game-played-here = Diese Partie wird in diesem Kanal gespielt: { $why }.
game-not-rated = Die Partie wird nicht gewertet: Sie endete, bevor jeder Spieler einen Zug gemacht hatte.
turn-thinking = { $name } ({ $side }) denkt nach.
turn-prompt = { $name } ({ $side }), { $prompt }.
turn-question = { $question } (`/regeln { $variant }` erklärt das Spiel)
terms-days = { $days ->
    [0] ohne Zeitlimit
    [one] { $days } Tag pro Zug
   *[other] { $days } Tage pro Zug
}
terms-bank = { $days } + je { $bank } Tage Zeitbank
terms-rated = gewertet
terms-casual = ungewertet

## The computer's levels, as measured (`engine::strength`, docs/engine.md "The ladder, measured").

level-about = Stufe { $level } ≈ { $rating }
levels-stockfish = Gemessen in { $variant }: { $list }, auf der Wertungsskala von Stockfish.
levels-own = Die Stufen des Computers, gemessen in { $variant } (auf der eigenen Skala dieses Spiels, Stufe 1 = 800): { $list }.
levels-rough = (die Stufen { $levels } sind schwächer, zu grob gemessen für eine Zahl)
levels-rough-only = (Stufen { $levels }: zu grob gemessen, um eine Zahl zu nennen)
levels-elsewhere = `/rules <variant>` nennt die Stufen jedes Spiels.
