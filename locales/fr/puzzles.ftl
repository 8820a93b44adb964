
## `/puzzle` (service/capabilities/puzzles) : des exercices à résoudre, classés par jeu.
cmd-puzzle-name = exercice
cmd-puzzle-description = Un exercice à résoudre, ou ta réponse à celui qui est ouvert
cmd-puzzle-game-name = jeu
cmd-puzzle-game-description = Seulement les exercices de ce jeu
cmd-puzzle-answer-name = reponse
cmd-puzzle-answer-description = Ta réponse à l'exercice ouvert, écrite comme un coup
cmd-puzzle-theme-name = theme
cmd-puzzle-theme-description = Seulement les exercices de ce thème (mate, fork, sacrifice, zap, wall...)
cmd-puzzle-id-name = id
cmd-puzzle-id-description = L'exercice qui porte cet identifiant
puzzle-question = Exercice `{ $id }` ({ $game }, classé { $rating }) : { $side } au trait.
puzzle-seen-before = Tu as déjà vu cet exercice : cette fois il ne compte pas pour ton classement.
puzzle-last-move = Dernier coup : { $answer }
puzzle-how = Trouve la meilleure réponse pour { $side } et envoie-la avec `/exercice reponse:` (écrite comme un coup).
puzzle-right = Juste : { $answer }.
puzzle-reply = La réplique : { $answer }.
puzzle-solved = Résolu : { $answer } !
puzzle-wrong = Pas celui-ci : { $answer }. La réponse était { $expected }.
puzzle-refutation = Après { $answer }, { $reply } montre pourquoi.
puzzle-rating-change = Ton classement d'exercices en { $game } : { $before } → { $after } ({ $diff }).
puzzle-unrated = Non classé (un exercice déjà vu).
puzzle-streak = Exercices résolus d'affilée : { $streak } (record { $best }).
puzzle-none-open = Tu n'as pas d'exercice ouvert : `/exercice` en montre un.
puzzle-not-open = L'exercice `{ $id }` n'est pas celui que tu as ouvert (`{ $open }`) ; rien n'a été compté.
puzzle-moved-on = Ton exercice a avancé avant que cette réponse soit comptée (on y a répondu au même moment ailleurs) ; rien n'a été compté.
puzzle-no-such = Il n'y a pas d'exercice `{ $id }`.
puzzle-none-for-game = Il n'y a pas encore d'exercices de { $game }.
puzzle-none = Il n'y a pas encore d'exercices.
puzzle-no-theme = Aucun exercice n'a le thème « { $theme } » ici. Thèmes : { $themes }.
puzzle-answer-refused = { $reason } Rien n'a été compté : envoie une autre réponse.
puzzle-broken = L'exercice `{ $id }` ne peut pas être rejoué par cette version d'Arcana ; `/exercice` en montre un autre.
puzzle-busy = Beaucoup de réponses sont arrivées en même temps ; rien n'a été compté : renvoie la tienne.
profile-puzzles = Exercices (résolus d'affilée : { $streak }, record { $best }) :
profile-puzzle-rating = { $variant } : { $rating } ({ $solved } résolus, { $failed } manqués)
cmd-puzzle-list-name = liste
cmd-puzzle-list-description = `mine` : un exercice tiré de tes propres erreurs, trouvées par /analyse
puzzle-mine-question = Ton propre exercice `{ $id }` ({ $game }, ta partie { $source }) : { $side } au trait. Tu as joué { $played } ici ; trouve une meilleure réponse.
puzzle-mine-none = Tu n'as pas encore d'exercices à toi : fais d'abord analyser une de tes parties terminées avec `/analyse`.
puzzle-mine-all-solved = Tu as résolu les { $count } exercices tirés de tes erreurs : fais analyser une autre de tes parties terminées avec `/analyse` pour en avoir d'autres.
puzzle-mine-as-good = { $answer } (aussi bon que { $expected } de l'ordinateur)
puzzle-mine-unrated = Non classé (un exercice tiré de ta propre partie).
puzzle-picked = Ta réponse : `{ $answer }`.
puzzle-picker-stale = Cette question n'est plus celle de ton exercice en cours : réponds à la plus récente, ou demande `/exercice`.
puzzle-picker-not-yours = Cet exercice est celui de quelqu'un d'autre : `/exercice` t'en montre un à toi.
puzzle-web-line = Le résoudre sur le web : { $url }
cmd-settings-puzzle-channel-name = exercice-salon
cmd-settings-puzzle-channel-description = Modérateurs : publier un exercice chaque jour dans ce salon (l'active)
cmd-settings-puzzle-daily-name = exercice-quotidien
cmd-settings-puzzle-daily-description = Modérateurs : l'exercice du jour activé (dans ce salon, si aucun n'est choisi) ou non
cmd-settings-puzzle-hour-name = exercice-heure
cmd-settings-puzzle-hour-description = Modérateurs : l'heure (0-23, UTC) à laquelle l'exercice du jour est publié
puzzle-daily-on = L'exercice du jour est publié dans { $channel } chaque jour à { $hour } UTC.
puzzle-daily-off = L'exercice du jour est désactivé sur ce serveur (activé, il est publié à { $hour } UTC).
puzzle-daily-title = **Exercice du jour, { $date }** : { $game }, { $side } au trait (classé { $rating }).
puzzle-daily-how = Appuie sur Résoudre pour répondre en privé : ton premier essai d'aujourd'hui compte, et la publication de demain nomme les premiers à l'avoir résolu.
puzzle-daily-thread = Exercice du jour { $date }
puzzle-daily-discuss = Discutez-en dans { $thread } (pas de solution dans ce salon, s'il vous plaît).
puzzle-daily-yesterday = L'exercice `{ $id }` du { $date } a été résolu par { $count ->
    [one] une personne
   *[other] { $count } personnes
} ; les premiers : { $names }.
    [one] une personne
   *[other] { $count } personnes
} ; les premiers : { $names }.
puzzle-daily-yesterday-none = Personne n'a résolu l'exercice `{ $id }` du { $date }.
puzzle-daily-over = Cet exercice du jour est terminé : la publication d'aujourd'hui a son propre bouton Résoudre, et `/exercice` t'en montre un autre.
puzzle-daily-tried = Tu as déjà essayé l'exercice d'aujourd'hui : cet essai ne compte pas pour lui.
button-solve = Résoudre
