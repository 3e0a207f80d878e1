# genmove and reg_genmove.
boardsize 9
clear_board
1 genmove b
#? [[A-HJ][1-9]|pass]
2 reg_genmove w
#? [[A-HJ][1-9]|pass]
# reg_genmove plays nothing.
3 list_stones white
#? []
4 genmove w
#? [[A-HJ][1-9]|pass]
5 list_stones white
#? [[A-HJ][1-9]]
# Black's only empty point is its own eye: Black passes, White captures.
boardsize 3
gogui-setup b a1 b b1 b c1 b a2 b c2 b a3 b b3 b c3
6 genmove b
#? [pass]
7 genmove w
#? [B2]
8 list_stones black
#? []
9 reg_genmove b
#? [[A-C][1-3]|pass]
