# Board basics: size, play, captures, legality queries, undo, showboard.
1 boardsize 9
#? []
2 clear_board
#? []
3 komi 6.5
#? []
4 play b e5
#? []
play w E5
# koban-error: [illegal move]
6 list_stones black
#? [E5]
7 is_legal w e5
#? [0]
8 is_legal w D5
#? [1]
9 is_legal b pass
#? [1]
# Corner capture: Black takes A1 with B1.
10 play w a1
#? []
11 play b a2
#? []
12 play b b1
#? []
13 list_stones white
#? []
14 showboard
#? [(A B C D E F G H J\n.*)?]
# The empty corner is now White's single-stone suicide.
15 is_legal w a1
#? [0]
play w a1
# koban-error: [illegal move]
17 undo
#? []
18 list_stones white
#? [A1]
19 play w pass
#? []
20 undo
#? []
21 undo
#? []
22 undo
#? []
23 undo
#? []
24 list_stones black
#? []
undo
# koban-error: [cannot undo]
# all_legal lists every legal point, bottom row first.
26 boardsize 2
#? []
27 all_legal b
#? [A1 B1 A2 B2]
28 play b a1
#? []
29 play w b2
#? []
30 all_legal b
#? [B1 A2]
# White A2 captures A1 and B1, so it is legal; nothing else is.
31 play b b1
#? []
32 all_legal w
#? [A2]
33 boardsize 19
#? []
34 play b t19
#? []
35 play w a1
#? []
36 list_stones black
#? [T19]
37 clear_board
#? []
38 list_stones black
#? []
