# French: web (keys not here fall back to English).

## Mises à jour en direct
web-socket-only = Cette adresse transmet les mises à jour en direct d'une page de partie par WebSocket ; ouvrez plutôt la page de la partie.
web-socket-elsewhere = Les mises à jour en direct ne sont envoyées qu'aux pages de ce site.

## Jouer sur sa propre page (issue 49)
web-play-heading = À vous de jouer
web-play-loading = Chargement de vos choix…
web-play-confirm = Confirmer
web-play-back = Retour
web-play-cancel = Annuler
web-play-off = On ne peut pas jouer sur cette page ici ; jouez dans la discussion de la partie.
web-play-elsewhere = Cette action ne vient pas de la page de cette partie.
web-play-unreadable = Cette action n'a pas pu être lue.
web-play-failed = L'action n'a pas pu être envoyée ; vérifiez votre connexion et réessayez.
