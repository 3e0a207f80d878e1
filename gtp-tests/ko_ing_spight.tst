# ko=ing-spight (spec section 6). Ko plays: basic ko captures, and every play of
# an even cycle completed in the current pass-free run (flagged when the cycle
# closes). The current ko sequence is the all-ko suffix of the record; its stones
# still on the board are hot, and a ko play may not remove a hot stone. An odd
# cycle (found by the footprint walk-back) may be completed once per game.
#
# Case T1 in the bottom five rows of a 7x7 board (see ko_basic.tst):
#    A B C D E F G
#  5 . X O . . . .
#  4 X O . O . . .
#  3 . X O . X X X
#  2 . . . . X O O
#  1 . . . . X . .
boardsize 7
1 koban-rules ko=ing-spight
#? [ko=ing-spight scoring=area suicide=forbidden handicap=n]
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
2 koban-ko_state hot
#? [hot:]
# B C4 captures B4: a basic ko capture, so a ko play, and C4 is hot.
3 play b c4
#? []
4 koban-ko_state hot
#? [hot: C4]
# W B4 would be a ko play (basic ko capture) removing the hot C4.
5 is_legal w b4
#? [0]
play w b4
# koban-error: [illegal move]
7 all_legal w
#? [!.*B4.*]
# A ko threat ends the ko sequence (not a ko play): nothing is hot any more.
8 play w a6
#? []
9 koban-ko_state hot
#? [hot:]
10 play b a7
#? []
11 play w b4
#? []
12 koban-ko_state hot
#? [hot: B4]
# The immediate retake is refused in turn.
13 is_legal b c4
#? [0]
#
# Snapback: W F1 (joins F2-G2) and B G1 (takes three) are not basic kos, and no
# even cycle closes, so no play is a ko play and nothing is hot.
clear_board
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
14 play b g1
#? []
15 play w f1
#? []
16 play b g1
#? []
17 list_stones white
#? [C3 B4 D4 C5]
18 koban-ko_state hot
#? [hot:]
#
# Two passes end the game.
clear_board
gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 w c5 w b4 w d4 w c3 w f2 w g2
play b c4
play w pass
19 koban-ko_state hot
#? [hot:]
play b pass
20 koban-ko_state over
#? [over: yes]
#
# A quiet game: two passes.
clear_board
play b d4
play w d5
play b pass
21 koban-ko_state over
#? [over: no]
play w pass
22 koban-ko_state over
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
# B D5, W B4, B F5 are basic ko captures of stones from P0 (not hot): legal.
# W D4 would capture D5, placed by the first play of the ko sequence: illegal.
clear_board
gogui-setup w a6 w b6 w c6 w d6 w e6 w f6 w g6 w a5 b b5 w c5 w e5 w g5 b a4 b c4 w d4 b e4 w f4 b g4 b a3 b b3 b c3 b d3 b e3 b f3 b g3 w a2 w b2 w c2 w d2 w e2 w f2 w g2
23 play b d5
#? []
24 play w b4
#? []
25 play b f5
#? []
26 koban-ko_state hot
#? [hot: B4 D5 F5]
27 is_legal w d4
#? [0]
play w d4
# koban-error: [illegal move]
101 is_legal w d4
#? [0]
#
# Eternal life: a four-play cycle on the bottom edge of 7x7, White to play:
#    A B C D E F G
#  3 X X X O O O .
#  2 X X X O O O .
#  1 X . . X . O .
# W B1 throw-in (one liberty, C1); B E1 (D1-E1 down to one liberty, C1);
# W C1 takes D1 E1 (B1-C1 then has one liberty, D1); B D1 takes B1 C1: P0 again.
# None is a basic ko. B D1 closes an even cycle (four plays, four distinct
# positions) so all four become ko plays; the sequence before B D1 was empty, so
# its capture is allowed: one full cycle is allowed.
clear_board
gogui-setup b a3 b b3 b c3 b a2 b b2 b c2 b a1 b d1 w d3 w e3 w f3 w d2 w e2 w f2 w f1
gogui-setup_player w
29 play w b1
#? []
30 koban-ko_state hot
#? [hot:]
31 play b e1
#? []
32 play w c1
#? []
33 koban-ko_state hot
#? [hot:]
34 play b d1
#? []
35 koban-ko_state hot
#? [hot: D1]
# Second time round each play closes an even cycle of four again (a ko play).
# W B1 and B E1 remove nothing: legal. W C1 would remove D1 and E1, both placed
# by plays of the current ko sequence: the first capture is illegal.
36 play w b1
#? []
37 play b e1
#? []
38 koban-ko_state hot
#? [hot: B1 D1 E1]
39 is_legal w c1
#? [0]
play w c1
# koban-error: [illegal move]
102 is_legal w c1
#? [0]
#
# Sending two returning one (5x5, see ko_superko.tst): an odd cycle.
#  5 . . . . .
#  4 X X . . .
#  3 . X . . .
#  2 X O . . .
#  1 . O . . .
# B A1 (A1-A2 in atari), W A3 takes A1 A2, B A2 takes A3: P0 again after three
# plays. Walking back from B A2 (footprint A2 A3): W A3 is related (footprint
# A1 A2 A3, colours differ), B A1 is related and before it the footprint shows
# what B A2 left: three related plays, an odd cycle, completed for the first time.
boardsize 5
gogui-setup b a4 b b4 b b3 b a2 w b2 w b1
41 play b a1
#? []
42 play w a3
#? []
43 play b a2
#? []
# With a pass in between, B A1 again: walking back (the pass skipped), B A2 and
# W A3 are related and the footprint before W A3 equals the one after this A1:
# the rotation (W A3, B A2, B A1) of the completed cycle. Illegal.
44 play w pass
#? []
45 is_legal b a1
#? [0]
play b a1
# koban-error: [illegal move]
# Without a pass: White plays elsewhere (E5, unrelated to the footprint), and
# B A1 completes the same cycle again. Illegal too, unlike situational superko,
# where the stone on E5 makes the position new.
47 undo
#? []
48 play w e5
#? []
49 is_legal b a1
#? [0]
50 koban-rules ko=situational
#? [ko=situational scoring=area suicide=forbidden handicap=n]
51 is_legal b a1
#? [1]
