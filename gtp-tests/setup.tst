# gogui-setup and gogui-setup_player build P0; setup is not a move.
boardsize 5
clear_board
1 gogui-setup b a1 w b1 b c3 e d4
#? []
2 list_stones black
#? [A1 C3]
3 list_stones white
#? [B1]
4 gogui-setup_player w
#? []
5 printsgf
#? [.*AB\[ae\]\[cc\]AW\[be\]PL\[W\]\)?]
# Setups accumulate; e empties a point.
6 gogui-setup b a2 e c3
#? []
7 list_stones black
#? [A1 A2]
# A setup that would leave a chain without liberties is refused whole.
gogui-setup w a3 w b2
# koban-error: [setup leaves a chain without liberties]
9 list_stones white
#? [B1]
10 play w c1
#? []
gogui-setup b e5
# koban-error: [setup is only possible before the first move]
101 list_stones black
#? [A1 A2]
gogui-setup_player b
# koban-error: [setup is only possible before the first move]
102 list_stones black
#? [A1 A2]
13 undo
#? []
undo
# koban-error: [cannot undo]
15 list_stones black
#? [A1 A2]
# clear_board removes the setup.
16 clear_board
#? []
17 list_stones black
#? []
