# ko=geneva (spec section 4): no ko restriction; a play that recreates an earlier
# position keeps its captures but its stone is removed and forfeited to the
# opponent. `forfeits: B n W n` counts the stones forfeited TO each colour (the
# spec's own case: White's forfeit reads `forfeits: B 1 W 0`).
#
# Case T1 sits in the bottom five rows of a 7x7 board (see ko_basic.tst):
#    A B C D E F G
#  5 . X O . . . .
#  4 X O . O . . .
#  3 . X O . X X X
#  2 . . . . X O O
#  1 . . . . X . .
# All seven variants are offered; an unknown one is refused with the list.
koban-rules ko=bogus
# koban-error: [unknown ko variant 'bogus'; variants: simple positional situational geneva kee ing-spight cleanup]
101 koban-rules
#? [ko=positional scoring=area suicide=forbidden handicap=n]
boardsize 7
komi 0
2 koban-rules ko=geneva
#? [ko=geneva scoring=area suicide=forbidden handicap=n]
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
3 koban-ko_state forfeits
#? [forfeits: B 0 W 0]
# B C4 captures B4 (B4 had one liberty, C4). A basic ko, but nothing is banned:
4 play b c4
#? []
5 is_legal w b4
#? [1]
6 all_legal w
#? [.*B4.*]
7 koban-ko_state ko-point
#? []
# W B4 captures C4 (its only liberty was B4) and recreates P0: the capture stands,
# B4 is removed again and forfeited to Black.
#  4 X . . O . . .     (B4 and C4 both empty)
8 play w b4
#? []
9 list_stones white
#? [F2 G2 C3 D4 C5]
10 list_stones black
#? [E1 E2 B3 E3 F3 G3 A4 B5]
11 koban-ko_state forfeits
#? [forfeits: B 1 W 0]
12 koban-ko_state
#? [ko: geneva(\n.*)?]
# The count takes off the dead stones first: White F2 G2 (two liberties inside
# Black's corner).
131 final_status_list dead
#? [F2 G2]
# Area: Black 8 stones + the corner F1 G1 F2 G2 = 12, White 3 stones; every
# other empty region touches both colours; the forfeit moves one point to
# Black: 13 - 3.
13 final_score
#? [B\+10]
# Territory: Black's corner 4; prisoners Black 1 (B4) + 1 forfeit + 2 dead,
# White 1 (C4): 8 - 1. The rules change replays the game under the new scoring.
14 koban-rules scoring=territory
#? [ko=geneva scoring=territory suicide=forbidden handicap=n]
15 final_score
#? [B\+7]
16 koban-ko_state forfeits
#? [forfeits: B 1 W 0]
# Undo takes the forfeit back with the play.
17 undo
#? []
18 koban-ko_state forfeits
#? [forfeits: B 0 W 0]
19 list_stones black
#? [E1 E2 B3 E3 F3 G3 A4 C4 B5]
# The position after a forfeit is recorded and never punished twice. W B4 is
# forfeited again (P0 again), leaving P2 (B4 and C4 empty). B C4 then recreates
# P1 (after Black's first C4) and is forfeited too; the result, P2, repeats the
# position after White's forfeit, but a forfeit is not punished a second time.
play w b4
20 play b c4
#? []
21 koban-ko_state forfeits
#? [forfeits: B 1 W 1]
22 list_stones black
#? [E1 E2 B3 E3 F3 G3 A4 B5]
#
# Snapback stays a plain capture: B G1, W F1 takes G1, B G1 takes F1 F2 G2.
clear_board
koban-rules ko=geneva scoring=area
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
23 play b g1
#? []
24 play w f1
#? []
25 play b g1
#? []
26 list_stones white
#? [C3 B4 D4 C5]
27 koban-ko_state forfeits
#? [forfeits: B 0 W 0]
#
# Ko threat exchange: B C4, W A6 (threat), B A7 (answer), W B4: the position has
# the two new stones, so it is new and nothing is forfeited.
clear_board
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
play b c4
play w a6
play b a7
28 play w b4
#? []
29 list_stones white
#? [F2 G2 C3 B4 D4 C5 A6]
30 koban-ko_state forfeits
#? [forfeits: B 0 W 0]
#
# Two passes end the game.
clear_board
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
play b c4
play w pass
31 koban-ko_state over
#? [over: no]
play b pass
32 koban-ko_state over
#? [over: yes]
#
# A quiet game: two passes.
clear_board
play b d4
play w d5
play b pass
33 koban-ko_state over
#? [over: no]
play w pass
34 koban-ko_state over
#? [over: yes]
#
# Case T2 (triple ko) in the bottom six rows of a 7x7 board (see ko_triple.tst):
#    A B C D E F G
#  6 O O O O O O O
#  5 O X O . O . O
#  4 X . X O X O X
#  3 X X X X X X X
#  2 O O O O O O O
#  1 . . . . . . .
# B D5, W B4, B F5, W D4, B B5 each capture one stone; W F4 captures F5 and
# recreates P0: the capture stands and F4 is forfeited, leaving F4 and F5 empty.
#  5 O X O . O . O
#  4 X . X O X . X
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
40 koban-ko_state forfeits
#? [forfeits: B 0 W 0]
41 play w f4
#? []
42 koban-ko_state forfeits
#? [forfeits: B 1 W 0]
43 list_stones white
#? [A2 B2 C2 D2 E2 F2 G2 D4 A5 C5 E5 G5 A6 B6 C6 D6 E6 F6 G6]
44 list_stones black
#? [A3 B3 C3 D3 E3 F3 G3 A4 C4 E4 G4 B5]
# Every pseudolegal play stays legal: B F5 (liberty F4) recreates the position
# after B B5 and is forfeited in turn.
45 play b f5
#? []
46 koban-ko_state forfeits
#? [forfeits: B 1 W 1]
47 list_stones black
#? [A3 B3 C3 D3 E3 F3 G3 A4 C4 E4 G4 B5]
#
# Eternal life: a four-play cycle (throw-in, sacrifice of two, capture of two,
# recapture of two) on the bottom edge of 7x7, White to play. Rows 4-7 are empty.
# The outer groups never come near atari: Black A1-A3/B2-C3 keeps A4 B4 C4, White
# D2-F3/F1 keeps D4 E4 F4 G1 G2 G3. P0:
#    A B C D E F G
#  3 X X X O O O .
#  2 X X X O O O .
#  1 X . . X . O .      D1: liberties C1 E1
# W B1 (throw-in):
#  1 X O . X . O .      B1: liberty C1 only (A1 B2 are Black)
# B E1 (sacrifice):
#  1 X O . X X O .      D1-E1: liberty C1 only (D2 E2 F1 are White)
# W C1 captures D1 E1:
#  1 X O O . . O .      B1-C1: liberty D1 only (A1 B2 C2 are Black)
# B D1 captures B1 C1:
#  1 X . . X . O .      = P0 (D1: liberties C1 E1)
# Under Geneva B D1 recreates P0: the captures stand and D1 is forfeited to White:
#  1 X . . . . O .
clear_board
gogui-setup b a3 b b3 b c3 b a2 b b2 b c2 b a1 b d1 w d3 w e3 w f3 w d2 w e2 w f2 w f1
gogui-setup_player w
48 play w b1
#? []
49 play b e1
#? []
50 play w c1
#? []
51 play b d1
#? []
52 koban-ko_state forfeits
#? [forfeits: B 0 W 1]
53 list_stones black
#? [A1 A2 B2 C2 A3 B3 C3]
54 list_stones white
#? [F1 D2 E2 F2 D3 E3 F3]
#
# Sending two returning one (5x5, see ko_superko.tst): B A1, W A3 captures two,
# B A2 captures A3 and recreates P0, so A2 is forfeited: A1 A2 A3 all empty.
#  5 . . . . .
#  4 X X . . .
#  3 . X . . .
#  2 . O . . .
#  1 . O . . .
boardsize 5
gogui-setup b a4 b b4 b b3 b a2 w b2 w b1
55 play b a1
#? []
56 play w a3
#? []
57 play b a2
#? []
58 koban-ko_state forfeits
#? [forfeits: B 0 W 1]
59 list_stones black
#? [B3 A4 B4]
60 list_stones white
#? [B1 B2]
# Geneva never refuses: with a pass in between, or a play elsewhere, B A1 (now
# alone, liberty A2) makes a new position and is not forfeited.
61 play w pass
#? []
62 play b a1
#? []
63 koban-ko_state forfeits
#? [forfeits: B 0 W 1]
64 undo
#? []
65 undo
#? []
66 play w e5
#? []
67 play b a1
#? []
68 koban-ko_state forfeits
#? [forfeits: B 0 W 1]
