# ko=kee (spec section 5): per-player histories H(B), H(W); a board play may not
# recreate a position in the mover's own history; a pass resets the passer's
# history to the current position; the game ends when a game situation (player to
# move, position, H(B), H(W)) repeats; area scoring over the positions each
# player passed on in the cycle. At P0 the player who does not move first holds P0.
#
# Kee counts by area, so ko=kee implies scoring=area (and refuses territory).
1 koban-rules japanese ko=kee
#? [ko=kee scoring=area suicide=forbidden handicap=none]
koban-rules scoring=territory
# koban-error: [ko=kee implies scoring=area]
3 koban-rules
#? [ko=kee scoring=area suicide=forbidden handicap=none]
#
# Case T1 in the bottom five rows of a 7x7 board (see ko_basic.tst):
#    A B C D E F G
#  5 . X O . . . .
#  4 X O . O . . .
#  3 . X O . X X X
#  2 . . . . X O O
#  1 . . . . X . .
# P0 = this position; P1 = P0 after B C4 (B4 captured).
boardsize 7
komi 0
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
# B C4 captures B4. W B4 would recreate P0, which is in H(W) (Black moved first).
4 play b c4
#? []
5 is_legal w b4
#? [0]
play w b4
# koban-error: [illegal move]
7 all_legal w
#? [!.*B4.*]
# After W pass, B pass the game is not over, and W B4 is legal: White's pass
# reset H(W) to {P1}.
8 play w pass
#? []
9 play b pass
#? []
10 koban-ko_state over
#? [over: no]
# Asked before the Kee end, the count is of the current position P1 (Kee E.4):
# Black 9 stones + B4 (bordered by Black only) = 10; White 5 stones; all other
# regions touch both colours.
11 final_score
#? [B\+5]
#
# A lone ko with passes: Kee's longer ending. Situations are written
# (to move, position, H(B), H(W)); S0 = (B, P0, {}, {P0}).
#   1 B C4   (W, P1, {P1}, {P0})
#   2 W pass (B, P1, {P1}, {P1})
#   3 B pass (W, P1, {P1}, {P1})       <- first occurrence
#   4 W B4   (B, P0, {P1}, {P1,P0})    P0 not in H(W) = {P1}
#   - B C4 illegal: P1 is in H(B) = {P1}
#   5 B pass (W, P0, {P0}, {P1,P0})
#   6 W pass (B, P0, {P0}, {P0})
#   7 B C4   (W, P1, {P0,P1}, {P0})    P1 not in H(B) = {P0}
#   - W B4 illegal: P0 is in H(W) = {P0}
#   8 W pass (B, P1, {P0,P1}, {P1})
#   9 B pass (W, P1, {P1}, {P1})       = turn 3: the game ends.
12 play w b4
#? []
13 is_legal b c4
#? [0]
14 play b pass
#? []
15 play w pass
#? []
16 koban-ko_state over
#? [over: no]
17 play b c4
#? []
play w b4
# koban-error: [illegal move]
19 play w pass
#? []
20 koban-ko_state over
#? [over: no]
21 play b pass
#? []
22 koban-ko_state over
#? [over: yes]
# Scoring: after turn 3 Black passed on P0 (turn 5) and P1 (turn 9), White on P0
# (turn 6) and P1 (turn 8). Each takes her best position:
#   P1: Black 10 (9 stones + B4), White 5.
#   P0: Black 8 stones; White 6 stones + C4 (bordered by White only) = 7.
# Black max(8, 10) = 10, White max(7, 5) = 7: B+3 at komi 0.
23 final_score
#? [B\+3]
24 komi 7.5
#? []
25 final_score
#? [W\+4\.5]
# Undo takes the end away.
26 undo
#? []
27 koban-ko_state over
#? [over: no]
#
# A quiet game ends on the fourth pass (the passes first make the histories
# equal, then the situation repeats). Empty 7x7: B D4 (Pa), W D5 (Pb):
#   B pass (W, Pb, {Pb}, {P0,Pb})   W pass (B, Pb, {Pb}, {Pb})
#   B pass (W, Pb, {Pb}, {Pb})      W pass (B, Pb, {Pb}, {Pb}) repeats.
clear_board
play b d4
play w d5
play b pass
play w pass
28 koban-ko_state over
#? [over: no]
play b pass
29 koban-ko_state over
#? [over: no]
30 play w pass
#? []
31 koban-ko_state over
#? [over: yes]
# Both passed on the same position: an ordinary area count (1 stone each; the
# rest is one region touching both).
32 final_score
#? [W\+7\.5]
# With no move at all, H(W) already holds P0, so three passes suffice:
# B pass (W, P0, {P0}, {P0}), W pass (B, ...), B pass repeats the first.
clear_board
play b pass
play w pass
33 koban-ko_state over
#? [over: no]
play b pass
34 koban-ko_state over
#? [over: yes]
#
# Case T2 (triple ko) in the bottom six rows of a 7x7 board (see ko_triple.tst).
# As situational: moves 1 to 5 legal, W F4 illegal (P0 is in H(W)).
clear_board
gogui-setup w a6 w b6 w c6 w d6 w e6 w f6 w g6 w a5 b b5 w c5 w e5 w g5 b a4 b c4 w d4 b e4 w f4 b g4 b a3 b b3 b c3 b d3 b e3 b f3 b g3 w a2 w b2 w c2 w d2 w e2 w f2 w g2
35 play b d5
#? []
36 play w b4
#? []
37 play b f5
#? []
38 play w d4
#? []
39 play b b5
#? []
play w f4
# koban-error: [illegal move]
102 is_legal w f4
#? [0]
# A White pass empties H(W) of P0: after B pass the same W F4 is legal.
41 play w pass
#? []
42 play b pass
#? []
43 play w f4
#? []
#
# Snapback: B G1, W F1 takes G1, B G1 takes F1 F2 G2: all new positions.
clear_board
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
44 play b g1
#? []
45 play w f1
#? []
46 play b g1
#? []
47 list_stones white
#? [C3 B4 D4 C5]
#
# Ko threat exchange: B C4, W A6, B A7, then W B4 makes a position new to H(W).
clear_board
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
play b c4
play w a6
play b a7
48 play w b4
#? []
#
# Sending two returning one (5x5, see ko_superko.tst):
#  5 . . . . .
#  4 X X . . .
#  3 . X . . .
#  2 X O . . .
#  1 . O . . .
# B A1 (A1-A2 in atari), W A3 takes two, B A2 takes A3 and recreates P0. P0 is in
# H(W) only, so B A2 is legal (as under situational superko).
boardsize 5
gogui-setup b a4 b b4 b b3 b a2 w b2 w b1
49 play b a1
#? []
50 play w a3
#? []
51 play b a2
#? []
# With a White pass in between, sending two again recreates P1, in H(B).
52 play w pass
#? []
53 is_legal b a1
#? [0]
# Without a pass (White plays elsewhere), the position differs: legal.
54 undo
#? []
55 play w e5
#? []
56 play b a1
#? []
#
# Eternal life (four-play cycle on the bottom edge of 7x7, White to play; see
# ko_geneva.tst for the liberty count):
#  3 X X X O O O .
#  2 X X X O O O .
#  1 X . . X . O .
# White moves first, so H(B) holds P0: B D1, which would recreate P0, is illegal.
boardsize 7
gogui-setup b a3 b b3 b c3 b a2 b b2 b c2 b a1 b d1 w d3 w e3 w f3 w d2 w e2 w f2 w f1
gogui-setup_player w
57 play w b1
#? []
58 play b e1
#? []
59 play w c1
#? []
60 is_legal b d1
#? [0]
play b d1
# koban-error: [illegal move]
101 is_legal b d1
#? [0]
