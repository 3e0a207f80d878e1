# Rule presets, kgs-rules, koban-rules and koban-ko_state.
boardsize 9
clear_board
1 koban-rules
#? [ko=positional scoring=area suicide=forbidden handicap=n]
2 kgs-rules japanese
#? []
3 koban-rules
#? [ko=simple scoring=territory suicide=forbidden handicap=none]
4 kgs-rules aga
#? []
5 koban-rules
#? [ko=situational scoring=area suicide=forbidden handicap=n-1]
6 kgs-rules new_zealand
#? []
7 koban-rules
#? [ko=situational scoring=area suicide=allowed handicap=none]
8 kgs-rules chinese
#? []
9 koban-rules
#? [ko=positional scoring=area suicide=forbidden handicap=n]
# kgs-rules takes KGS names only, and a failure changes nothing.
kgs-rules tromp-taylor
# koban-error: [unknown rules.*]
101 koban-rules
#? [ko=positional scoring=area suicide=forbidden handicap=n]
kgs-rules klingon
# koban-error: [unknown rules.*]
12 koban-rules
#? [ko=positional scoring=area suicide=forbidden handicap=n]
# koban-rules applies its arguments left to right.
13 koban-rules tromp-taylor
#? [ko=positional scoring=area suicide=allowed handicap=none]
14 koban-rules japanese ko=situational
#? [ko=situational scoring=territory suicide=forbidden handicap=none]
15 koban-rules ko=simple scoring=area suicide=allowed
#? [ko=simple scoring=area suicide=allowed handicap=none]
16 koban-rules chinese
#? [ko=positional scoring=area suicide=forbidden handicap=n]
# Unknown names and keys fail, list the accepted values, and change nothing.
koban-rules ko=bogus
# koban-error: [unknown ko variant 'bogus'; variants: simple positional situational.*]
102 koban-rules
#? [ko=positional scoring=area suicide=forbidden handicap=n]
koban-rules klingon
# koban-error: [unknown preset 'klingon'; presets: chinese japanese aga new_zealand tromp-taylor.*]
103 koban-rules
#? [ko=positional scoring=area suicide=forbidden handicap=n]
koban-rules colour=blue
# koban-error: [unknown key 'colour'.*]
104 koban-rules
#? [ko=positional scoring=area suicide=forbidden handicap=n]
koban-rules scoring=stones
# koban-error: [unknown scoring 'stones'; scoring: area territory]
105 koban-rules
#? [ko=positional scoring=area suicide=forbidden handicap=n]
koban-rules suicide=sometimes
# koban-error: [unknown suicide 'sometimes'; suicide: allowed forbidden]
106 koban-rules
#? [ko=positional scoring=area suicide=forbidden handicap=n]
koban-rules japanese ko=bogus
# koban-error: [unknown ko variant.*]
23 koban-rules
#? [ko=positional scoring=area suicide=forbidden handicap=n]
# koban-ko_state: one key: value per line, ko first.
24 koban-ko_state
#? [ko: positional(\n.*)?]
25 kgs-rules japanese
#? []
26 koban-ko_state
#? [ko: simple(\n.*)?]
# Rules persist across clear_board and boardsize.
27 boardsize 13
#? []
28 koban-rules
#? [ko=simple scoring=territory suicide=forbidden handicap=none]
