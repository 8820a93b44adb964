# The games' own words: refusals, prompts, results, guides.

## Zugtext (alle Spiele).
notation-unreadable = Ich kann `{ $input }` nicht als Zug lesen: { $reason }.
notation-illegal = `{ $input }` ist hier kein legaler Zug.
notation-illegal-near = `{ $input }` ist hier kein legaler Zug; legale Züge in der Nähe: { $moves }.
notation-illegal-in-check = `{ $input }` ist hier kein legaler Zug (dein König steht im Schach).
notation-illegal-in-check-near = `{ $input }` ist hier kein legaler Zug (dein König steht im Schach); legale Züge in der Nähe: { $moves }.
notation-ambiguous = `{ $input }` ist mehrdeutig: gemeint sein könnte { $candidates }.
notation-or = { $a } oder { $b }
notation-stray-words = gib nur den Zug ein, etwa `{ $first }`: `{ $rest }` gehört zu keinem Zug
notation-stray-sign = `{ $sign }` kommt in keinem Zug vor
notation-nothing = da ist nichts zu spielen
notation-too-long = das ist zu lang für einen Zug
notation-promotion-form = eine Umwandlung schreibt man wie `e8=Q`
notation-promotion-role = ein Bauer wandelt sich in Q, R, B oder N um
notation-off-board = dieses Feld liegt außerhalb des Bretts
notation-not-a-square = `{ $text }` ist kein Feld
notation-not-file-or-rank = `{ $sign }` ist weder eine Linie noch eine Reihe
notation-no-destination = ein Zug braucht ein Zielfeld wie `e4`
notation-too-many-squares = darin stehen zu viele Felder

## Seiten, Ergebnisse und die Gründe, aus denen eine Partie endet (in den Aufzeichnungen englisch).
variants-white = Weiß
variants-black = Schwarz
variants-not-your-turn = Du bist nicht am Zug.
outcome-win = { $winner } gewinnt durch { $reason }
outcome-draw = Remis durch { $reason }
outcome-aborted = Partie abgebrochen
reason-checkmate = Schachmatt
reason-stalemate = Patt
reason-insufficient-material = ungenügendes Material
reason-resignation = Aufgabe
reason-agreement = Einigung
reason-timeout = Zeitüberschreitung
reason-adjudication = Schiedsspruch
reason-threefold = dreifache Stellungswiederholung
reason-fivefold = fünffache Stellungswiederholung
reason-fifty-moves = die 50-Züge-Regel
reason-seventy-five-moves = die 75-Züge-Regel
reason-king-captured = das Schlagen des Königs
reason-ten-points = das Erreichen von 10 Punkten
reason-last-king = den Verlust des letzten Königs von { $side }
reason-king-defender = das Erobern des Tors des Königs-Verteidigers von { $side }
reason-no-defender = Mangel an Figuren, die Verteidiger von { $side } werden könnten

## Ablehnungen und Ereignisse der Spiele.
notation-nested = Klammern können nicht verschachtelt werden
notation-unmatched-close = zu einer `)` gehört keine `(`
notation-unclosed = eine `(` wird nicht geschlossen
notation-unexpected = unerwartetes Zeichen { $sign }
wand-turn-shape = ein Zug ist ein Zug, ein Zauber oder zwei Züge schneller Figuren
wand-zap-form = ein Zauber schreibt sich wie `Ze4:d5` (erst der Zaubernde, dann das Ziel)
spell-form-bracket = ein Zauber schreibt sich `(freeze d5)` oder `(jump e3)`
spell-one-per-turn = pro Zug darf nur ein Zauber gesprochen werden
spell-form-at = ein Zauber schreibt sich `freeze@d5` oder `jump@e3`
spell-with-a-move = ein Zauber wird zusammen mit einem Zug gesprochen, etwa `e4 (freeze d5)`
wickets-unclosed = eine Klammer wird nicht geschlossen
wickets-ball-bracket = die einzige Klammer, die ein Zug kennt, ist `(ball d6)`
wickets-ball-square = der Ball braucht ein Feld
wickets-throw-square = `{ $text }` ist kein Feld, auf das man werfen kann
wickets-two-hops = ein Wurf hat höchstens zwei Sprünge
wickets-throw-or-keep = ein Zug wirft entweder (`>f6`) oder behält den Ball (`decline`), nicht beides
wickets-not-a-square = das ist kein Feld
wickets-first-not-a-square = das erste Feld ist kein Feld
walls-unreadable = Ich kann `{ $input }` nicht lesen: { $reason }.
walls-syntax-wall = eine Mauer steht auf einem Feld, etwa `@c4`
walls-syntax-place = eine Aufstellung ist ein Figurenbuchstabe, `@` und ein Feld, etwa `R@e4`
walls-syntax-conjure = eine beschworene Mauer schreibt man wie `Nc3+d4`
walls-syntax-destroy = das Zerstören einer Mauer schreibt man wie `Nc3xd4`
walls-syntax-action = eine Aktion ist ein Zug (`Nb1-c3`), eine Mauer (`Nc3+d4`), ein Bruch (`Nc3xd4`), eine Wiederbelebung (`R@e4`) oder `pass`
walls-syntax-resurrect = eine Wiederbelebung schreibt man `resurrect R e4`
walls-type-a-turn = Gib einen Zug ein, zum Beispiel `Nb1-c3 Nc3+d4`, oder `pass`.
walls-too-many-items = Das sind viel zu viele Teile für eine Antwort.
walls-pass-alone = `pass` steht allein: es ist ein Zug ohne Aktionen.
walls-two-actions = Ein Zug hat höchstens zwei Aktionen; du hast { $count } angegeben.
walls-over-not-played = Die Partie ist vorbei, daher wird `{ $input }` nicht gespielt.
walls-not-legal = `{ $input }` ist nicht zulässig: { $why }.
walls-first-not-legal = Die erste Aktion `{ $input }` ist nicht zulässig: { $why }.
walls-second-not-legal = Die zweite Aktion `{ $input }` ist nicht zulässig: { $why }.
walls-setup-walls-not = Jetzt setzt { $side } 3 Mauern, etwa `@c4 @d5 @f3`; `{ $input }` ist keine Mauerplatzierung.
walls-setup-team-not = Jetzt stellt { $side } das Team auf, etwa `B@c1 N@d2 R@a1`; `{ $input }` ist keine Platzierung.
event-checkmate = Schachmatt.
event-check = Schach.
event-outcome = { $outcome }.
wand-teleport-first = Wähle zuerst das Teleportfeld: antworte mit einem leeren Feld, z. B. `h8`.
wand-teleport-not-empty = { $square } ist kein legales Teleportfeld: es ist nicht leer.
wand-teleport-unsafe = { $square } ist kein legales Teleportfeld: dein König bliebe angegriffen, obwohl es ein sicheres Feld gibt.
wand-square-alone = Ein Teleportfeld allein beantwortet nur die Teleportfrage; spiele einen Zug oder einen Zauber.
wand-no-teleport-asked = Gerade ist kein Teleportfeld gefragt; spiele einen Zug oder einen Zauber.
wickets-too-long = Das ist viel zu lang für eine Antwort.
wickets-no-such-question = Diese Frage gibt es in Schach mit Toren nicht.
wickets-cards-later = Die Karten werden beim ersten Zug ausgeteilt.
options-bad-value = Die Option `{ $option }` ist { $values }, nicht `{ $value }`.
options-none = { $variant } hat keine Option `{ $key }`.
options-only = { $variant } hat keine Option `{ $key }`; seine einzige Option ist { $option }.
options-some = { $variant } hat keine Option `{ $key }`; seine Optionen sind { $options } und { $last }.
options-listed = `{ $name }` ({ $values })
variants-unavailable = { $variant } ist noch nicht spielbar.

## Aufforderungen: was ein Spieler gefragt wird.
prompt-choices = { $what }: { $choices }
prompt-example = { $what }, z. B. `{ $example }`
prompt-rules = { $prompt } (`/regeln { $variant }` erklärt das Spiel)

## Aufforderungen der Spiele.
spell-a-freeze = ein Einfrieren `{ $example }`
spell-a-jump = ein Sprung `{ $example }`
spell-prompt-cast = sprich dazu einen Zauber in Klammern, etwa { $spells }
sorchess-prompt-enter = dein Zauberer tritt von einem unbewegten Turm aus ein, als stünde er dort, z. B. `{ $example }`
sorchess-prompt-become = dein Springer darf jetzt, ein einziges Mal, zum Zauberer werden: `{ $answer }` (`{ $decline }` verzichtet darauf)
sorchess-prompt-promote = ein Bauer darf sich in einen Zauberer umwandeln: `{ $answer }`
wand-the-piece-on = die Figur auf { $square }
wand-the-role-on = die Figur auf { $square } ({ $role })
wand-prompt-teleport-example = wähle, wohin { $what } teleportiert wird: gib ein leeres Feld ein, z. B. `{ $example }` ({ $count } Felder erlaubt)
wand-prompt-teleport = wähle, wohin { $what } teleportiert wird
wand-prompt-a-move = ein Zug wie `{ $example }`
wand-prompt-a-zap = ein Zauber wie `{ $example }` (Z, das Feld der Figur, deren Zauberstab zaubert, ein Doppelpunkt, dann ein Nachbarfeld oder ihr eigenes)
wand-prompt-a-double = ein schneller Doppelzug wie `{ $example }`
wand-prompt-or = { $a }, oder { $b }
wand-prompt = dein Zug: { $parts }
walls-prompt-walls = setze deine Mauern: { $count } auf leere Felder der Reihen 3-6, z. B. `{ $example }`
walls-prompt-limit = { $role } kostet { $cost }, höchstens { $max }
walls-prompt-team-full = stelle dein Team auf: ein beliebiges Team, das genau { $cost } kostet ({ $limits }), auf leere Felder der Reihen { $ranks }, z. B. `{ $example }` (9+1+1) oder Turm, Springer und Läufer (5+3+3)
walls-prompt-team = stelle dein Team auf, Läufer, Springer und Turm, auf leere Felder der Reihen { $ranks }, z. B. `{ $example }`
walls-prompt-play = dein Zug: bis zu zwei Aktionen in einer Nachricht
walls-form-move = ziehen `{ $example }`
walls-form-conjure = eine Mauer beschwören `{ $example }`
walls-form-destroy = eine Mauer zerstören `{ $example }`
walls-form-resurrect = zurückholen `{ $example }`
walls-form-pass = `pass` für keine

## Wizard Walls: die Aufstellung.
walls-place-3-walls = Setze genau 3 Mauern (`@c4 @d5 @f3`); du hast { $squares_len } angegeben.
walls-wall-twice = Jede Mauer braucht ihr eigenes Feld; { $sq } ist doppelt genannt.
walls-wall-zone = { $sq } liegt nicht auf den Reihen 3-6, wo die Mauern der Aufstellung hinkommen.
walls-wall-there = Auf { $sq } steht schon eine Mauer.
walls-occupied = { $sq } ist besetzt.
walls-wizard-twice = Jeder Zauberer braucht sein eigenes Feld; { $sq } ist doppelt genannt.
walls-home-ranks = { $role_letter }@{ $sq } liegt nicht auf deinen ersten beiden Reihen ({ $ranks }).
walls-not-empty = { $sq } ist nicht leer.
walls-basic-team = Dein Team ist ein Läufer, ein Springer und ein Turm, etwa `B@c1 N@d2 R@a1`.
walls-not-a-wizard = { $name_role } ist kein Zauberer dieses Spiels (P, N, B, R, Q).
walls-team-cost = Dein Team kostet { $cost }; es muss genau 11 kosten (P 1, N 3, B 3, R 5, Q 9).

## Zauberstabschach: Ablehnungen.
wand-whole-turn = `{ $input }` kann nicht gespielt werden: das Schlagen der Figur auf { $square } ({ $role }), die nicht schnell ist, ist ein ganzer Zug; spiele diesen Zug allein.
wand-stoned = { $label } ist versteinert (eine Statue) und kann noch { $u_statue } Zug/Züge nicht ziehen.
wand-asleep = { $label } schläft und kann noch { $u_asleep } Zug/Züge nicht ziehen.
wand-slowed = { $label } ist verlangsamt und muss noch { $u_wait } Zug/Züge warten, bevor er wieder zieht.
wand-no-zapper = Auf { $from } steht keine Figur von dir, mit der du zaubern kannst.
wand-too-far = Ein Zauberstab reicht nur bis zum eigenen Feld oder einem Nachbarfeld; { $to } ist zu weit von { $from } entfernt.
wand-zap-in-check = Du stehst im Schach: kein Zaubern, bis ein Zug das Schach beantwortet hat.
wand-statue-zap = { $label } ist eine Statue und kann nicht zaubern.
wand-asleep-zap = { $label } schläft und kann nicht zaubern.
wand-slow-wait = { $label } ist langsam und muss noch { $u_wait } Zug/Züge warten.
wand-destroyed = Der Zauberstab von { $label } ist zerstört.

## Sorchess: Ablehnungen.
sorchess-knight-chance = Dein Springer darf jetzt auf { $square } zum Zauberer werden, und nie wieder: gib `{ $take }` ein, um die Chance zu nutzen, oder `{ $m_long }`, um Springer zu bleiben und die Chance für immer aufzugeben.
sorchess-wizard-on-board = Dein Zauberer steht schon auf { $sq }: pro Seite darf nur ein Zauberer auf dem Brett stehen (S3, S5).
sorchess-knight-only-first = Ein Springer darf nur bei seiner ersten Ankunft auf { $knight_chance_square_us } zum Zauberer werden, nachdem dein Zauberer geschlagen wurde, und nur, wenn er dein einziger Springer ist.
sorchess-step-used = Dein Zauberer hat seinen einen orthogonalen Schritt schon verbraucht.
sorchess-step-no-capture = Der orthogonale Schritt des Zauberers kann nicht schlagen.
sorchess-wizard-captured = Dein Zauberer wurde geschlagen: nur eine Umwandlung oder die Chance des Springers bringt einen zurück.
sorchess-no-launch-rook = Keiner deiner Türme kann den Zauberer einsetzen: jeder ist anders als durch Rochade gezogen.
sorchess-rook-moved = Der Turm auf { $from } ist gezogen (anders als durch Rochade), daher kann der Zauberer nicht von ihm aus eintreten.
sorchess-enter-from-rook = Dein Zauberer ist in der Hand: er tritt von einem deiner Türme aus ein, und auf { $from } steht keiner.
sorchess-declined = { $side } hat die Chance des Springers, zum Zauberer zu werden, ausgeschlagen; sie ist für immer vorbei.

## Zauberschach: Ablehnungen.
spell-your-piece-on = deine Figur auf { $square } ({ $role })
spell-the-piece-on = die Figur auf { $square } ({ $role })
spell-cooling-one = Dein { $name }-Zauber lädt sich auf: er kann in { $wait } Zug wieder gesprochen werden (ab deinem Zug { $from }).
spell-cooling = Dein { $name }-Zauber lädt sich auf: er kann in { $wait } Zügen wieder gesprochen werden (ab deinem Zug { $from }).
spell-frozen = Deine Figur auf { $from } ({ $role }) ist durch das Einfrieren auf { $centre } eingefroren und kann in diesem Zug nicht ziehen.
spell-frozen-jump-on-it = Deine Figur auf { $from } ({ $role }) ist durch das Einfrieren auf { $centre } eingefroren und kann in diesem Zug nicht ziehen: ein Sprung auf { $jump } lässt andere Figuren über sie hinweg, er befreit nicht die Figur, die dort steht.
spell-frozen-even-jump = Deine Figur auf { $from } ({ $role }) ist durch das Einfrieren auf { $centre } eingefroren und kann in diesem Zug nicht ziehen, auch nicht mit einem Sprungzauber: keine Figur in einem eingefrorenen Bereich darf ziehen.
spell-capturable = Damit bleibt dein König schlagbar; spiele `{ $answer }!` zum Bestätigen.
spell-capturable-why = Damit bleibt dein König schlagbar: { $why }; spiele `{ $answer }!` zum Bestätigen.
spell-why-own-jump = dein Sprung auf { $jump } lässt { $attacker } über { $over } hinweg zu deinem König auf { $king }
spell-why-their-jump = dein Gegner hat noch einen Sprungzauber, und damit kann { $attacker } über { $over } hinweg zu deinem König auf { $king }
spell-none-left = Du hast keine { $name }-Zauber mehr.
spell-freeze-centre = Du kannst kein Einfrieren auf { $c } zentrieren: dort liegt das Zentrum des aktiven Einfrierens deines Gegners.
spell-jump-empty = Ein Sprung wird auf eine Figur gesprochen, über die gesprungen wird, und { $j } ist leer.
spell-rook-frozen = Dein Turm auf { $rook } ist durch das Einfrieren auf { $centre } eingefroren, und die Rochade bewegt auch den Turm: in diesem Zug keine Rochade mit ihm.
spell-rook-transparent = Dein Turm auf { $rook } steht auf einem Sprungfeld, und ein Turm, über den Figuren hinweggehen, kann in diesem Zug nicht rochieren.
spell-opponent-jump-square = { $j } ist das Sprungfeld deines Gegners: in diesem Zug darf dort eine Figur schlagen, aber kein Zug darf dort ohne Schlagen enden.
spell-own-jump-en-passant = Dein Sprung auf { $j } ließe { $attacker } über { $over } hinweg zu deinem König auf { $target }, und en passant darf deinen König nicht angegriffen lassen.
spell-own-jump-king = Dein Sprung auf { $j } ließe { $attacker } über { $over } hinweg nach { $target }, und dein König darf kein angegriffenes Feld betreten.
spell-no-promotion = Eine Umwandlung kann keinen Zauber tragen.
spell-inside-freeze = Dein Zug kann nicht in deinem eigenen eingefrorenen Bereich beginnen: { $mv_from } liegt neben { $c }.
spell-freeze-castle = Ein Einfrieren, das mit einer Rochade gesprochen wird, kann nicht auf dem Zielfeld des Königs { $c } zentriert werden.
spell-jump-end = Der Zug, der einen Sprung spricht, kann nicht auf dem Sprungfeld { $j } enden.
spell-jump-castle = Du kannst nicht mit einem Turm rochieren, den ein Sprung auf { $j } durchlässig macht.
spell-king-captured = Der König ist geschlagen.

## Schach mit Toren: Ablehnungen.
wickets-decline-as-move = `decline` beantwortet eine Wurf-, Karten- oder Opferfrage, und keine ist gerade gestellt: du bist am Zug.
wickets-decline-as-move-example = `decline` beantwortet eine Wurf-, Karten- oder Opferfrage, und keine ist gerade gestellt: du bist am Zug, z. B. `{ $example }`.
wickets-decline-keep-ball = { $refusal } Um deinen Ballträger zu ziehen und den Ball zu behalten, setze `decline` hinter seinen Zug: `{ $move } decline`.
wickets-picked-up-no-throw = Eine Figur, die ihren Ball aufnimmt, kann im selben Zug nicht werfen.
wickets-only-haver-throws = Nur der Ballträger wirft, direkt nachdem er gezogen hat.
wickets-nothing-to-decline = Eine Figur, die ihren Ball aufnimmt, kann im selben Zug nicht werfen, also gibt es nichts abzulehnen: spiele den Zug ohne `decline`.
wickets-decline-not-haver = `decline` nach einem Zug behält den Ball eines Ballträgers, der zieht; { $move } ist nicht der Zug deines Ballträgers: spiele ihn ohne `decline`.
wickets-other-question = `{ $word }` beantwortet eine andere Frage; jetzt ist dein Zug gefragt, etwa `Ng1-f3`.
wickets-no-ball-to-place = Dieser Zug schlägt den Ballträger nicht: es gibt keinen Ball zu platzieren.
wickets-ball-next-to = Der Ball muss auf einem leeren Feld neben { $c } liegen; { $b } ist keines.
wickets-no-ball-waiting = Kein Ball wartet auf ein Feld.
wickets-answer-ball-square = Antworte mit dem Feld, auf dem der Ball liegt, z. B. `{ $ball_squares_c_first_map_or_d4_to_string_c_c_to_string }`.
wickets-no-defender-asked = Es wird kein Verteidiger gefragt.
wickets-not-a-piece-letter = `{ $echo_c_to_string }` ist kein Figurenbuchstabe.
wickets-name-defender = Nenne zuerst deinen neuen Verteidiger über sein Feld, z. B. `{ $example }`.
wickets-no-defender-on = Du hast keine Figur auf { $c }, die du zum neuen Verteidiger machen kannst; nenne zuerst eine deiner Figuren, z. B. `{ $example }`.
wickets-piece-is-not = Die Figur auf { $c } ist kein { $role_map_or_r_r_name }.
wickets-haver-not-defender = Der Ballträger kann nicht zugleich Verteidiger sein.
wickets-throw-not-square = `{ $echo_h }` ist kein Feld; wirf mit einem Feld wie `f6` oder `w9`, oder `decline`.
wickets-no-card-asked = Es wird keine Karte gefragt.
wickets-play-a-card = Spiele eine Karte aus deiner Hand wie `card 7c` (Farben c d h s, Werte A oder 1 bis 10).
wickets-not-held = Du hast { $card } nicht; `/hand` zeigt deine Karten.
wickets-follow-suit = Du musst Farbe bekennen: spiele eine Karte der Farbe { $lead_suit }.
wickets-no-sacrifice-asked = Es wird kein Opfer gefragt.
wickets-sacrifice-not-square = `{ $echo_w }` ist kein Feld; schreibe `sacrifice a2 b2`.
wickets-not-sacrificable = { $c } ist keine deiner Figuren, die geopfert werden dürfen (nicht der König, nicht der Verteidiger).
wickets-named-twice = { $c } ist doppelt genannt.
wickets-name-exactly = Nenne genau { $n } Figur(en) zum Opfern, oder `decline`.
wickets-throw-line = Der Ball kann nicht nach { $to } geworfen werden: ein Wurf geht entlang einer Damenlinie über leere Felder zu einer deiner Figuren außer dem Verteidiger, oder auf ein leeres Feld (nicht dein eigenes Tor).

## Schach mit Toren: Aufforderungen.
wickets-prompt-ball = wähle, wo der Ball des geschlagenen Ballträgers liegt (ein leeres Feld daneben): { $choices }
wickets-prompt-defender-list = bestimme deinen neuen Verteidiger (jede Figur außer dem Ballträger), z. B. `{ $example }`; du kannst { $names } nennen
wickets-prompt-defender = bestimme deinen neuen Verteidiger (eine deiner { $count } Figuren außer dem Ballträger), z. B. `{ $example }`
wickets-prompt-haver = dein Ballträger { $who } darf beim Ziehen werfen (`{ $moved }>{ $to }`) oder den Ball behalten (`{ $moved } decline`), sonst wirst du nach dem Zug gefragt
wickets-prompt-throw-list = wirf den Ball entlang einer Damenlinie: { $choices }; oder `decline`, um ihn zu behalten
wickets-prompt-throw = wirf den Ball entlang einer Damenlinie auf eines von { $count } Feldern oder Figuren, z. B. `{ $example }`; oder `decline`, um ihn zu behalten
wickets-prompt-relay = nach der Rochade darf der Ball auch an den Partner auf { $via } gehen, der ihn weiterwirft: `{ $relay }` spielt ihn über { $via } nach { $to } ({ $count } solche Würfe)
wickets-prompt-into-wicket = ein Wurf ins gegnerische Tor versucht, es zu erobern

## Geheimnisse und weitere Ablehnungen.
wand-list = Deine Zauberstäbe ({ $side }, Zauberstäbe { $mode }):
wand-list-secret = Nur dir bekannt: { $items }
wand-list-identified = Erkannt (beide wissen es): { $items }
wand-list-unknown = Beiden unbekannt: { $items }
wand-list-destroyed = Zerstört: { $items }
wickets-hand = Deine Karten ({ $side }): { $cards }
spell-castle-lands = Dein Sprung auf { $jump } ließe { $attacker } über { $over } hinweg nach { $square }, ein Feld, auf dem dein König bei der Rochade landet, und die Rochade darf nicht über oder auf ein angegriffenes Feld gehen.
spell-castle-crosses = Dein Sprung auf { $jump } ließe { $attacker } über { $over } hinweg nach { $square }, ein Feld, das dein König bei der Rochade überquert, und die Rochade darf nicht über oder auf ein angegriffenes Feld gehen.

## Bilder: Abzeichen, Legenden, Notizen, Titel.
legend-walls-wall = eine Mauer: nichts steht darauf; nur Springer springen darüber
legend-walls-setup = grüner Punkt (Aufstellung): ein Feld, auf das du jetzt eine Mauer oder einen Zauberer setzen darfst
legend-spell-frozen = blauer Bereich: eingefroren; wer am Zug ist, kann mit Figuren dort weder ziehen noch angreifen
legend-spell-faint = blassblauer Bereich: ein Einfrieren, das niemanden mehr bindet
legend-spell-jump = violettes Feld: Sprungzauber; Langschrittler beider Seiten ziehen durch diese Figur hindurch
legend-wand-asleep = schläft: kann 3 weitere Züge lang weder ziehen, zaubern noch Schach geben
legend-wand-statue = eine Statue: kann 9 weitere Züge lang weder ziehen, geschlagen noch verzaubert werden
legend-wand-slow = langsam: muss noch 2 Züge warten, bevor sie wieder zieht oder zaubert
legend-wand-slow-ready = langsam, aber jetzt bereit zu ziehen oder zu zaubern
legend-wand-sick = krank: stirbt in 2 Zügen, wenn sie nicht geheilt wird
legend-wand-peaceful = friedlich: kann nicht schlagen
legend-wand-fast = schnell: darf in einem Zug zweimal ziehen (das Schlagen einer nicht schnellen Figur braucht den ganzen Zug)
legend-wand-immune = immun gegen jeden Zauberstab
legend-wand-hollow = hohl: eine Stabart, die nur du kennst (moderierte Zauberstäbe; dein Gegner sieht kein Abzeichen); gefüllt: beide Spieler kennen sie
legend-wand-destroyed = ihr Zauberstab ist zerstört
legend-sorchess-wizard = der Zauberer (W): ein Spitzhut mit goldenem Stern; springt (3,1) oder tritt ein Feld diagonal
legend-wickets-wicket = ein Tor: w0 hinter e1 (das von Weiß), w9 hinter e8 (das von Schwarz)
legend-wickets-defender = der Verteidiger: die einzige Figur, die ihr eigenes Tor betreten darf
legend-wickets-ball = Scheibe am Fuß einer Figur: sie trägt den Ball ihrer Seite und darf ihn nach dem Ziehen werfen
legend-wickets-lying-ball = ein liegender Ball (hier der von Schwarz): nur die eigene Seite hebt ihn auf
legend-wickets-ball-square = grüner Punkt: ein Feld, auf das der geschlagene Ball jetzt gelegt werden darf
legend-wickets-start = jede Dame beginnt als Verteidiger ihrer Seite, jeder König mit dem Ball
legend-last-move = gelbe Tönung: die Felder des letzten Zugs
legend-check = rotes Leuchten: ein König im Schach
badge-sleep = Schlaf { $n }
badge-sleep-long = Schlaf{ $n }
badge-stone = Stein { $n }
badge-stone-long = Stein{ $n }
badge-slow = langsam { $n }
badge-slow-long = langsam{ $n }
badge-sick = krank { $n }
badge-sick-long = krank{ $n }
badge-slow-now = langsam
badge-peace = Friede
badge-fast = schnell
badge-immune = immun
badge-no-wand = kein Stab
badge-defender = Verteidiger
badge-ball = Ball
wand-word-teleport = Teleport
wand-word-death = Tod
wand-word-stoning = Versteinern
wand-word-sloth = Trägheit
wand-word-morph = Wandel
wand-word-demote = Abstufen
wand-word-sicken = Krankheit
wand-word-speed = Tempo
wand-word-protect = Schutz
wand-word-heal = Heilung
wand-word-polymorph = Verwandlung
wand-word-demotion = Abstufung
wand-word-sickness = Krankheit
wand-word-protection = Schutz
wand-word-healing = Heilung
legend-wand-of = Zauberstab { $kind }: { $effect }
note-fallen = gefallen: { $list }
note-wall-to-hand = Mauer zur Hand
note-step-used = orthogonaler Schritt verbraucht
note-hand = Hand: { $cards }
note-cards = { $n } Karten
note-no-defender = kein Verteidiger
note-played = spielte { $card }
note-wizard-in-hand = Zauberer in der Hand
note-wizard-on-board = Zauberer auf dem Brett
note-wizard-captured = Zauberer geschlagen
title-chess = Schach
title-wand = Zauberstabschach
title-spell = Zauberschach
title-wickets = Schach mit Toren
title-walls-full = Wizard Walls (voll)
wand-word-sleep = Schlaf

walls-at-most-one = Höchstens { $max } { $role } in einem Team.
walls-at-most = Höchstens { $max } { $role } in einem Team.
wickets-second-not-a-square = das zweite Feld ist kein Feld
variants-fen-not-a-square = ungültige FEN: `{ $text }` ist kein Feld

## Der Optionen-Teil von `/regeln`.
options-guide-none = Optionen: keine.
options-guide-head = **Optionen** — gib sie in `/herausfordern` an, z. B. `optionen:{ $name }:{ $example }`:
options-guide-option = • `{ $name }`: { $description } (Standard `{ $default }`)

## Die Anleitungen von `/regeln` und ihre Beispiele.
rules-standard = **Schach** — die FIDE-Regeln: Rochade, en passant, Umwandlung, Schach und Schachmatt. Patt, ungenügendes Material, fünffache Stellungswiederholung und die 75-Züge-Regel sind sofort remis; dreifache Stellungswiederholung und die 50-Züge-Regel erlauben dem Spieler am Zug, Remis zu beanspruchen (`/remis reklamieren`).
    • Zug: `e4`, `Nf3`, `Ng1-f3`, `e2e4`; Rochade `O-O` / `O-O-O`; Umwandlung `e8=Q` (die Figur muss genannt werden).
rules-wand = **Zauberstabschach** — Schach, in dem jede Figur einen Zauberstab unbekannter Art trägt. Statt zu ziehen, darf eine Figur mit ihrem Stab auf sich selbst oder ein Nachbarfeld zaubern. Der erste Zauber auf ein besetztes Feld macht den Stab bekannt (teleport, death, sleep, stoning, sloth, polymorph, demotion, peace, sickness, speed, protection, healing); bekannte Stäbe versagen einmal von dreien. Kein Zaubern im Schach; wer keinen Zug hat, muss zaubern. Schlaf (5), Versteinerung (10) und Krankheit (3) zählen die Züge ihres Besitzers; eine langsame Figur (sloth) wartet nach jedem Zug oder Zauber drei ihrer Züge. Schlafende, versteinerte und wartende langsame Figuren ziehen und zaubern nicht. Mit zwei Königen gilt kein Schach; wer den letzten König verliert, verliert.
    • Zug: `e4`, `Ng1-f3`.
    • Zauber: `Ze4:d5` (die Figur auf e4 zaubert auf d5), `Ze4:e4` auf sich selbst.
    • Teleport: auf Nachfrage ein leeres Feld nennen, `c6`; oder gleich mit dem Zauber: `Ze4:d5 (teleport c6)`.
    • Schnelle Figur, zwei Züge in einem: `Ke4-e5:e6` (eine Figur zweimal) oder `Nb1-c3 Bc1-f4` (zwei Figuren).
caption-wand = Aus den Regeln: beide Könige sind schnell, also darf Weiß am Zug zweimal ziehen und den schnellen schwarzen König schlagen: gib `Ke4-e5:e6` ein. Wäre nur ein König schnell, könnte keiner den anderen schlagen.
rules-walls = **Wizard Walls** — Läufer, Springer und Turm als Zauberer (Voll: ein beliebiges Team, das genau 11 kostet: P 1, N 3, B 3, R 5, Q 9, höchstens 8 P, 2 N, 2 B, 2 R, 1 Q; Bauern gehen ein Feld in jede Richtung), die nie durch Ziehen schlagen. Jede Seite hat nach der Aufstellung 5 Mauern. Jeder Zauberer zieht, beschwört und zerstört höchstens einmal pro Zug; eine Wiederbelebung pro Zug. Jeder zerstörte Zauberer bringt dem Gegner seines Besitzers seinen Wert; 10 Punkte gewinnen sofort. Dreifache Stellungswiederholung kann beansprucht werden (`/remis reklamieren`); ein Zug, dessen Zeit abläuft, verfällt.
    • Mauern aufstellen (erst Weiß, dann Schwarz): 3 Mauern auf den Reihen 3-6: `@c4 @d5 @f3`.
    • Team auf deine ersten beiden Reihen stellen: `B@c1 N@d2 R@a1` (Schwarz `B@c8 N@d7 R@a8`; Voll z. B. `Q@d1 P@c2 P@e2`).
    • Ein Zug sind bis zu zwei Aktionen in einer Nachricht, durch ein Leerzeichen getrennt: `Nb1-c3 Nc3+d4`; `pass` für keine.
    • Ziehen: `Nb1-c3` (Springer überspringen Mauern, Langschrittler nicht). Eine Mauer neben einem Zauberer beschwören, die jeden Zauberer dort tötet: `Nc3+d4`. Eine benachbarte Mauer in die Hand zerstören: `Nc3xd4`. Einen zerstörten Zauberer neben zweien von dir wiederbeleben: `R@e4`.
caption-walls = Nach der Aufstellung (`@c4 @d5 @f3`, `@c5 @e4 @f6`, `B@c1 N@d2 R@a1`, `B@c8 N@d7 R@a8`) ist der Zug `Nd2-b3 Nb3+b4` von Weiß das „Springer ziehen, mit dem Springer eine Mauer bauen“ der Regeln: zwei Aktionen in einer Nachricht.
caption-walls-full = Voll: Weiß wählte eine Dame und zwei Bauern (9+1+1 = 11, `Q@d1 P@c2 P@e2`), Schwarz Turm, Springer und Läufer (5+3+3, `R@a8 N@b8 B@c8`); dann zieht der Zug `Qd1-d3 Qd3+d4` von Weiß die Dame und beschwört eine Mauer neben ihr.
rules-wickets = **Schach mit Toren** — Schach mit zwei Torfeldern, `w0` hinter e1 und `w9` hinter e8. Jeder König beginnt mit dem Ball seiner Seite, und jede Dame ist der Verteidiger. Nur dein Verteidiger betritt dein Tor; nur dein Ballträger (oder eine Figur, die deinen Ball holt) betritt das gegnerische; Figuren in einem Tor geben kein Schach. Einen liegenden Ball heben nur die Nicht-Verteidiger seiner Seite auf; allen anderen versperrt er den Weg. Über einen Ball, der ins gegnerische Tor geworfen wird, entscheidet die Option `decision` (unten); ihr Verteidiger schützt das Tor, wenn er es sieht. Ein Erfolg entfernt ihren Verteidiger (ein König als Verteidiger verliert), und sie bestimmen einen neuen.
    • Zug in ein Tor: `Qd1-w0`.
    • Wurf mit dem Zug des Ballträgers: `Ke1-f2>f6`, ins Tor `Nf5-g7>w9`; Ball behalten: `Ke1-f2 decline`. Ohne beides wirst du nach dem Zug gefragt.
    • Nach einer Rochade mit dem Ballträger darf der Partner stattdessen werfen: `O-O>f1>f5` (oder `f1>f5` auf Nachfrage).
    • Wer einen Ballträger schlägt, legt dessen Ball auf ein leeres Nachbarfeld: `Qd1:d7 (ball d6)`, oder `d6` auf Nachfrage.
    • Neuer Verteidiger: `defender Nf3`. Karten: `card 7c` (Wert 1-10, 1 das Ass; Farbe c d h s; `/hand` zeigt deine). Opfer: `sacrifice a2 b2 c2` (so viele wie gefragt) oder `decline`.
caption-wickets = Nach `e4`, `e5`, `Ke1-e2>h5`: der König, der Ballträger von Weiß, hat gezogen und seinen Ball entlang einer Damenlinie nach h5 geworfen, wo er liegt, bis eine weiße Figur ihn aufhebt. `Ke1-e2 decline` hätte den Ball behalten.
rules-spell = **Zauberschach** — Schach mit je 5 Einfrier- und 2 Sprungzaubern; höchstens einer wird mit einem Zug gesprochen. Einfrieren: die gegnerischen Figuren im 3x3-Bereich um das Feld können in ihrem nächsten Zug weder ziehen noch angreifen (dein eigener Zug darf dort nicht beginnen). Sprung: Langschrittler beider Seiten ziehen durch diese Figur hindurch, bis der Gegner gezogen hat. Eine Zauberart ruht nach dem Gebrauch zwei Züge; Umwandlungen tragen keinen Zauber. Selbstschach ist erlaubt, ein geschlagener König verliert, und Schachmatt beendet die Partie.
    • Zug mit Einfrieren: `e4 (freeze d5)`; mit Sprung: `Bc1-h6 (jump e3)`; auch `freeze@d5 e4`, `f@d5,e2e4`.
    • Ein Zug, der deinen König schlagbar lässt, braucht `!` zur Bestätigung: `Kd2!`.
caption-spell = Nach `e4`, `e5`, `Nf3 (freeze d6)`: Weiß hat den Springer gezogen und den 3x3-Bereich um d6 eingefroren, daher können die schwarzen Bauern auf c7, d7 und e5 in diesem Zug nicht ziehen.
rules-sorchess = **Sorchess** — Schach mit einem Zauberer (W) pro Seite, der zu Beginn in der Hand ist. Der Zauberer springt (3,1) oder tritt ein Feld diagonal, und schlägt auf beide Arten; einmal pro Partie darf er ohne zu schlagen ein Feld orthogonal treten. Nur ein Zauberer pro Seite auf dem Brett.
    • Eintreten von einem Turm, der nicht gezogen hat (oder nur durch Rochade), als stünde der Zauberer dort; der Turm bleibt: `Wg4`, oder `Wh1-g4`, um den Turm zu nennen.
    • Einen Bauern in einen Zauberer umwandeln, solange deiner nicht auf dem Brett ist: `e8=W`.
    • Nachdem dein Zauberer geschlagen wurde, darf dein einziger Springer bei seiner ersten Ankunft auf dem Feld des gegnerischen Königs einer werden: `Nf6-e8=W`; um Springer zu bleiben und die Chance für immer aufzugeben, gib den Zug mit beiden Feldern ein, `Nf6-e8` (ein einfaches `Ne8` wird abgelehnt und fragt nach).
caption-sorchess = Aus den Regeln: der erste Zug könnte `Wg4` sein — der Zauberer tritt vom Turm auf h1 aus ein, als stünde er dort, und der Turm bleibt.

## Wizard Walls: warum eine Aktion nicht legal ist.
walls-why-pass-alone = `pass` steht allein
walls-why-setup-only = Mauern werden nur in der Aufstellung frei gesetzt; um eine zu beschwören, nenne den Zauberer, etwa `Nc3+d4`
walls-why-no-castling = in Wizard Walls gibt es keine Rochade
walls-why-holds-wall = auf { $sq } steht eine Mauer
walls-why-occupied = { $sq } ist besetzt, und Zauberer schlagen nie durch Ziehen
walls-why-no-wizard-on = auf { $sq } steht kein Zauberer von dir
walls-why-is-a-not-a = der Zauberer auf { $sq } ist { $role }, nicht { $named }
walls-why-already-moved = die Figur auf { $sq } ({ $role }) hat in diesem Zug schon gezogen
walls-why-cannot-reach = die Figur auf { $from } ({ $role }) kann { $to } nicht erreichen
walls-why-no-walls-in-hand = du hast keine Mauern in der Hand
walls-why-pawns-conjure = Bauern können keine Mauern beschwören
walls-why-pawns-destroy = Bauern können keine Mauern zerstören
walls-why-not-next-to = { $at } liegt nicht neben der Figur auf { $from } ({ $role })
walls-why-none-next-to = neben { $at } steht kein Zauberer von dir
walls-why-already-holds-wall = auf { $at } steht schon eine Mauer
walls-why-no-wall-on = auf { $at } steht keine Mauer
walls-why-already-conjured = die Figur auf { $sq } ({ $role }) hat in diesem Zug schon eine Mauer beschworen
walls-why-already-destroyed = die Figur auf { $sq } ({ $role }) hat in diesem Zug schon eine Mauer zerstört
walls-why-no-conjure-that-way = auf { $at } lässt sich so keine Mauer beschwören
walls-why-no-destroy-that-way = die Mauer auf { $at } lässt sich so nicht zerstören
walls-why-one-resurrection = pro Zug darf nur ein Zauberer zurückgeholt werden
walls-why-none-to-resurrect = du hast keinen zerstörten Zauberer ({ $role }), den du zurückholen könntest
walls-why-not-next-to-two = { $at } liegt nicht neben zwei deiner Zauberer (Bauern zählen nicht)
walls-why-cannot-resurrect-on = ein Zauberer ({ $role }) kann nicht auf { $at } zurückgeholt werden
walls-event-destroyed-one = [{ $role } von { $side } auf { $sq } zerstört: { $scorer } hat { $points } Punkt]
walls-event-destroyed = [{ $role } von { $side } auf { $sq } zerstört: { $scorer } hat { $points } Punkte]

## Bilder: die Notizen neben den Namen der Spieler.
note-points-one = { $n } Punkt
note-points = { $n } Punkte
note-walls-in-hand-one = { $n } Mauer in der Hand
note-walls-in-hand = { $n } Mauern in der Hand
note-wands-left-rolled-one = { $n } Stab übrig (gewürfelt)
note-wands-left-rolled = { $n } Stäbe übrig (gewürfelt)
note-wands-left-moderated-one = { $n } Stab übrig (moderiert)
note-wands-left-moderated = { $n } Stäbe übrig (moderiert)
note-decision-cards = Entscheidung: Karten
note-decision-cards2 = Entscheidung: Karten, 2 Versuche
note-decision-dice = Entscheidung: Würfel
note-decision-dice2 = Entscheidung: Würfel, 2 Würfe
note-decision-deterministic = Entscheidung: ohne Zufall, 3 Opfer
note-decision-deterministic2 = Entscheidung: ohne Zufall, 2 Opfer
note-spells = { $freeze } · { $jump }
note-freeze = Einfrieren { $n }
note-freeze-cooling = Einfrieren { $n } (bereit in { $cd })
note-jump = Sprung { $n }
note-jump-cooling = Sprung { $n } (bereit in { $cd })

## Schach mit Toren: die Karten- und Opferfragen.
wickets-card-answer = beantworte die { $card } von { $side }: spiel eine Karte der Farbe { $suit }, wenn du eine hast, sonst eine beliebige; mit der höheren Karte erobert der Werfer das Tor. Gib `card` mit Wert (1-10, 1 ist das Ass) und Farbe einer Karte deiner Hand ein, etwa `card 7c`; `/hand` zeigt deine Karten
wickets-card-lead = der Ball ist im Tor: spiel eine Karte aus; { $side } antwortet, und du eroberst das Tor, wenn deine höher ist. Gib `card` mit Wert (1-10, 1 ist das Ass) und Farbe einer Karte deiner Hand ein, etwa `card 7c`; `/hand` zeigt deine Karten
wickets-card-tie = die Karten waren gleich hoch: spiel erneut aus; { $side } antwortet, und du eroberst das Tor, wenn deine höher ist. Gib `card` mit Wert (1-10, 1 ist das Ass) und Farbe einer Karte deiner Hand ein, etwa `card 7c`; `/hand` zeigt deine Karten
wickets-card-answer-guarded = beantworte die { $card } von { $side }: spiel eine Karte der Farbe { $suit }, wenn du eine hast, sonst eine beliebige; mit der höheren Karte erobert der Werfer das Tor (der Verteidiger bewacht sein Tor: +2,5 für die Antwort). Gib `card` mit Wert (1-10, 1 ist das Ass) und Farbe einer Karte deiner Hand ein, etwa `card 7c`; `/hand` zeigt deine Karten
wickets-card-lead-guarded = der Ball ist im Tor: spiel eine Karte aus; { $side } antwortet, und du eroberst das Tor, wenn deine höher ist (der Verteidiger bewacht sein Tor: +2,5 für die Antwort). Gib `card` mit Wert (1-10, 1 ist das Ass) und Farbe einer Karte deiner Hand ein, etwa `card 7c`; `/hand` zeigt deine Karten
wickets-card-tie-guarded = die Karten waren gleich hoch: spiel erneut aus; { $side } antwortet, und du eroberst das Tor, wenn deine höher ist (der Verteidiger bewacht sein Tor: +2,5 für die Antwort). Gib `card` mit Wert (1-10, 1 ist das Ass) und Farbe einer Karte deiner Hand ein, etwa `card 7c`; `/hand` zeigt deine Karten
wickets-card-second-try = zweiter Versuch (cards2): spiel eine weitere Karte aus, oder `decline`, um das Tor aufzugeben. Gib `card` mit Wert (1-10, 1 ist das Ass) und Farbe einer Karte deiner Hand ein, etwa `card 7c`; `/hand` zeigt deine Karten
wickets-suit-clubs = Kreuz (c)
wickets-suit-diamonds = Karo (d)
wickets-suit-hearts = Herz (h)
wickets-suit-spades = Pik (s)
wickets-sacrifice-for-wicket = für die Eroberung des bewachten Tors
wickets-sacrifice-for-roll = für einen zweiten Wurf
wickets-prompt-sacrifice-one = opfere { $n } Figur { $what }, nicht den König oder den Verteidiger; oder `decline`, um zu verzichten
wickets-prompt-sacrifice-one-from = opfere { $n } Figur { $what }, nicht den König oder den Verteidiger (zur Wahl stehen { $from }); oder `decline`, um zu verzichten
wickets-prompt-sacrifice-one-example = opfere { $n } Figur { $what }, nicht den König oder den Verteidiger, z. B. `{ $example }`; oder `decline`, um zu verzichten
wickets-prompt-sacrifice-one-example-from = opfere { $n } Figur { $what }, nicht den König oder den Verteidiger, z. B. `{ $example }` (zur Wahl stehen { $from }); oder `decline`, um zu verzichten
wickets-prompt-sacrifice = opfere { $n } Figuren { $what }, nicht den König oder den Verteidiger; oder `decline`, um zu verzichten
wickets-prompt-sacrifice-from = opfere { $n } Figuren { $what }, nicht den König oder den Verteidiger (zur Wahl stehen { $from }); oder `decline`, um zu verzichten
wickets-prompt-sacrifice-example = opfere { $n } Figuren { $what }, nicht den König oder den Verteidiger, z. B. `{ $example }`; oder `decline`, um zu verzichten
wickets-prompt-sacrifice-example-from = opfere { $n } Figuren { $what }, nicht den König oder den Verteidiger, z. B. `{ $example }` (zur Wahl stehen { $from }); oder `decline`, um zu verzichten

## Die Namen der Spiele in Nachrichten und Befehlsauswahlen.
variant-name-standard = Schach
variant-name-wand = Zauberstabschach
variant-name-walls = Wizard Walls
variant-name-walls-full = Wizard Walls (voll)
variant-name-wickets = Schach mit Toren
variant-name-spell = Zauberschach
variant-name-sorchess = Sorchess

## Pieces inside a sentence (`the knight on e4`).
piece-pawn = Bauer
piece-knight = Springer
piece-bishop = Läufer
piece-rook = Turm
piece-queen = Dame
piece-king = König
piece-wizard = Zauberer
piece-any = Figur

## Parts of a text joined together.
join-semicolon = { $a }; { $b }
join-comma = { $a }, { $b }
join-dot = { $a } · { $b }
join-space = { $a } { $b }
join-lines =
    { $a }
    { $b }
fen-unreadable = Diese Stellung (FEN) ist nicht lesbar: { $detail }.
wand-event-sickness = [{ $label } stirbt an Krankheit]
wand-event-sleep = [{ $label } erwacht aus dem Schlaf]
wand-event-stoning = [{ $label } erwacht aus der Versteinerung]
wand-event-sloth = [{ $label } erwacht aus der Trägheit]
wickets-why-their-ball = der Ball von { $owner } liegt auf { $to }, und nur die Figuren von { $owner } heben ihn auf; für deine sperrt er das Feld
wickets-why-defender-ball = dein Ball liegt auf { $to }, und ein Verteidiger hebt nie einen Ball auf; eine andere deiner Figuren darf es
wickets-why-own-wicket = nur dein Verteidiger betritt dein eigenes Tor
wickets-why-their-wicket = nur dein Ballträger oder eine Figur, die deinen dort liegenden Ball holt, betritt das gegnerische Tor
wickets-cannot-be-played = `{ $input }` kann nicht gespielt werden: { $why }
