# Die eigenen Worte der Oberflächen (discord/ und local/).

# Ein in einer Befehlsoption genannter Nutzer, dessen Namen Discord nicht mitschickte.
discord-unknown-user = Nutzer { $id }

## arcana local: die eigenen Worte des Terminals.

local-intro = arcana local — tippe Zeilen als `NAME: TEXT`, wahlweise mit `#kanal ` davor.
    Beispiel: `alice: /challenge @bob standard color:white`, dann `bob: /accept`, `alice: e4`.
    `/help` listet die Befehle; Ende mit Strg-D.
local-line-needs-name = Nach dem Kanal braucht eine Zeile `NAME: TEXT`.
local-line-shape = Schreibe Zeilen als `NAME: TEXT`, z. B. `alice: /challenge @bob`.
local-not-a-move = Das ist weder ein Befehl noch ein Zug; versuche `/help`.
local-not-utf8 = Fehler: Diese Zeile ist kein gültiger UTF-8-Text und wurde übergangen.
local-error = Fehler: { $error }
# Wer eine gedruckte Direktnachricht liest, und wer allein eine Antwort sieht.
local-dm = DM { $reader } (aus #{ $channel })
local-only = nur @{ $name }
local-unknown-player = Spieler { $id }
local-rematch-hint = (`/rematch` fordert denselben Gegner erneut heraus, mit getauschten Farben.)
local-image = [Bild] { $path }
local-image-not-written = [Bild nicht geschrieben: { $error }]
local-file = [Datei] { $path }
local-file-not-written = [Datei nicht geschrieben: { $error }]
local-cannot-create = { $path } kann nicht angelegt werden: { $error }
local-cannot-write = { $path } kann nicht geschrieben werden: { $error }
local-name-not-kept = Warnung: Der Name { $name } kann nicht in { $file } behalten werden: { $error }
# Wo eine Partie gespielt wird, wie eine Nachricht es nennt.
local-site = arcana local, #{ $channel }
local-web-pages = Webseiten unter http://{ $address }/ (/web nennt die einer Partie)
local-unfinished = Hinweis: { $store } enthält { $count } unbeendete Partie(n) aus einem früheren Lauf; sie gehen hier weiter. Mit `--data <neuer Ordner>` beginnst du neu.
local-unfinished-many = Hinweis: { $store } enthält mehr als { $count } unbeendete Partien aus einem früheren Lauf; sie gehen hier weiter. Mit `--data <neuer Ordner>` beginnst du neu.
local-store-unopened = Der Speicher { $store } lässt sich nicht öffnen: { $error }
local-web-key-unkept = Der Web-Schlüssel kann nicht in { $path } behalten werden: { $error }
local-web-key-short = Der Web-Schlüssel in { $file } ist kürzer als 32 Zeichen; lösche die Datei, um einen neuen zu erzeugen (früher ausgegebene Links funktionieren dann nicht mehr)
catchup-refused = Du hast `{ $line }` in <#{ $channel }> geschrieben, während ich neu gestartet bin; es wurde nicht gespielt: { $why }

## Outside servers (issue 50): group chats and DMs through a user's install of the app.

dms-needs-server-tournament = Turniere gehören zu einem Server: Seine Mitglieder treten bei und spielen in seinen Kanälen. Benutze `/tournament` auf einem Server, der Arcana hinzugefügt hat; hier startet `/challenge @freund` eine Partie.
dms-needs-server-settings = Das sind Einstellungen eines Servers für seine Moderatoren, sie werden auf diesem Server geändert. Deine eigenen Einstellungen (`/settings` ohne Server-Optionen) gehen überall.
dms-needs-server-games = Dieser Chat ist kein Server: `/games list:mine` zeigt deine eigenen Partien; die Partien eines Servers siehst du dort.
dms-group-note = (Ich kann in diesem Chat nicht von selbst schreiben, nur auf hier benutzte Befehle und Knöpfe antworten: Zughinweise, Erinnerungen, das Partieende und Geheimnisse bekommst du per Direktnachricht.)
dms-your-turn = Du bist am Zug in der Partie in { $chat }:
dms-from-chat = Aus der Partie in { $chat }:
dms-challenged = { $challenger } möchte in { $chat } gegen dich spielen. Nimm dort mit dem Knopf der Herausforderung an: Diese Partie sagt dir deine Züge per Direktnachricht, so wie diese.
dms-opponent-unreachable = Ich kann <@{ $opponent }> keine Direktnachrichten schicken (sie sind geschlossen), und in diesem Chat erreicht eine Partie ihre Spieler nur so, daher wurde keine Herausforderung gestellt. Nach dem Öffnen der Direktnachrichten (Privatsphäre-Einstellungen oder Apps > Arcana) einfach erneut herausfordern.
dms-pair-from = Aus der Partie { $white } gegen { $black }:
dms-pair-challenged = { $challenger } möchte per Direktnachricht gegen dich spielen: Jeder von euch spielt in seinen eigenen Direktnachrichten mit mir. Die Herausforderung mit ihren Knöpfen folgt.
dms-pair-challenge = { $challenger } fordert dich zu einer Partie per Direktnachricht heraus. Nimm hier an oder lehne ab:
dms-pair-unreachable = Ich kann <@{ $opponent }> keine Direktnachrichten schicken (sie sind geschlossen), und eine Partie per Direktnachricht wird in den Direktnachrichten jedes Spielers mit mir gespielt, daher wurde keine Herausforderung gestellt. Nach dem Öffnen der Direktnachrichten (Privatsphäre-Einstellungen oder Apps > Arcana) kannst du erneut herausfordern.
dms-pair-one-game = Du spielst schon per Direktnachricht gegen { $opponent }: Hier gibt es mit jedem Gegner nur eine Partie zur Zeit. Beende zuerst diese oder spielt auf einem Server oder in einem Gruppenchat.
dms-pair-which-game = Hier warten mehrere deiner Partien auf deinen Zug ({ $games }): Benutze den Zug-Knopf am Brett der Partie, die du meinst.
dms-rematch-in-chat = Eine Revanche für eine Partie aus einem Gruppenchat forderst du in diesem Chat, wo ihre Herausforderung gezeigt werden kann: Drück Revanche am letzten Brett der Partie in { $chat } oder benutze dort `/revanche`.

## Was stattdessen geschieht, wo Discord außerhalb von Servern etwas nicht erlaubt (Issue 50).

dms-closed-in-chat = <@{ $user }>, ich kann dir keine Direktnachrichten schicken (sie sind geschlossen), und in diesem Chat kann ich nur schreiben, wenn ein hier benutzter Befehl oder Knopf danach fragt: Deine Züge siehst du an den hier beantworteten Brettern; Erinnerungen und Zeitüberschreitungen erreichen dich nicht. Was ich dir nicht schicken konnte, siehst du privat bei deinem nächsten Befehl.
dms-pair-opponent-unreachable = Ich erreiche { $opponent } nicht mehr per Direktnachricht (die DMs sind geschlossen). Die Partie geht weiter: Verpasstes sieht die Person bei ihrem nächsten Befehl an mich, und ihre Bedenkzeit läuft wie gewohnt.
dms-late-answer = (Discord lässt mich auf einen Befehl in diesem Chat nur 15 Minuten lang und höchstens 5-mal antworten, deshalb kommt es per Direktnachricht.)
