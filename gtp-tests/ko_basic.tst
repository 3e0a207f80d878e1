# Case T1 of the ko-rules spec (section 9) under simple, positional and
# situational ko. GTP boards are square, so T1 (7x5) sits in the bottom five rows
# of a 7x7 board with rows 6 and 7 empty; no play below touches those rows, so
# every legality below is the same as on 7x5.
#
#    A B C D E F G
#  5 . X O . . . .
#  4 X O . O . . .
#  3 . X O . X X X
#  2 . . . . X O O
#  1 . . . . X . .
boardsize 7
koban-rules ko=simple
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
# B C4 captures B4 (a basic ko); the immediate retake is illegal.
1 play b c4
#? []
2 list_stones white
#? [F2 G2 C3 D4 C5]
3 koban-ko_state
#? [ko: simple(\n.*)?]
4 is_legal w b4
#? [0]
play w b4
# koban-error: [illegal move]
6 all_legal w
#? [!.*B4.*]
# A ko threat and its answer clear the ban.
7 play w a6
#? []
8 play b a7
#? []
9 play w b4
#? []
10 list_stones black
#? [E1 E2 B3 E3 F3 G3 A4 B5 A7]
# The same under positional and situational superko (replayed after a rules change).
clear_board
koban-rules ko=positional
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
11 play b c4
#? []
play w b4
# koban-error: [illegal move]
13 koban-rules ko=situational
#? [ko=situational scoring=area suicide=forbidden handicap=n]
14 is_legal w b4
#? [0]
# Snapback stays legal everywhere: B G1, W F1 captures G1, B G1 takes three.
15 play w pass
#? []
16 play b g1
#? []
17 play w f1
#? []
18 play b g1
#? []
19 list_stones white
#? [C3 D4 C5]
20 koban-rules ko=simple
#? [ko=simple scoring=area suicide=forbidden handicap=n]
21 list_stones white
#? [C3 D4 C5]
22 koban-rules ko=positional
#? [ko=positional scoring=area suicide=forbidden handicap=n]
23 list_stones white
#? [C3 D4 C5]
# Two passes end the game.
clear_board
koban-rules ko=simple
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
play b c4
24 koban-ko_state over
#? [over: no]
240 koban-ko_state ko-point
#? [ko-point: B4]
play w pass
25 koban-ko_state over
#? [over: no]
play b pass
26 koban-ko_state over
#? [over: yes]
27 koban-ko_state phase
#? [phase: main]
28 koban-ko_state ko-point
#? []
koban-ko_state colour
# koban-error: [unknown key 'colour'.*]
# A play after the end resumes the game (as on KGS after a dispute). The passes
# cleared the ko point, so under simple ko White may now retake.
30 play w b4
#? []
31 koban-ko_state over
#? [over: no]
32 koban-ko_state ko-point
#? [ko-point: C4]
33 showboard
#? [(A B C D E F G\n.*)?]
