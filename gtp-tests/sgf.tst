# loadsgf and printsgf. Paths are relative to this file's folder (gogui-regress
# runs the engine there, and so does tests/gtp_regress.rs).
boardsize 19
clear_board
play b q16
1 loadsgf sgf/game9.sgf
#? []
2 list_stones black
#? [C3 E5 G7]
3 list_stones white
#? [G5 C7]
4 printsgf
#? [\(;FF\[4\]GM\[1\].*SZ\[9\]KM\[5\.5\].*]
# Position before move 3: two moves played.
5 loadsgf sgf/game9.sgf 3
#? []
6 list_stones black
#? [E5]
7 list_stones white
#? [C7]
8 undo
#? []
9 undo
#? []
undo
# koban-error: [cannot undo]
# Handicap stones are setup (not moves), and White moves first.
11 loadsgf sgf/handicap9.sgf
#? []
12 list_stones black
#? [C3 C7 G7]
13 printsgf
#? [.*KM\[0\.5\].*HA\[2\]AB\[cg\]\[gc\]PL\[W\](\n.*)?]
14 undo
#? []
15 undo
#? []
undo
# koban-error: [cannot undo]
# Setup with a rectangle, AE and PL.
17 loadsgf sgf/setup7.sgf
#? []
18 list_stones black
#? [A6 B6 B7]
19 list_stones white
#? [E3 D4 C5]
# Unreadable files fail and change nothing.
loadsgf sgf/does-not-exist.sgf
# koban-error: [cannot load file]
101 list_stones white
#? [E3 D4 C5]
loadsgf sgf/truncated.sgf
# koban-error: [cannot load file]
102 list_stones white
#? [E3 D4 C5]
loadsgf sgf/illegal.sgf
# koban-error: [cannot load file]
103 list_stones white
#? [E3 D4 C5]
loadsgf sgf/chess.sgf
# koban-error: [cannot load file]
104 list_stones white
#? [E3 D4 C5]
loadsgf sgf
# koban-error: [cannot load file]
105 list_stones white
#? [E3 D4 C5]
loadsgf sgf/game9.sgf x
# koban-error: [syntax error.*]
26 list_stones white
#? [E3 D4 C5]
# printsgf to a file, and back.
27 printsgf sgf/roundtrip.out.sgf
#? []
28 boardsize 9
#? []
29 loadsgf sgf/roundtrip.out.sgf
#? []
30 list_stones white
#? [E3 D4 C5]
31 list_stones black
#? [A6 B6 B7]
printsgf /nonexistent-dir/x.sgf
# koban-error: [cannot save file]
106 list_stones black
#? [A6 B6 B7]
