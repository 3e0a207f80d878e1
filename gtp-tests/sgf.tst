# loadsgf and printsgf. Paths are relative to the repository root.
boardsize 19
clear_board
play b q16
1 loadsgf gtp-tests/sgf/game9.sgf
#? []
2 list_stones black
#? [C3 E5 G7]
3 list_stones white
#? [G5 C7]
4 printsgf
#? [\(;FF\[4\]GM\[1\].*SZ\[9\]KM\[5\.5\].*]
# Position before move 3: two moves played.
5 loadsgf gtp-tests/sgf/game9.sgf 3
#? []
6 list_stones black
#? [E5]
7 list_stones white
#? [C7]
8 undo
#? []
9 undo
#? []
10 undo
#? [cannot undo]*
# Handicap stones are setup (not moves), and White moves first.
11 loadsgf gtp-tests/sgf/handicap9.sgf
#? []
12 list_stones black
#? [C3 C7 G7]
13 printsgf
#? [.*KM\[0\.5\].*HA\[2\]AB\[cg\]\[gc\]PL\[W\](\n.*)?]
14 undo
#? []
15 undo
#? []
16 undo
#? [cannot undo]*
# Setup with a rectangle, AE and PL.
17 loadsgf gtp-tests/sgf/setup7.sgf
#? []
18 list_stones black
#? [A6 B6 B7]
19 list_stones white
#? [E3 D4 C5]
# Unreadable files fail and change nothing.
20 loadsgf gtp-tests/sgf/does-not-exist.sgf
#? [cannot load file]*
21 loadsgf gtp-tests/sgf/truncated.sgf
#? [cannot load file]*
22 loadsgf gtp-tests/sgf/illegal.sgf
#? [cannot load file]*
23 loadsgf gtp-tests/sgf/chess.sgf
#? [cannot load file]*
24 loadsgf gtp-tests
#? [cannot load file]*
25 loadsgf gtp-tests/sgf/game9.sgf x
#? [syntax error.*]*
26 list_stones white
#? [E3 D4 C5]
# printsgf to a file, and back.
27 printsgf target/koban-sgf-roundtrip.sgf
#? []
28 boardsize 9
#? []
29 loadsgf target/koban-sgf-roundtrip.sgf
#? []
30 list_stones white
#? [E3 D4 C5]
31 list_stones black
#? [A6 B6 B7]
32 printsgf /nonexistent-dir/x.sgf
#? [cannot save file]*
