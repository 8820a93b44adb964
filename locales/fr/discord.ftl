# Les textes du front Discord et du terminal : ce qui manque ici est dit en anglais.
