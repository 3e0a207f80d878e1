# Case T2 of the ko-rules spec: triple ko. GTP boards are square, so T2 (7x6) sits
# in the bottom six rows of a 7x7 board; row 7 stays empty and only widens the
# White chain of row 6, which is never in atari in these sequences.
#
#    A B C D E F G
#  6 O O O O O O O
#  5 O X O . O . O
#  4 X . X O X O X
#  3 X X X X X X X
#  2 O O O O O O O
#  1 . . . . . . .
#
# Sequence B D5, W B4, B F5, W D4, B B5, W F4: each captures one stone, and the
# sixth recreates P0 with Black to move.
boardsize 7
koban-rules ko=positional
gogui-setup w a6 w b6 w c6 w d6 w e6 w f6 w g6 w a5 b b5 w c5 w e5 w g5 b a4 b c4 w d4 b e4 w f4 b g4 b a3 b b3 b c3 b d3 b e3 b f3 b g3 w a2 w b2 w c2 w d2 w e2 w f2 w g2
# positional: moves 1 to 5 legal, W F4 illegal.
1 play b d5
#? []
2 play w b4
#? []
3 play b f5
#? []
4 play w d4
#? []
5 play b b5
#? []
play w f4
# koban-error: [illegal move]
7 is_legal w f4
#? [0]
# Undo across the ban: taking back B B5 and replaying it is legal (its position
# left the history with the undo), and the ban on W F4 comes back with it.
8 undo
#? []
9 play b b5
#? []
10 is_legal w f4
#? [0]
# situational (the rules change replays the game): the same ban.
11 koban-rules ko=situational
#? [ko=situational scoring=area suicide=forbidden handicap=n]
play w f4
# koban-error: [illegal move]
# simple: all six legal; repeating them, the twelfth ends the game with no result.
13 koban-rules ko=simple
#? [ko=simple scoring=area suicide=forbidden handicap=n]
14 play w f4
#? []
15 koban-ko_state over
#? [over: no]
play b d5
play w b4
play b f5
play w d4
play b b5
16 koban-ko_state over
#? [over: no]
17 play w f4
#? []
18 koban-ko_state over
#? [over: no-result]
final_score
# koban-error: [cannot score: no result]
# Undo takes the no-result away again.
20 undo
#? []
21 koban-ko_state over
#? [over: no]
# Passes restart the count, and the situation right after the last pass counts:
# (S5, White to move) follows Black's pass, so its third occurrence comes with
# the eleventh play after the resumption.
22 play w pass
#? []
23 play b pass
#? []
24 koban-ko_state over
#? [over: yes]
25 play w f4
#? []
26 koban-ko_state over
#? [over: no]
play b d5
play w b4
play b f5
play w d4
play b b5
play w f4
play b d5
play w b4
play b f5
play w d4
27 koban-ko_state over
#? [over: no]
28 play b b5
#? []
29 koban-ko_state over
#? [over: no-result]
# Switching to positional superko is refused: this game breaks it.
koban-rules ko=positional
# koban-error: [move \d+ of this game is illegal under .*; rules unchanged]
31 koban-rules
#? [ko=simple scoring=area suicide=forbidden handicap=n]
