# Fixed, free and set handicap: layouts on 7, 8, 9, 13 and 19, limits, errors.
boardsize 19
clear_board
1 fixed_handicap 2
#? [D4 Q16]
clear_board
2 fixed_handicap 3
#? [D4 Q16 D16]
clear_board
3 fixed_handicap 4
#? [D4 Q16 D16 Q4]
clear_board
4 fixed_handicap 5
#? [D4 Q16 D16 Q4 K10]
clear_board
5 fixed_handicap 6
#? [D4 Q16 D16 Q4 D10 Q10]
clear_board
6 fixed_handicap 7
#? [D4 Q16 D16 Q4 D10 Q10 K10]
clear_board
7 fixed_handicap 8
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16]
clear_board
8 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]
9 list_stones black
#? [D4 K4 Q4 D10 K10 Q10 D16 K16 Q16]
fixed_handicap 2
# koban-error: [board not empty]
101 list_stones black
#? [D4 K4 Q4 D10 K10 Q10 D16 K16 Q16]
clear_board
fixed_handicap 10
# koban-error: [invalid number of stones]
102 list_stones black
#? []
fixed_handicap 1
# koban-error: [invalid number of stones]
103 list_stones black
#? []
fixed_handicap 0
# koban-error: [invalid number of stones]
14 list_stones black
#? []
# After a handicap White moves first (recorded as PL[W]).
15 fixed_handicap 2
#? [D4 Q16]
16 printsgf
#? [.*HA\[2\]AB\[dp\]\[pd\]PL\[W\]\)?]
boardsize 9
17 fixed_handicap 9
#? [C3 G7 C7 G3 C5 G5 E3 E7 E5]
clear_board
18 fixed_handicap 5
#? [C3 G7 C7 G3 E5]
boardsize 13
19 fixed_handicap 9
#? [D4 K10 D10 K4 D7 K7 G4 G10 G7]
clear_board
20 fixed_handicap 3
#? [D4 K10 D10]
# 7x7 and even sizes allow at most four stones; below 7x7 none.
boardsize 7
21 fixed_handicap 4
#? [C3 E5 C5 E3]
clear_board
fixed_handicap 5
# koban-error: [invalid number of stones]
104 list_stones black
#? []
boardsize 8
23 fixed_handicap 4
#? [C3 F6 C6 F3]
clear_board
fixed_handicap 5
# koban-error: [invalid number of stones]
105 list_stones black
#? []
boardsize 6
fixed_handicap 2
# koban-error: [invalid number of stones]
106 list_stones black
#? []
# Free handicap chosen by the engine.
boardsize 19
26 place_free_handicap 4
#? [D4 Q16 D16 Q4]
clear_board
27 place_free_handicap 12
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10( [A-HJ-T]\d+){3}]
place_free_handicap 2
# koban-error: [board not empty]
107 list_stones black
#? [D4 K4 Q4 D10 K10 Q10 D16 K16 Q16( [A-HJ-T]\d+){3}|([A-HJ-T]\d+ ){11}[A-HJ-T]\d+]
clear_board
place_free_handicap 1
# koban-error: [invalid number of stones]
108 list_stones black
#? []
boardsize 3
30 place_free_handicap 8
#? [([A-C][1-3] ){7}[A-C][1-3]]
31 list_stones white
#? []
# Free handicap chosen by the controller.
boardsize 9
32 set_free_handicap a1 b2 j9
#? []
33 list_stones black
#? [A1 B2 J9]
set_free_handicap c3 d4
# koban-error: [board not empty]
109 list_stones black
#? [A1 B2 J9]
clear_board
set_free_handicap c3 c3
# koban-error: [bad vertex list]
110 list_stones black
#? []
set_free_handicap c3
# koban-error: [bad vertex list]
111 list_stones black
#? []
set_free_handicap c3 pass
# koban-error: [bad vertex list]
112 list_stones black
#? []
set_free_handicap c3 k10
# koban-error: [bad vertex list]
39 list_stones black
#? []
# Handicap is refused once moves have been played.
40 play b e5
#? []
fixed_handicap 2
# koban-error: [board not empty]
113 list_stones black
#? [E5]
