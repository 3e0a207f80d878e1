# Superko cases beyond T1/T2: sending two returning one, suicide superko, and
# undo removing positions from the history.
#
# Sending two returning one (5x5, Black to move):
#    A B C D E
#  5 . . . . .
#  4 X X . . .
#  3 . X . . .
#  2 X O . . .
#  1 . O . . .
# B A1 puts A1-A2 in atari (sends two), W A3 captures both, and B A2 captures A3
# (returns one), recreating P0 with White to move.
boardsize 5
koban-rules ko=positional
gogui-setup b a4 b b4 b b3 b a2 w b2 w b1
1 play b a1
#? []
2 play w a3
#? []
3 list_stones black
#? [B3 A4 B4]
# positional forbids the first return.
play b a2
# koban-error: [illegal move]
5 is_legal b a2
#? [0]
# situational allows one cycle (P0 with White to move is new) ...
6 koban-rules ko=situational
#? [ko=situational scoring=area suicide=forbidden handicap=n]
7 play b a2
#? []
8 list_stones white
#? [B1 B2]
9 play w pass
#? []
# ... then forbids sending two again: (P1, White to move) already occurred.
10 is_legal b a1
#? [0]
play b a1
# koban-error: [illegal move]
# simple allows both (neither capture is a basic ko).
12 koban-rules ko=simple
#? [ko=simple scoring=area suicide=forbidden handicap=n]
13 play b a1
#? []
#
# Suicide superko (5x5): White A2 B2 C1, Black plays A1, White passes, and Black
# B1 is a two-stone suicide that recreates P0.
#    A B C D E
#  2 O O . . .
#  1 . . O . .
clear_board
koban-rules tromp-taylor
gogui-setup w a2 w b2 w c1
14 play b a1
#? []
15 play w pass
#? []
# positional with suicide allowed: the suicide recreates P0, so it is illegal.
16 is_legal b b1
#? [0]
play b b1
# koban-error: [illegal move]
# situational: P0 with White to move never occurred, so it is legal.
18 koban-rules ko=situational
#? [ko=situational scoring=area suicide=allowed handicap=none]
19 play b b1
#? []
20 list_stones black
#? []
21 koban-ko_state
#? [ko: situational(\n.*)?]
22 undo
#? []
# With suicide forbidden it is illegal whatever the ko rule.
23 koban-rules suicide=forbidden
#? [ko=situational scoring=area suicide=forbidden handicap=none]
24 is_legal b b1
#? [0]
# A single-stone suicide is never legal, even with suicide allowed.
25 koban-rules suicide=allowed
#? [ko=situational scoring=area suicide=allowed handicap=none]
26 undo
#? []
27 is_legal b b1
#? [1]
28 undo
#? []
29 play w b1
#? []
30 is_legal b a1
#? [0]
play b a1
# koban-error: [illegal move]
101 is_legal b a1
#? [0]
# A rules change that makes a played suicide illegal is refused.
clear_board
gogui-setup w a2 w b2 w c1
play b a1
play w pass
play b b1
koban-rules suicide=forbidden
# koban-error: [move 3 of this game is illegal under .*; rules unchanged]
102 koban-rules
#? [ko=situational scoring=area suicide=allowed handicap=none]
#
# Undo removes positions from the history: a position that existed only in an
# undone line may be created again.
clear_board
koban-rules chinese
play b c3
play w d3
undo
undo
play w d3
33 play b c3
#? []
clear_board
koban-rules aga
play b c3
undo
34 play b c3
#? []
