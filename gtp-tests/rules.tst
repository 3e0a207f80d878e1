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
10 kgs-rules tromp-taylor
#? [unknown rules.*]*
11 kgs-rules klingon
#? [unknown rules.*]*
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
17 koban-rules ko=bogus
#? [unknown ko variant 'bogus'; variants: simple positional situational.*]*
18 koban-rules klingon
#? [unknown preset 'klingon'; presets: chinese japanese aga new_zealand tromp-taylor.*]*
19 koban-rules colour=blue
#? [unknown key 'colour'.*]*
20 koban-rules scoring=stones
#? [unknown scoring 'stones'; scoring: area territory]*
21 koban-rules suicide=sometimes
#? [unknown suicide 'sometimes'; suicide: allowed forbidden]*
22 koban-rules japanese ko=bogus
#? [unknown ko variant.*]*
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
