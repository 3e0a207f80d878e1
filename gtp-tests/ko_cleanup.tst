# ko=cleanup (spec section 7): a main phase under simple ko and territory
# scoring; two passes start cleanup phase 1, two more phase 2, two more end the
# game. In the cleanup phases a ko-move (basic ko capture) marks its stone as
# ko-recapture-blocked; a ko-move may not capture a marked stone nor repeat the
# same player's ko-move on the same point from the same grid in the phase; an
# unblock (`play c V` at the blocked ko-move's point, or `play c W` on the marked
# stone) removes a mark without changing the grid. No-result holds in every phase.
1 koban-rules ko=cleanup
#? [ko=cleanup scoring=territory suicide=forbidden handicap=n]
#
# Case T1 in the bottom five rows of a 7x7 board (see ko_basic.tst):
#    A B C D E F G
#  5 . X O . . . .
#  4 X O . O . . .
#  3 . X O . X X X
#  2 . . . . X O O
#  1 . . . . X . .
boardsize 7
komi 0
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
2 koban-ko_state phase
#? [phase: main]
# Main phase: simple ko. B C4 captures B4; W B4 at once is illegal.
3 play b c4
#? []
4 koban-ko_state ko-point
#? [ko-point: B4]
5 koban-ko_state blocked
#? [blocked:]
play w b4
# koban-error: [illegal move]
# W pass, B pass: the main phase ends and cleanup phase 1 begins.
7 play w pass
#? []
8 play b pass
#? []
9 koban-ko_state phase
#? [phase: cleanup-1]
10 koban-ko_state over
#? [over: no]
#
# The spec's cleanup case. B pass, W pass: phase 1, White moved last, so Black.
clear_board
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
play b pass
play w pass
11 koban-ko_state phase
#? [phase: cleanup-1]
# B C4 captures B4: a ko-move, so C4 is marked.
12 play b c4
#? []
13 koban-ko_state blocked
#? [blocked: C4]
14 koban-ko_state ko-point
#? []
# W B4 would capture the marked C4: instead `play w b4` is the unblock, listed
# at B4 by all_legal. The grid does not change.
15 is_legal w b4
#? [1]
16 all_legal w
#? [.*B4.*]
17 play w b4
#? []
18 koban-ko_state blocked
#? [blocked:]
19 list_stones black
#? [E1 E2 B3 E3 F3 G3 A4 C4 B5]
20 list_stones white
#? [F2 G2 C3 D4 C5]
# An unblock is not a pass: B pass now is the first pass of a run.
21 play b pass
#? []
22 koban-ko_state phase
#? [phase: cleanup-1]
# W B4 now captures C4 (no longer marked; White's first ko-move here): B4 marked.
23 play w b4
#? []
24 list_stones black
#? [E1 E2 B3 E3 F3 G3 A4 B5]
25 koban-ko_state blocked
#? [blocked: B4]
# B C4 would capture the marked B4: it is Black's unblock.
26 play b c4
#? []
27 koban-ko_state blocked
#? [blocked:]
28 play w pass
#? []
# B C4 is now a plain ko-move on C4 from the very grid Black already made it
# from (P0) in this phase: illegal.
29 is_legal b c4
#? [0]
play b c4
# koban-error: [illegal move]
31 all_legal b
#? [!.*C4.*]
#
# The other encoding: `play w c4` on the marked stone itself is the same unblock.
clear_board
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
play b pass
play w pass
play b c4
32 is_legal w c4
#? [1]
33 all_legal w
#? [!.*C4.*]
34 play w c4
#? []
35 koban-ko_state blocked
#? [blocked:]
36 list_stones black
#? [E1 E2 B3 E3 F3 G3 A4 C4 B5]
# An unmarked stone is just an occupied point.
play w c4
# koban-error: [illegal move]
101 list_stones white
#? [!.*C4.*]
#
# Ko threats do not lift a block: after B C4 (marked), W A6, B A7, W B4 is still
# the unblock, not a capture.
clear_board
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
play b pass
play w pass
play b c4
play w a6
play b a7
38 play w b4
#? []
39 list_stones black
#? [E1 E2 B3 E3 F3 G3 A4 C4 B5 A7]
# In the main phase the same threat exchange lets White retake (simple ko).
clear_board
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
play b c4
play w a6
play b a7
40 play w b4
#? []
41 list_stones black
#? [E1 E2 B3 E3 F3 G3 A4 B5 A7]
#
# Snapback in phase 1: W F1 takes G1 but joins F2-G2 (not a ko-move), B G1 takes
# three: no marks.
clear_board
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
play b pass
play w pass
42 play b g1
#? []
43 play w f1
#? []
44 play b g1
#? []
45 list_stones white
#? [C3 B4 D4 C5]
46 koban-ko_state blocked
#? [blocked:]
# Snapback in the main phase (simple ko): the same three plays.
clear_board
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
play b g1
play w f1
47 play b g1
#? []
48 list_stones white
#? [C3 B4 D4 C5]
#
# Sending two returning one (5x5, see ko_superko.tst): no play is a basic ko, so
# the main phase (simple ko) allows the cycle and its repetition after a pass.
#  5 . . . . .
#  4 X X . . .
#  3 . X . . .
#  2 X O . . .
#  1 . O . . .
boardsize 5
gogui-setup b a4 b b4 b b3 b a2 w b2 w b1
play b a1
play w a3
49 play b a2
#? []
play w pass
50 play b a1
#? []
51 play w a3
#? []
boardsize 7
#
# A quiet game takes six passes.
clear_board
play b d4
play w d5
play b pass
play w pass
52 koban-ko_state phase
#? [phase: cleanup-1]
play b pass
play w pass
53 koban-ko_state phase
#? [phase: cleanup-2]
play b pass
54 koban-ko_state over
#? [over: no]
play w pass
55 koban-ko_state over
#? [over: yes]
#
# Case T2 (triple ko) in the bottom six rows of a 7x7 board (see ko_triple.tst).
#    A B C D E F G
#  6 O O O O O O O
#  5 O X O . O . O
#  4 X . X O X O X
#  3 X X X X X X X
#  2 O O O O O O O
#  1 . . . . . . .
# Main phase: simple ko, all legal; repeating the six plays, the twelfth ends
# the game with no result.
clear_board
gogui-setup w a6 w b6 w c6 w d6 w e6 w f6 w g6 w a5 b b5 w c5 w e5 w g5 b a4 b c4 w d4 b e4 w f4 b g4 b a3 b b3 b c3 b d3 b e3 b f3 b g3 w a2 w b2 w c2 w d2 w e2 w f2 w g2
play b d5
play w b4
play b f5
play w d4
play b b5
56 play w f4
#? []
play b d5
play w b4
play b f5
play w d4
play b b5
57 koban-ko_state over
#? [over: no]
58 play w f4
#? []
59 koban-ko_state over
#? [over: no-result]
final_score
# koban-error: [cannot score: no result]
102 koban-ko_state over
#? [over: no-result]
# Phase 1: each capture is a ko-move and marks its stone; W D4 would capture the
# marked D5, so it is White's unblock (D4 stays empty, D5 stays).
clear_board
gogui-setup w a6 w b6 w c6 w d6 w e6 w f6 w g6 w a5 b b5 w c5 w e5 w g5 b a4 b c4 w d4 b e4 w f4 b g4 b a3 b b3 b c3 b d3 b e3 b f3 b g3 w a2 w b2 w c2 w d2 w e2 w f2 w g2
play b pass
play w pass
play b d5
play w b4
play b f5
61 koban-ko_state blocked
#? [blocked: B4 D5 F5]
62 play w d4
#? []
63 koban-ko_state blocked
#? [blocked: B4 F5]
64 list_stones black
#? [A3 B3 C3 D3 E3 F3 G3 A4 C4 E4 G4 D5 F5]
#
# Eternal life in cleanup phase 1 (four-play cycle on the bottom edge, White to
# play; see ko_geneva.tst for the liberty count). No play is a ko-move, so the
# cycle runs; the situation after the last pass (P0, White to move) occurs a
# third time with the eighth play: no result.
#  3 X X X O O O .
#  2 X X X O O O .
#  1 X . . X . O .
clear_board
gogui-setup b a3 b b3 b c3 b a2 b b2 b c2 b a1 b d1 w d3 w e3 w f3 w d2 w e2 w f2 w f1
gogui-setup_player w
play w pass
play b pass
65 koban-ko_state phase
#? [phase: cleanup-1]
play w b1
play b e1
play w c1
play b d1
play w b1
play b e1
play w c1
66 koban-ko_state over
#? [over: no]
67 play b d1
#? []
68 koban-ko_state over
#? [over: no-result]
#
# Scoring from the start of phase 2 (5x5). The white stone B4 is dead:
#    A B C D E
#  5 . . X O .
#  4 . O X O .
#  3 . . X O .
#  2 . . X O .
#  1 . . X O .
# In the main phase the count takes off the estimated dead stones (B4): Black's
# A-B region 10 + 1 prisoner, White's E column 5: B+6.
boardsize 5
gogui-setup b c1 b c2 b c3 b c4 b c5 w d1 w d2 w d3 w d4 w d5 w b4
691 final_status_list dead
#? [B4]
69 final_score
#? [B\+6]
play b pass
play w pass
play b pass
play w pass
70 koban-ko_state phase
#? [phase: cleanup-2]
# Phase 2: Black surrounds B4 (B5, B3, A4 captures it: a stone of the phase-2
# start captured in phase 2, so dead); White throws in A1, which Black takes
# with A2 and B1 (a stone placed in phase 2: an ordinary prisoner).
#   after B B5, W A1, B B3     after B A4            after B A2, B B1
#  5 . X X O .                5 . X X O .           5 . X X O .
#  4 . O X O .   B4: lib A4   4 X . X O .           4 X . X O .
#  3 . X X O .                3 . X X O .           3 . X X O .
#  2 . . X O .   A1: libs     2 . . X O .           2 X . X O .   A1 had only B1
#  1 O . X O .   A2 B1        1 O . X O .  B4 taken 1 . X X O .   A1 taken
play b b5
play w a1
play b b3
play w pass
play b a4
play w pass
play b a2
play w pass
play b b1
play w pass
71 koban-ko_state over
#? [over: no]
play b pass
72 koban-ko_state over
#? [over: yes]
# The start-of-phase-2 position without B4: Black's A-B region is 10 points,
# White's E column 5. Prisoners: Black 2 (B4, A1), White 0. 12 - 5.
73 final_score
#? [B\+7]
