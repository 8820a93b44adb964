# French: web (keys not here fall back to English).

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
