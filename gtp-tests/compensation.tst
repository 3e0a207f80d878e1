# Handicap compensation under area scoring (ko-rules.md section 8): White's
# count gets H points under chinese, H - 1 under aga, none under new_zealand,
# tromp-taylor and territory scoring. 9x9 with three handicap stones and komi
# 0.5: Black's area is 81, so B+80.5 less the compensation.
1 koban-rules chinese
#? [ko=positional scoring=area suicide=forbidden handicap=n]
boardsize 9
clear_board
komi 0.5
2 set_free_handicap C3 G7 C7
#? []
play w pass
play b pass
3 final_score
#? [B\+77\.5]
4 koban-rules aga
#? [ko=situational scoring=area suicide=forbidden handicap=n-1]
5 final_score
#? [B\+78\.5]
6 koban-rules new_zealand
#? [ko=situational scoring=area suicide=allowed handicap=none]
7 final_score
#? [B\+80\.5]
8 koban-rules tromp-taylor
#? [ko=positional scoring=area suicide=allowed handicap=none]
9 final_score
#? [B\+80\.5]
# The key on its own, and territory scoring: 78 points of territory, no
# compensation even with handicap=n.
10 koban-rules chinese handicap=n-1
#? [ko=positional scoring=area suicide=forbidden handicap=n-1]
11 final_score
#? [B\+78\.5]
12 koban-rules handicap=n scoring=territory
#? [ko=positional scoring=territory suicide=forbidden handicap=n]
13 final_score
#? [B\+77\.5]
14 kgs-rules japanese
#? []
15 koban-rules
#? [ko=simple scoring=territory suicide=forbidden handicap=none]
16 kgs-rules aga
#? []
17 final_score
#? [B\+78\.5]
# fixed_handicap and place_free_handicap count the same way.
18 koban-rules chinese
#? [ko=positional scoring=area suicide=forbidden handicap=n]
boardsize 19
19 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]
play w pass
play b pass
20 final_score
#? [B\+351\.5]
21 koban-rules aga
#? [ko=situational scoring=area suicide=forbidden handicap=n-1]
22 final_score
#? [B\+352\.5]
boardsize 9
23 place_free_handicap 2
#? [C3 G7]
play w pass
play b pass
24 final_score
#? [B\+79\.5]
25 koban-rules chinese
#? [ko=positional scoring=area suicide=forbidden handicap=n]
26 final_score
#? [B\+78\.5]
# A new game has no handicap; stones set up with gogui-setup are not handicap.
clear_board
play b pass
play w pass
27 final_score
#? [W\+0\.5]
clear_board
28 gogui-setup b C3 b G7 b C7
#? []
play w pass
play b pass
29 final_score
#? [B\+80\.5]
